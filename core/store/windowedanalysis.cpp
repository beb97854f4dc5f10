#include "core/store/windowedanalysis.h"

#include "core/store/runloader.h"
#include "core/store/storedclocks.h"

#include <algorithm>

namespace xylem::store {

namespace {

// The run read and told its clock coverage, as analyzeStoredRun analyses it.
Result<std::pair<Run, AnalysisOptions>> runWithClocks(Session& session, std::int64_t run,
                                                      const Progress& progress)
{
    XYLEM_TRY(loaded, loadRun(session, run, progress));
    XYLEM_TRY(clocks, storedClockCoverage(session, run));
    AnalysisOptions options;
    options.clocks = std::move(clocks).value();
    return std::pair{std::move(loaded).value(), std::move(options)};
}

} // namespace

Result<WindowAnalysis> analyzeStoredRunWithCalls(Session& session, std::int64_t run,
                                                 const CallWindow& window, const Progress& progress)
{
    if (window.isWholeRun()) {
        XYLEM_TRY(report, analyzeStoredRun(session, run, progress));
        XYLEM_TRY(calls, loadCalls(session, run));
        return WindowAnalysis{std::move(report).value(), std::move(calls).value()};
    }
    XYLEM_TRY(given, runWithClocks(session, run, progress));
    const auto& [loaded, options] = given.value();
    return analyzeWindowWithCalls(loaded.configuration, loaded.tuples, window, options);
}

Result<AnalysisReport> analyzeStoredRunIn(Session& session, std::int64_t run,
                                          const CallWindow& window, const Progress& progress)
{
    if (window.isWholeRun()) {
        return analyzeStoredRun(session, run, progress);
    }
    XYLEM_TRY(given, runWithClocks(session, run, progress));
    const auto& [loaded, options] = given.value();
    return analyzeWindow(loaded.configuration, loaded.tuples, window, options);
}

CallWindow windowOfSpan(std::int64_t fromNs, std::int64_t toNs, std::int64_t runFirstNs)
{
    CallWindow window;
    window.from =
        WindowBound{WindowBound::Kind::Time, std::max<std::int64_t>(0, fromNs - runFirstNs)};
    window.to = WindowBound{WindowBound::Kind::Time, std::max<std::int64_t>(0, toNs - runFirstNs)};
    return window;
}

} // namespace xylem::store
