#include "app/gui/overtimejob.h"

#include "core/analysis/analyzer.h"
#include "core/store/progress.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/storedclocks.h"

namespace xylem::gui {

namespace {

using Data = std::shared_ptr<const views::OverTimeData>;

Result<Data> computeOverTime(const std::string& path, qint64 run, size_t maxBuckets)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    XYLEM_TRY(loaded, store::loadRun(session.value(), run));
    XYLEM_TRY(clocks, store::storedClockCoverage(session.value(), run));
    OverTimeAnalysis analysis = analyzeOverTime(loaded->configuration, loaded->tuples,
                                                OverTimeOptions{.maxBuckets = maxBuckets});
    auto data = std::make_shared<views::OverTimeData>(
        views::makeOverTimeData(loaded->configuration, std::move(analysis)));
    // The slowest calls need the run's report (its slowest class's representative, its
    // timemap): analysed here again, as the session analyses a stored run (its clocks), since
    // the shown report may be of a window of the run and outliers.h wants these very tuples.
    // A run without threads has no slowest calls, which is no failure of Over time.
    AnalysisOptions options;
    options.clocks = std::move(clocks).value();
    const AnalysisReport report = analyze(loaded->configuration, loaded->tuples, options);
    if (Result<Outliers> outliers = findOutliers(report, loaded->tuples)) {
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

void OverTimeJob::compute(const QString& sessionPath, qint64 run, size_t maxBuckets)
{
    runOffThread(
        this, m_requests.next(),
        [path = sessionPath.toStdString(), run, maxBuckets](const JobProgress&) {
            return computeOverTime(path, run, maxBuckets);
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

} // namespace xylem::gui
