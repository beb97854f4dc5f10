#include "app/gui/runpanel.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace xylem::gui {

namespace {
constexpr int kRunRole = Qt::UserRole;
constexpr int kNameRole = Qt::UserRole + 1;
constexpr int kNotesRole = Qt::UserRole + 2;
constexpr int kSummaryRole = Qt::UserRole + 3;
constexpr int kNotesPauseMs = 800;
} // namespace

RunPanel::RunPanel(QWidget* parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_notes(new QPlainTextEdit(this))
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
    connect(m_list, &QListWidget::itemDoubleClicked, this, &RunPanel::renameCurrent);
    m_notesPause.setSingleShot(true);
    m_notesPause.setInterval(kNotesPauseMs);
    connect(&m_notesPause, &QTimer::timeout, this, &RunPanel::flushNotes);
    connect(m_notes, &QPlainTextEdit::textChanged, this, [this] {
        if (m_notesRun > 0) {
            m_notesPause.start();
        }
    });
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        flushNotes();
        showNotesOf(item);
        if (item) {
            emit runChosen(item->data(kRunRole).toLongLong());
        }
    });
}

bool RunPanel::chooseRun(qint64 run)
{
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        if (item->data(kRunRole).toLongLong() == run) {
            m_list->setCurrentItem(item); // currentItemChanged emits runChosen
            return true;
        }
    }
    return false;
}

void RunPanel::setRuns(const QVector<RunEntry>& runs, qint64 preferred)
{
    flushNotes();
    const QSignalBlocker quiet(m_list);
    m_list->clear();
    QListWidgetItem* chosen = nullptr;
    for (const RunEntry& r : runs) {
        auto* item = new QListWidgetItem(m_list);
        item->setData(kRunRole, r.id);
        item->setData(kNameRole, r.name);
        item->setData(kNotesRole, r.notes);
        item->setData(kSummaryRole,
                      tr("%1 calls, %2 tuples (%3)").arg(r.calls).arg(r.tuples).arg(r.status));
        item->setToolTip(r.source);
        describe(item);
        if (!chosen || r.id == preferred || preferred < 0) { // < 0: the newest
            chosen = item;
        }
    }
    m_list->setCurrentItem(chosen);
    showNotesOf(chosen);
    if (chosen) {
        emit runChosen(chosen->data(kRunRole).toLongLong());
    }
}

qint64 RunPanel::currentRun() const
{
    const QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(kRunRole).toLongLong() : 0;
}

QString RunPanel::currentName() const
{
    const QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(kNameRole).toString() : QString();
}

void RunPanel::applyName(qint64 run, const QString& name)
{
    if (QListWidgetItem* item = itemOf(run)) {
        item->setData(kNameRole, name);
        describe(item);
    }
}

void RunPanel::applyNotes(qint64 run, const QString& notes)
{
    if (QListWidgetItem* item = itemOf(run)) {
        item->setData(kNotesRole, notes);
    }
}

void RunPanel::renameCurrent()
{
    const qint64 run = currentRun();
    if (run == 0) {
        return;
    }
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename Run"), tr("Name of run %1:").arg(run),
                              QLineEdit::Normal, currentName(), &ok);
    if (ok && name.trimmed() != currentName()) {
        emit renameRequested(run, name.trimmed());
    }
}

void RunPanel::flushNotes()
{
    m_notesPause.stop();
    QListWidgetItem* item = itemOf(m_notesRun);
    if (!item) {
        return;
    }
    const QString text = m_notes->toPlainText();
    if (text != item->data(kNotesRole).toString()) {
        item->setData(kNotesRole, text); // shown as sent; a failure is reported by the caller
        emit notesEdited(m_notesRun, text);
    }
}

QListWidgetItem* RunPanel::itemOf(qint64 run) const
{
    for (int row = 0; run > 0 && row < m_list->count(); ++row) {
        if (m_list->item(row)->data(kRunRole).toLongLong() == run) {
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
    m_notesRun = item ? item->data(kRunRole).toLongLong() : 0;
    m_notes->setPlainText(item ? item->data(kNotesRole).toString() : QString());
    m_notes->setEnabled(item != nullptr);
}

} // namespace xylem::gui
