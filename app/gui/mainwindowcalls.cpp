// MainWindow's views of calls (issue 23, items 2 and 3): One call, loaded by CallDetailJob when
// asked for (a seq, the timeline's double-click, or the run's slowest call when the view is
// raised with nothing of the run in it), and Over time, analysed by OverTimeJob for every
// stored run shown, whose periodic outliers join the overview's findings.

#include "app/gui/calldetailjob.h"
#include "app/gui/mainwindow.h"
#include "app/gui/overtimejob.h"
#include "app/gui/timelinecalllink.h"
#include "core/analysis/calldetail.h"
#include "core/analysis/reporttables.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "views/callview.h"
#include "views/overtimeview.h"
#include "views/tablepage.h"
#include "views/timelineview.h"

#include <QDockWidget>
#include <QLabel>

#include <algorithm>

namespace xylem::gui {

namespace {

// The seq of the slowest complete call that starts in the window, by the stored per-call
// operation times, ties to the later call as metrics.md §1 orders them (the order callNeighbours
// and the outlier lists use); nullopt when no call starts there.
Result<std::optional<std::int64_t>> slowestIn(store::Session& session, qint64 run,
                                              store::TimeWindow window)
{
    XYLEM_TRY(calls, store::loadCallsIn(session, run, window));
    return slowestCall(calls.value());
}

// Without a window, the run's: its slowest call starts in the bucket of the run's summary with
// the largest max (the later of equal ones), so only that bucket's call records are read, not
// the records of every call of a run of millions.
Result<std::optional<std::int64_t>> slowestStoredCall(const std::string& path, qint64 run,
                                                      std::optional<store::TimeWindow> window)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    if (window) {
        return slowestIn(session.value(), run, *window);
    }
    constexpr size_t kBuckets = 256;
    XYLEM_TRY(overview,
              store::timelineOverview(session.value(), run, store::kOperationSeries, kBuckets));
    const store::TimelineBucket* top = nullptr;
    for (const store::TimelineBucket& b : overview->buckets) {
        top = !top || b.max >= top->max ? &b : top;
    }
    if (!top) {
        return std::optional<std::int64_t>();
    }
    return slowestIn(session.value(), run, {top->startNs, top->endNs});
}

} // namespace

void MainWindow::buildCallViews()
{
    m_callView = new views::CallView(this);
    m_overTime = new views::OverTimeView(this);
    m_callJob = new CallDetailJob(this);
    m_overTimeJob = new OverTimeJob(this);
    forgetCalls();
    connect(m_callView, &views::CallView::callRequested, this, [this](std::int64_t seq) {
        const qint64 run = m_callRun > 0 ? m_callRun : m_shownRun;
        if (run != kLiveRun) {
            showCall(run, seq);
        }
    });
    connect(m_callJob, &CallDetailJob::available, this,
            [this](qint64 run, std::shared_ptr<const LoadedCall> call) {
                if (run == m_callRun) {
                    m_callView->setCall(call->detail, call->neighbours, call->firstSeq,
                                        call->lastSeq);
                }
            });
    connect(m_callJob, &CallDetailJob::failed, this,
            [this](qint64 run, qint64, const QString& message) {
                if (run == m_callRun) {
                    m_callView->showError(message);
                }
            });
    connect(m_overTimeJob, &OverTimeJob::available, this,
            [this](qint64 run, std::shared_ptr<const views::OverTimeData> overTime) {
                if (run == m_overTimeRun) {
                    m_overTime->setData(overTime);
                    m_tables->setSlowestCalls(outlierTable(overTime->outliers));
                    showPeriodicOutliers(run, overTime->analysis.periodic);
                }
            });
    // Only the newest request reports, and it is the shown run's (followRunInCallViews).
    connect(m_overTimeJob, &OverTimeJob::failed, m_overTime, &views::OverTimeView::clear);
    connect(&m_controller, &SessionController::timelineAvailable, this,
            [this](qint64 run, const store::TimelineSlice& operation) {
                if (run == m_shownRun) {
                    m_timelineOperation = operation;
                }
            });
    // The Tables page's slowest calls are always m_overTimeRun's (cleared when it changes).
    connect(m_tables, &views::TablePage::callRequested, this, [this](qint64 seq) {
        if (m_overTimeRun > 0) {
            showCall(m_overTimeRun, seq);
        }
    });
    auto* link = new TimelineCallLink(m_timeline, this);
    connect(link, &TimelineCallLink::callWanted, this, &MainWindow::showSlowestCallAt);
}

void MainWindow::showCall(qint64 run, qint64 seq)
{
    m_slowestRequests.cancel(); // a lookup under way would open another call after this one
    m_callRun = run;
    showView(View::Call);
    m_callJob->request(m_controller.sessionPath(), run, seq);
}

// The bucket the timeline draws at atNs, else the nearest within one bucket's width (a
// double-click beside a lone call's bucket still finds it).
void MainWindow::showSlowestCallAt(std::int64_t atNs)
{
    if (m_shownRun == kLiveRun || !m_report) {
        m_status->setText(tr("A call can be opened once its run is stored."));
        return;
    }
    const store::TimelineBucket* nearest = nullptr;
    std::int64_t nearestGap = 0;
    for (const store::TimelineBucket& b : m_timelineOperation.buckets) {
        const std::int64_t gap =
            std::max({b.startNs - atNs, atNs - (b.endNs - 1), std::int64_t{0}});
        if (gap <= b.endNs - b.startNs && (!nearest || gap < nearestGap)) {
            nearest = &b;
            nearestGap = gap;
        }
    }
    if (!nearest) {
        m_status->setText(tr("No call starts there."));
        return;
    }
    showSlowestCall(m_shownRun, store::TimeWindow{nearest->startNs, nearest->endNs});
}

void MainWindow::showSlowestCall(qint64 run, std::optional<store::TimeWindow> window)
{
    runOffThread(
        this, m_slowestRequests.next(),
        [path = m_controller.sessionPath().toStdString(), run, window](const JobProgress&) {
            return slowestStoredCall(path, run, window);
        },
        [run](MainWindow* self, Result<std::optional<std::int64_t>> seq) {
            if (run != self->m_shownRun) {
                return;
            }
            if (!seq) {
                self->m_callView->showError(
                    tr("Cannot read the calls of run %1: %2")
                        .arg(run)
                        .arg(QString::fromStdString(seq.error().describe())));
            } else if (!seq.value()) {
                self->m_status->setText(tr("No complete call starts there."));
            } else {
                self->showCall(run, *seq.value());
            }
        });
}

// A stored run is shown: Over time analyses it (for the overview's periodic outliers too), and
// One call, when in sight, opens the run's slowest call; out of sight it does so when raised.
void MainWindow::followRunInCallViews(qint64 run)
{
    if (run == kLiveRun) {
        return;
    }
    if (run != m_overTimeRun) {
        m_overTimeRun = run;
        m_timelineOperation = {}; // the run's own comes with its timeline
        m_overTime->clear(tr("Analysing run %1 over time…").arg(run));
        m_tables->setSlowestCalls({});
        m_overTimeJob->compute(m_controller.sessionPath(), run);
    }
    if (run != m_callRun && m_callInSight) {
        m_callRun = -1;
        showSlowestCall(run, std::nullopt);
    }
}

void MainWindow::forgetCalls(const QString& why)
{
    m_callJob->cancel();
    m_overTimeJob->cancel();
    m_slowestRequests.cancel();
    m_callRun = -1;
    m_overTimeRun = -1;
    m_timelineOperation = {};
    const QString text =
        !why.isEmpty() ? why
                       : tr("Open a session: a call of its run is shown here, the slowest first; "
                            "double-click the timeline to open the slowest call of a moment.");
    m_callView->showError(text);
    m_overTime->clear(text);
    m_tables->setSlowestCalls({});
}

} // namespace xylem::gui
