#include "core/store/storedclocks.h"

#include "core/analysis/clockmodeljson.h"
#include "core/store/attachments.h"
#include "core/store/progress.h"
#include "core/store/runloader.h"

namespace xylem::store {

Result<std::vector<HostClock>> storedClocks(Session& session, std::int64_t run)
{
    XYLEM_TRY(records, clockModels(session, run));
    std::vector<HostClock> clocks;
    for (const ClockModelRecord& r : records.value()) {
        auto clock = parseClockModelJson(r.modelJson);
        if (!clock) {
            return makeError(clock.error().code, "the clock model of host " + r.host + " in run " +
                                                     std::to_string(run) + ": " +
                                                     clock.error().describe());
        }
        clocks.push_back(std::move(clock).value());
    }
    return clocks;
}

Result<ClockCoverage> storedClockCoverage(Session& session, std::int64_t run)
{
    XYLEM_TRY(clocks, storedClocks(session, run));
    if (clocks->empty()) {
        return ClockCoverage{}; // imported, recorded on one machine, or still recording
    }
    return clockCoverage(clocks.value());
}

Result<AnalysisReport> analyzeStoredRun(Session& session, std::int64_t run)
{
    return analyzeStoredRun(session, run, Progress{});
}

Result<AnalysisReport> analyzeStoredRun(Session& session, std::int64_t run,
                                        const Progress& progress)
{
    XYLEM_TRY(loaded, loadRun(session, run, progress));
    XYLEM_TRY(clocks, storedClockCoverage(session, run));
    AnalysisOptions options;
    options.clocks = std::move(clocks).value();
    return analyze(loaded.value(), options);
}

} // namespace xylem::store
