#include "app/gui/overtimejob.h"

#include "core/analysis/analyzer.h"
#include "core/store/progress.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/storedclocks.h"

namespace xylem::gui {

namespace {

using Data = std::shared_ptr<const views::OverTimeData>;
using Report = std::shared_ptr<const AnalysisReport>;

// The run's tuples in the window (all of them without one).
Result<Run> runIn(store::Session& session, qint64 run, const std::optional<CallWindow>& window)
{
    XYLEM_TRY(loaded, store::loadRun(session, run));
    if (window && !window->isWholeRun()) {
        XYLEM_TRY(cut, cutToWindow(loaded->tuples, *window));
        loaded->tuples = std::move(cut->tuples);
    }
    return std::move(loaded).value();
}

Result<Data> computeOverTime(const std::string& path, qint64 run, Report report,
                             const std::optional<CallWindow>& window, size_t maxBuckets)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    XYLEM_TRY(loaded, runIn(session.value(), run, window));
    OverTimeAnalysis analysis = analyzeOverTime(loaded->configuration, loaded->tuples,
                                                OverTimeOptions{.maxBuckets = maxBuckets});
    auto data = std::make_shared<views::OverTimeData>(
        views::makeOverTimeData(loaded->configuration, std::move(analysis)));
    data->windowed = window && !window->isWholeRun();
    // The slowest calls need the report of these calls (its slowest class's representative, its
    // timemap): the one shown, else analysed here as the session analyses a stored run (its
    // clocks). A run without threads has no slowest calls, which is no failure of Over time.
    if (!report) {
        XYLEM_TRY(clocks, store::storedClockCoverage(session.value(), run));
        AnalysisOptions options;
        options.clocks = std::move(clocks).value();
        report = std::make_shared<const AnalysisReport>(
            analyze(loaded->configuration, loaded->tuples, options));
    }
    if (Result<Outliers> outliers = findOutliers(*report, loaded->tuples)) {
        data->outliers = std::move(outliers).value();
    }
    return Data(std::move(data));
}

} // namespace

OverTimeJob::OverTimeJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const xylem::views::OverTimeData>>();
}

void OverTimeJob::compute(const QString& sessionPath, qint64 run, Report report,
                          std::optional<CallWindow> window, size_t maxBuckets)
{
    m_lastRun = run;
    m_lastReport = report;
    m_lastWindow = window;
    runOffThread(
        this, m_requests.next(),
        [path = sessionPath.toStdString(), run, report = std::move(report),
         window = std::move(window), maxBuckets](const JobProgress&) {
            return computeOverTime(path, run, report, window, maxBuckets);
        },
        [run](OverTimeJob* self, Result<Data> data) {
            if (!data) {
                emit self->failed(tr("Cannot analyse run %1 over time: %2")
                                      .arg(run)
                                      .arg(QString::fromStdString(data.error().describe())));
                return;
            }
            emit self->available(run, std::move(data).value());
        });
}

void OverTimeJob::cancel()
{
    m_requests.cancel();
    m_lastRun = -1;
    m_lastReport.reset();
    m_lastWindow.reset();
}

} // namespace xylem::gui
