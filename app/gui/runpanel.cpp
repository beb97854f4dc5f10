#include "app/gui/runpanel.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include <utility>

namespace xylem::gui {

namespace {
constexpr int kRunRole = Qt::UserRole;
constexpr int kNameRole = Qt::UserRole + 1;
constexpr int kNotesRole = Qt::UserRole + 2;
constexpr int kSummaryRole = Qt::UserRole + 3;
constexpr int kSessionRole = Qt::UserRole + 4;
constexpr int kHeaderRole = Qt::UserRole + 5; // true on a session's header row
constexpr int kNotesPauseMs = 800;

bool isHeader(const QListWidgetItem* item)
{
    return item && item->data(kHeaderRole).toBool();
}

RunKey keyOf(const QListWidgetItem* item)
{
    return item && !isHeader(item)
               ? RunKey{item->data(kSessionRole).toString(), item->data(kRunRole).toLongLong()}
               : RunKey{};
}
} // namespace

RunPanel::RunPanel(QWidget* parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_notes(new QPlainTextEdit(this))
    , m_closeSession(new QAction(tr("&Close Session"), m_list))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 3);
    layout->addWidget(new QLabel(tr("Notes on this run:"), this));
    layout->addWidget(m_notes, 1);
    m_notes->setPlaceholderText(tr("What was special about this run…"));
    m_notes->setEnabled(false);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* rename = new QAction(tr("&Rename Run…"), m_list);
    rename->setShortcut(Qt::Key_F2);
    rename->setShortcutContext(Qt::WidgetShortcut);
    m_list->addAction(rename);
    connect(rename, &QAction::triggered, this, &RunPanel::renameCurrent);
    m_closeSession->setToolTip(
        tr("Close the session of this run (or header); the other sessions stay open"));
    m_closeSession->setEnabled(false);
    m_list->addAction(m_closeSession);
    m_list->viewport()->installEventFilter(this);
    connect(m_closeSession, &QAction::triggered, this, [this] {
        const QString session =
            !m_menuSession.isEmpty() ? std::exchange(m_menuSession, {}) : currentKey().session;
        if (!session.isEmpty()) {
            emit closeSessionRequested(session);
        }
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        if (!isHeader(item)) {
            renameCurrent();
        }
    });
    m_notesPause.setSingleShot(true);
    m_notesPause.setInterval(kNotesPauseMs);
    connect(&m_notesPause, &QTimer::timeout, this, &RunPanel::flushNotes);
    connect(m_notes, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_notesKey.isNull()) {
            m_notesPause.start();
        }
    });
    connect(m_list, &QListWidget::currentItemChanged, this,
            [this](QListWidgetItem* item, QListWidgetItem* previous) {
                if (isHeader(item)) { // a click on a header: the run chosen stays
                    const QSignalBlocker quiet(m_list);
                    m_list->setCurrentItem(previous);
                    return;
                }
                flushNotes();
                showNotesOf(item);
                if (item) {
                    emit runChosen(keyOf(item));
                }
            });
}

bool RunPanel::chooseRun(qint64 run)
{
    const QStringList listed = sessions();
    const QString session = !currentKey().isNull() ? currentKey().session
                            : listed.isEmpty()     ? QString()
                                                   : listed.first();
    return chooseRun(RunKey{session, run});
}

bool RunPanel::chooseRun(const RunKey& key)
{
    QListWidgetItem* item = itemOf(key);
    if (item) {
        m_list->setCurrentItem(item); // currentItemChanged emits runChosen
    }
    return item != nullptr;
}

QListWidgetItem* RunPanel::addItem(const QString& session, const RunEntry& r)
{
    auto* item = new QListWidgetItem(m_list);
    item->setData(kSessionRole, session);
    item->setData(kRunRole, r.id);
    item->setData(kNameRole, r.name);
    item->setData(kNotesRole, r.notes);
    item->setData(kSummaryRole,
                  tr("%1 calls, %2 tuples (%3)").arg(r.calls).arg(r.tuples).arg(r.status));
    item->setToolTip(r.source);
    describe(item);
    return item;
}

void RunPanel::setRuns(const QVector<RunEntry>& runs, qint64 preferred, const QString& session)
{
    flushNotes();
    {
        const QSignalBlocker quiet(m_list);
        m_list->clear();
    }
    addSession(session, runs, preferred);
}

void RunPanel::addSession(const QString& session, const QVector<RunEntry>& runs,
                          std::optional<qint64> preferred)
{
    flushNotes();
    const QSignalBlocker quiet(m_list);
    for (int row = m_list->count() - 1; row >= 0; --row) { // its runs listed before
        if (m_list->item(row)->data(kSessionRole).toString() == session) {
            delete m_list->takeItem(row);
        }
    }
    QListWidgetItem* chosen = nullptr;
    for (const RunEntry& r : runs) {
        QListWidgetItem* item = addItem(session, r);
        if (preferred && (!chosen || r.id == *preferred || *preferred < 0)) { // < 0: the newest
            chosen = item;
        }
    }
    updateHeaders();
    if (!chosen) { // only listed, or a session without runs: the current run, if any, stays
        showNotesOf(m_list->currentItem());
        return;
    }
    m_list->setCurrentItem(chosen);
    showNotesOf(chosen);
    emit runChosen(keyOf(chosen));
}

void RunPanel::removeSession(const QString& session)
{
    flushNotes();
    const bool wasCurrent = currentKey().session == session;
    {
        const QSignalBlocker quiet(m_list);
        for (int row = m_list->count() - 1; row >= 0; --row) {
            if (m_list->item(row)->data(kSessionRole).toString() == session) {
                delete m_list->takeItem(row);
            }
        }
        updateHeaders();
        if (wasCurrent) {
            m_list->setCurrentItem(nullptr);
        }
    }
    if (!wasCurrent) {
        return;
    }
    showNotesOf(nullptr);
    if (const std::vector<RunKey> keys = runKeys(); !keys.empty()) {
        chooseRun(keys.front());
    }
}

QStringList RunPanel::sessions() const
{
    QStringList listed;
    for (int row = 0; row < m_list->count(); ++row) {
        const QString session = m_list->item(row)->data(kSessionRole).toString();
        if (!isHeader(m_list->item(row)) && !listed.contains(session)) {
            listed.push_back(session);
        }
    }
    return listed;
}

void RunPanel::updateHeaders()
{
    for (int row = m_list->count() - 1; row >= 0; --row) {
        if (isHeader(m_list->item(row))) {
            delete m_list->takeItem(row);
        }
    }
    const QStringList listed = sessions();
    m_closeSession->setEnabled(listed.size() > 1);
    if (listed.size() < 2) {
        return;
    }
    QString previous;
    for (int row = 0; row < m_list->count(); ++row) {
        const QString session = m_list->item(row)->data(kSessionRole).toString();
        if (row > 0 && session == previous) {
            continue;
        }
        previous = session;
        auto* header = new QListWidgetItem(QFileInfo(session).fileName());
        header->setData(kHeaderRole, true);
        header->setData(kSessionRole, session);
        header->setToolTip(session);
        header->setFlags(Qt::ItemIsEnabled); // not a run: it cannot be chosen
        QFont bold = header->font();
        bold.setBold(true);
        header->setFont(bold);
        header->setBackground(palette().alternateBase());
        m_list->insertItem(row, header);
        ++row; // past the header, onto the session's first run
    }
}

bool RunPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_list->viewport() && event->type() == QEvent::ContextMenu) {
        const QListWidgetItem* item =
            m_list->itemAt(static_cast<QContextMenuEvent*>(event)->pos());
        m_menuSession = item ? item->data(kSessionRole).toString() : currentKey().session;
    }
    return QWidget::eventFilter(watched, event);
}

qint64 RunPanel::currentRun() const
{
    return currentKey().run;
}

RunKey RunPanel::currentKey() const
{
    return keyOf(m_list->currentItem());
}

QString RunPanel::currentName() const
{
    return nameOf(currentKey());
}

QString RunPanel::nameOf(const RunKey& key) const
{
    const QListWidgetItem* item = itemOf(key);
    return item ? item->data(kNameRole).toString() : QString();
}

std::vector<RunKey> RunPanel::runKeys() const
{
    std::vector<RunKey> keys;
    for (int row = 0; row < m_list->count(); ++row) {
        if (!isHeader(m_list->item(row))) {
            keys.push_back(keyOf(m_list->item(row)));
        }
    }
    return keys;
}

void RunPanel::applyName(const RunKey& key, const QString& name)
{
    if (QListWidgetItem* item = itemOf(key)) {
        item->setData(kNameRole, name);
        describe(item);
    }
}

void RunPanel::applyNotes(const RunKey& key, const QString& notes)
{
    if (QListWidgetItem* item = itemOf(key)) {
        item->setData(kNotesRole, notes);
    }
}

void RunPanel::renameCurrent()
{
    const RunKey key = currentKey();
    if (key.isNull()) {
        return;
    }
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename Run"), tr("Name of run %1:").arg(key.run),
                              QLineEdit::Normal, currentName(), &ok);
    if (ok && name.trimmed() != currentName()) {
        emit renameRequested(key, name.trimmed());
    }
}

void RunPanel::flushNotes()
{
    m_notesPause.stop();
    QListWidgetItem* item = itemOf(m_notesKey);
    if (!item) {
        return;
    }
    const QString text = m_notes->toPlainText();
    if (text != item->data(kNotesRole).toString()) {
        item->setData(kNotesRole, text); // shown as sent; a failure is reported by the caller
        emit notesEdited(m_notesKey, text);
    }
}

QListWidgetItem* RunPanel::itemOf(const RunKey& key) const
{
    for (int row = 0; !key.isNull() && row < m_list->count(); ++row) {
        if (keyOf(m_list->item(row)) == key) {
            return m_list->item(row);
        }
    }
    return nullptr;
}

void RunPanel::describe(QListWidgetItem* item) const
{
    const QString name = item->data(kNameRole).toString();
    item->setText(
        QStringLiteral("%1  %2\n%3")
            .arg(item->data(kRunRole).toLongLong())
            .arg(name.isEmpty() ? tr("(unnamed)") : name, item->data(kSummaryRole).toString()));
}

void RunPanel::showNotesOf(QListWidgetItem* item)
{
    const QSignalBlocker quiet(m_notes);
    const bool isRun = item && !isHeader(item);
    m_notesKey = keyOf(item);
    m_notes->setPlainText(isRun ? item->data(kNotesRole).toString() : QString());
    m_notes->setEnabled(isRun);
}

} // namespace xylem::gui
