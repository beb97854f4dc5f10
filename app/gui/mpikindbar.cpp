#include "app/gui/mpikindbar.h"

#include "app/gui/offthread.h"
#include "core/analysis/stageguard.h"

#include <QComboBox>
#include <QLabel>
#include <QStandardItemModel>

namespace xylem::gui {

namespace {

constexpr int kRunRole = Qt::UserRole;

QString duration(double ns)
{
    if (ns >= 1e9) {
        return MpiKindBar::tr("%1 s").arg(ns / 1e9, 0, 'f', 2);
    }
    if (ns >= 1e6) {
        return MpiKindBar::tr("%1 ms").arg(ns / 1e6, 0, 'f', 1);
    }
    return MpiKindBar::tr("%1 µs").arg(ns / 1e3, 0, 'f', 1);
}

} // namespace

MpiKindBar::MpiKindBar(SessionController* controller, RunPanel* runs, QWidget* parent)
    : QToolBar(tr("MPI Kind"), parent)
    , m_controller(controller)
    , m_runs(runs)
    , m_combo(new QComboBox(this))
    , m_guard(new QLabel(this))
{
    setObjectName(QStringLiteral("mpiKindBar"));
    auto* label = new QLabel(tr(" MPI kind: "), this);
    m_labelAction = addWidget(label);
    m_comboAction = addWidget(m_combo);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setToolTip(tr("Each MPI collective kind on each communicator is a run of its own: "
                           "mixing kinds gives meaningless stages"));
    addSeparator();
    m_guardAction = addWidget(m_guard);
    m_guard->setStyleSheet(QStringLiteral("color: #a40000; padding-left: 6px;"));
    m_guard->setWordWrap(false);
    hide();
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const qint64 run = m_combo->itemData(index, kRunRole).toLongLong();
        if (run > 0 && run != m_run) {
            m_runs->chooseRun(run);
        }
    });
    connect(controller, &SessionController::reportAvailable, this,
            [this](qint64 run, std::shared_ptr<const AnalysisReport> report) {
                m_report = std::move(report);
                m_guard->clear();
                load(run);
            });
    connect(controller, &SessionController::clocksAvailable, this,
            [this](qint64 run, std::shared_ptr<const RunClocks> clocks) {
                if (run == m_run && m_report) {
                    setGuard(*m_report, clocks->clocks);
                }
            });
}

void MpiKindBar::load(qint64 run)
{
    m_run = run;
    using Kinds = std::optional<std::vector<MpiKindEntry>>;
    runOffThread(
        this, Ticket(),
        [path = m_controller->sessionPath().toStdString(),
         run](const JobProgress&) -> Result<Kinds> {
            XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
            return loadMpiKinds(session.value(), run);
        },
        [run](MpiKindBar* self, Result<Kinds> kinds) {
            if (self->m_run == run) { // not a run chosen since
                self->setKinds(run, kinds && kinds.value() ? *kinds.value()
                                                           : std::vector<MpiKindEntry>{});
            }
        });
}

void MpiKindBar::setKinds(qint64 run, const std::vector<MpiKindEntry>& kinds)
{
    m_run = run;
    const QSignalBlocker quiet(m_combo);
    m_combo->clear();
    auto* model = qobject_cast<QStandardItemModel*>(m_combo->model());
    for (const MpiKindEntry& k : kinds) {
        QString text = QStringLiteral("%1 · %2 (%3)")
                           .arg(QString::fromStdString(k.call), QString::fromStdString(k.communicator),
                                duration(static_cast<double>(k.timeNs)));
        if (!k.stageTree) {
            text += tr(" — no stage tree: see Wait states");
        } else if (k.run == 0) {
            text += tr(" — not stored as a run");
        }
        m_combo->addItem(text, QVariant::fromValue<qint64>(k.run));
        QStandardItem* item = model ? model->item(m_combo->count() - 1) : nullptr;
        if (item && k.run == 0) {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
            item->setToolTip(k.stageTree ? tr("This kind was not stored as a run of its own")
                                         : tr("A rooted or prefix collective lets ranks leave "
                                              "before the last arrives: it has no stage tree. Its "
                                              "waiting is in the Wait states view."));
        }
        if (k.run == run) {
            m_combo->setCurrentIndex(m_combo->count() - 1);
        }
    }
    updateVisibility();
}

void MpiKindBar::setGuard(const AnalysisReport& report, const std::vector<HostClock>& clocks)
{
    const StageGuard guard = checkStages(report, clocks);
    m_guard->setText(guard.clean() ? QString()
                                   : tr("Negative stage: %1").arg(QString::fromStdString(
                                         describe(guard, report))));
    updateVisibility();
}

void MpiKindBar::updateVisibility()
{
    m_labelAction->setVisible(m_combo->count() > 0);
    m_comboAction->setVisible(m_combo->count() > 0);
    m_guardAction->setVisible(!m_guard->text().isEmpty());
    setVisible(m_combo->count() > 0 || !m_guard->text().isEmpty());
}

} // namespace xylem::gui
