#pragma once

// The runs of the open sessions, in a dock: choose the run the views show, rename it (F2,
// double-click or the context menu), keep notes on it (saved a moment after typing stops, or
// when another run is chosen) and close a session when several are open (the context menu).
// With more than one session open, each session's runs are grouped under a header row that
// names its file. The panel only asks; SessionController writes the file and the panel shows
// what was written (applyName, applyNotes).

#include "app/gui/runkey.h"
#include "app/gui/sessioncontroller.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;

namespace xylem::gui {

class RunPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunPanel(QWidget* parent = nullptr);

    // Lists the runs of one session, the only one, and makes preferred current (the newest when
    // preferred < 0, else the first when preferred is not among them).
    void setRuns(const QVector<RunEntry>& runs, qint64 preferred, const QString& session = {});
    // Lists a session's runs after those listed (in place of its runs when it is listed
    // already) and makes preferred of them current, as setRuns; nullopt: the current run stays.
    void addSession(const QString& session, const QVector<RunEntry>& runs,
                    std::optional<qint64> preferred);
    // Takes a session's runs off the list; when the current run was one, none is current.
    void removeSession(const QString& session);
    QStringList sessions() const; // in the order listed
    qint64 currentRun() const; // 0 when none
    RunKey currentKey() const; // null when none
    // Makes the run current, which has it analysed; false when the list holds no such run.
    // The id alone names a run of the current run's session (else of the first session).
    bool chooseRun(qint64 run);
    bool chooseRun(const RunKey& key);
    QString currentName() const;
    QString nameOf(const RunKey& key) const;
    std::vector<RunKey> runKeys() const; // every run listed, in the list's order
    void applyName(const RunKey& key, const QString& name);
    void applyNotes(const RunKey& key, const QString& notes);
    // Asks for a new name of the current run (a dialog).
    void renameCurrent();
    // Sends notes typed but not yet sent (before the session is closed or saved).
    void flushNotes();

    QSize sizeHint() const override { return {260, 480}; } // the views get the width
    QListWidget* list() const { return m_list; }
    QPlainTextEdit* notes() const { return m_notes; }
    QAction* closeSessionAction() const { return m_closeSession; }

signals:
    void runChosen(const xylem::gui::RunKey& key);
    void renameRequested(const xylem::gui::RunKey& key, const QString& name);
    void notesEdited(const xylem::gui::RunKey& key, const QString& notes);
    // Close Session on a session's header or one of its runs.
    void closeSessionRequested(const QString& session);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override; // the item a menu opens on

private:
    QListWidgetItem* itemOf(const RunKey& key) const;
    QListWidgetItem* addItem(const QString& session, const RunEntry& r);
    void describe(QListWidgetItem* item) const;
    void showNotesOf(QListWidgetItem* item);
    // A header row above each session's runs when more than one session is listed; none else.
    void updateHeaders();

    QListWidget* m_list;
    QPlainTextEdit* m_notes;
    QAction* m_closeSession;
    QTimer m_notesPause;
    RunKey m_notesKey;     // the run the editor's text belongs to
    QString m_menuSession; // of the row the context menu opened on (else the current run's)
};

} // namespace xylem::gui
