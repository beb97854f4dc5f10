#include "app/cli/runinsights.h"

#include "app/cli/durationformat.h"
#include "app/cli/findingstext.h"
#include "core/analysis/findingsjson.h"
#include "core/analysis/overtimejson.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"

namespace xylem::cli {

namespace {

struct SessionRun
{
    store::Session session;
    std::int64_t run = 0;
};

Result<SessionRun> sessionRunOf(const Arguments& a)
{
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(id, a.optionalId("run"));
    XYLEM_TRY(session, store::Session::open(path.value(), store::OpenMode::ReadOnly));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    return SessionRun{std::move(session).value(), run.value()};
}

Result<std::optional<WaitStateReport>> waitStatesOf(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(has, store::hasMpiTrace(session, run));
    if (!has.value()) {
        return std::optional<WaitStateReport>();
    }
    XYLEM_TRY(trace, store::mpiTrace(session, run));
    XYLEM_TRY(report, analyzeWaitStates(trace.value()));
    return std::optional(std::move(report).value());
}

} // namespace

Result<StoredExtras> storedExtrasFromArguments(const Arguments& args, bool windowed)
{
    StoredExtras extras;
    if (!args.has("session") || args.has("tree")) {
        return extras;
    }
    XYLEM_TRY(at, sessionRunOf(args));
    XYLEM_TRY(clocks, store::storedClocks(at->session, at->run));
    extras.clocks = std::move(clocks).value();
    if (windowed) {
        return extras;
    }
    XYLEM_TRY(waits, waitStatesOf(at->session, at->run));
    extras.waits = std::move(waits).value();
    XYLEM_TRY(accounting, store::storedAccounting(at->session, at->run));
    extras.accounting = std::move(accounting).value();
    return extras;
}

Result<RunInsights> runInsights(const AnalysedRun& analysed, const StoredExtras& extras,
                                const InsightOptions& options)
{
    const Run& run = analysed.run;
    const AnalysisReport& report = analysed.report;
    RunInsights insights;
    OverTimeOptions overTime;
    overTime.maxBuckets = options.buckets;
    if (!report.imbalancePath.empty()) {
        overTime.pathThread = report.imbalancePath.back();
    }
    insights.overTime = analyzeOverTime(run.configuration, run.tuples, overTime);
    XYLEM_TRY(outliers, findOutliers(report, run.tuples, {options.slowestCalls, std::nullopt}));
    insights.outliers = std::move(outliers).value();
    insights.findings =
        runFindings(report, extras.waits ? &*extras.waits : nullptr, extras.clocks,
                    extras.accounting ? &*extras.accounting : nullptr, &insights.overTime.periodic);
    return insights;
}

void printCulpritOverTime(std::ostream& out, const Configuration& config, const OverTime& series)
{
    const std::vector<CulpritStretch> stretches = culpritStretches(series);
    if (stretches.empty()) {
        return;
    }
    out << "\nCulprit over time (" << series.bucketCount() << " buckets of "
        << formatDuration(static_cast<double>(series.widthNs))
        << " from the first down; who was last at the root most often):\n";
    for (const CulpritStretch& s : stretches) {
        const auto from = static_cast<double>(series.bucketStartNs(s.firstBucket));
        const auto to = static_cast<double>(series.bucketStartNs(s.lastBucket + 1));
        out << "  " << (from == 0 ? std::string("0") : formatDuration(from)) << " to "
            << formatDuration(to) << ": " << config.wrapper(s.thread).id << ", last in "
            << s.lastAtRoot << " of " << s.calls << " calls ("
            << formatShare(s.calls > 0 ? double(s.lastAtRoot) / double(s.calls) : 0.0) << ")\n";
    }
}

void addInsightsJson(nlohmann::ordered_json& report, const Configuration& config,
                     const RunInsights& insights)
{
    report["findings"] = findingsToJson(insights.findings);
    addOverTimeJson(report, config, insights.overTime);
    report["outliers"] = outliersToJson(insights.outliers);
}

} // namespace xylem::cli
