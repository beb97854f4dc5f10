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
#include "core/store/sloweststoredcall.h"
#include "core/store/timeline.h"
#include "core/store/windowedanalysis.h"
#include "views/callview.h"
#include "views/overtimeview.h"
#include "views/tablepage.h"
#include "views/timelineview.h"

#include <QDockWidget>
#include <QLabel>

#include <algorithm>

namespace xylem::gui {

namespace {

// The seq of the slowest complete call that starts in the window (the run without one), ties to
// the later call (core/store/sloweststoredcall.h).
Result<std::optional<std::int64_t>> slowestStoredCall(const std::string& path, qint64 run,
                                                      std::optional<store::TimeWindow> window)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    return store::slowestStoredCall(session.value(), run, window);
}

// The analysis window of the report shown (nullopt: the whole run), as a span in ns on the run's
// clock and as the window core cuts calls with; origin is the run's first down.
std::optional<store::TimeWindow> spanOf(const std::optional<std::pair<std::int64_t, std::int64_t>>& ns)
{
    return ns ? std::optional(store::TimeWindow{ns->first, ns->second}) : std::nullopt;
}

std::optional<CallWindow> callWindowOf(
    const std::optional<std::pair<std::int64_t, std::int64_t>>& ns, std::int64_t origin)
{
    return ns ? std::optional(store::windowOfSpan(ns->first, ns->second, origin)) : std::nullopt;
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
    store::TimeWindow bucket{nearest->startNs, nearest->endNs};
    if (const auto span = spanOf(shownWindowNs())) { // only calls of the window analysed
        bucket = {std::max(bucket.fromNs, span->fromNs), std::min(bucket.toNs, span->toNs)};
        if (bucket.fromNs >= bucket.toNs) {
            m_status->setText(tr("No call of the analysis window starts there."));
            return;
        }
    }
    showSlowestCall(m_shownRun, bucket);
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

// A stored run is shown: Over time analyses it in the analysis window with the report shown (for
// the overview's periodic outliers too), again when the report or the window changes; and One
// call, when in sight, opens the slowest call of the run's window; out of sight it does so when
// raised.
void MainWindow::followRunInCallViews(qint64 run)
{
    if (run == kLiveRun) {
        return;
    }
    const auto origin = m_spans.find(m_shownKey);
    const std::optional<CallWindow> window =
        callWindowOf(shownWindowNs(), origin != m_spans.end() ? origin->second.first : 0);
    if (run != m_overTimeRun || m_overTimeJob->lastRun() != run ||
        m_overTimeJob->lastReport() != m_report || m_overTimeJob->lastWindow() != window) {
        if (run != m_overTimeRun) {
            m_timelineOperation = {}; // the run's own comes with its timeline
        }
        m_overTimeRun = run;
        m_overTime->clear(tr("Analysing run %1 over time…").arg(run));
        m_tables->setSlowestCalls({});
        m_overTimeJob->compute(m_controller.sessionPath(), run, m_report, window);
    }
    if (run != m_callRun && m_callInSight) {
        m_callRun = -1;
        showSlowestCall(run, spanOf(shownWindowNs()));
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
