#pragma once

// The runs of the open session, in a dock: choose the run the views show, rename it (F2,
// double-click or the context menu) and keep notes on it (saved a moment after typing stops,
// or when another run is chosen). The panel only asks; SessionController writes the file and
// the panel shows what was written (applyName, applyNotes).

#include "app/gui/sessioncontroller.h"

#include <QTimer>
#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;

namespace xylem::gui {

class RunPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunPanel(QWidget* parent = nullptr);

    // Lists runs and makes preferred current (the newest when preferred < 0, else the first
    // when preferred is not among them).
    void setRuns(const QVector<RunEntry>& runs, qint64 preferred);
    qint64 currentRun() const; // 0 when none
    // Makes the run current, which has it analysed; false when the list holds no such run.
    bool chooseRun(qint64 run);
    QString currentName() const;
    void applyName(qint64 run, const QString& name);
    void applyNotes(qint64 run, const QString& notes);
    // Asks for a new name of the current run (a dialog).
    void renameCurrent();
    // Sends notes typed but not yet sent (before the session is closed or saved).
    void flushNotes();

    QSize sizeHint() const override { return {260, 480}; } // the views get the width
    QListWidget* list() const { return m_list; }
    QPlainTextEdit* notes() const { return m_notes; }

signals:
    void runChosen(qint64 run);
    void renameRequested(qint64 run, const QString& name);
    void notesEdited(qint64 run, const QString& notes);

private:
    QListWidgetItem* itemOf(qint64 run) const;
    void describe(QListWidgetItem* item) const;
    void showNotesOf(QListWidgetItem* item);

    QListWidget* m_list;
    QPlainTextEdit* m_notes;
    QTimer m_notesPause;
    qint64 m_notesRun = 0; // the run the editor's text belongs to
};

} // namespace xylem::gui
