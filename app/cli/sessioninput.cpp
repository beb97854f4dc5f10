#include "app/cli/sessioninput.h"

#include "app/cli/progressline.h"
#include "app/cli/runloader.h"
#include "app/cli/windowoptions.h"
#include "core/analysis/calldetail.h"
#include "core/store/progress.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/storedclocks.h"
#include "core/store/windowedanalysis.h"

namespace xylem::cli {

Result<store::Session> openSession(const std::string& path, store::OpenMode mode,
                                   std::ostream& note)
{
    auto session = store::Session::open(path, mode);
    if (session && session->upgradedFrom()) {
        note << "note: upgraded " << path << " from session format " << *session->upgradedFrom()
             << " to " << session->formatVersion() << '\n';
    }
    return session;
}

Result<Run> runFromArguments(const Arguments& args, std::ostream& note)
{
    if (args.has("session")) {
        if (args.has("tree") || args.has("trace")) {
            return makeError(ErrorCode::InvalidArgument,
                             "give either --session or --tree and --trace, not both");
        }
        auto path = args.one("session");
        auto id = args.optionalId("run");
        if (!path || !id) {
            return path ? id.error() : path.error();
        }
        auto session = openSession(path.value(), store::OpenMode::ReadOnly, note);
        if (!session) {
            return session.error();
        }
        auto run = store::resolveRun(session.value(), id.value());
        if (!run) {
            return run.error();
        }
        return store::loadRun(session.value(), run.value());
    }
    if (!args.has("tree") && !args.has("trace")) {
        return makeError(ErrorCode::InvalidArgument,
                         "give --tree F --trace F, or --session S [--run N]");
    }
    auto tree = args.one("tree");
    auto trace = args.one("trace");
    if (!tree || !trace) {
        return tree ? trace.error() : tree.error();
    }
    return loadRun(tree.value(), trace.value());
}

Result<AnalysisReport> reportFromArguments(const Arguments& args, std::ostream& note)
{
    XYLEM_TRY(window, windowFromArguments(args));
    if (args.has("session") && !args.has("tree") && !args.has("trace")) {
        XYLEM_TRY(path, args.one("session"));
        XYLEM_TRY(id, args.optionalId("run"));
        XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, note));
        XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
        return analyzeStoredRunIn(session.value(), run.value(), window.value(), "analyze");
    }
    XYLEM_TRY(run, runFromArguments(args, note));
    return analyzeRunIn(run.value(), window.value());
}

Result<ClockCoverage> clockCoverageFromArguments(const Arguments& args, std::ostream& note)
{
    if (!args.has("session") || args.has("tree") || args.has("trace")) {
        return ClockCoverage{};
    }
    XYLEM_TRY(path, args.one("session"));
    XYLEM_TRY(id, args.optionalId("run"));
    XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, note));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    return store::storedClockCoverage(session.value(), run.value());
}

Result<AnalysisReport> analyzeRunIn(const Run& run, const CallWindow& window,
                                    const AnalysisOptions& options)
{
    if (window.isWholeRun()) {
        return analyze(run, options);
    }
    return analyzeWindow(run.configuration, run.tuples, window, options);
}

Result<AnalysisReport> analyzeStoredRunIn(store::Session& session, std::int64_t run,
                                          const CallWindow& window, const char* command)
{
    return store::analyzeStoredRunIn(session, run, window,
                                     progressOnStderr(command, "tuples read"));
}

Result<WindowAnalysis> analyzeRunWithCalls(const Run& run, const CallWindow& window)
{
    if (window.isWholeRun()) {
        return WindowAnalysis{analyze(run), completeCallTimes(run.configuration, run.tuples)};
    }
    return analyzeWindowWithCalls(run.configuration, run.tuples, window);
}

Result<WindowAnalysis> analyzeStoredRunWithCalls(store::Session& session, std::int64_t run,
                                                 const CallWindow& window, const char* command)
{
    return store::analyzeStoredRunWithCalls(session, run, window,
                                            progressOnStderr(command, "tuples read"));
}

namespace {

// The arguments' run as stored or given, with the clock coverage of a session's stored models.
Result<std::pair<Run, AnalysisOptions>> runWithOptions(const Arguments& args, std::ostream& note)
{
    AnalysisOptions options;
    if (args.has("session") && !args.has("tree") && !args.has("trace")) {
        XYLEM_TRY(path, args.one("session"));
        XYLEM_TRY(id, args.optionalId("run"));
        XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, note));
        XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
        XYLEM_TRY(loaded, store::loadRun(session.value(), run.value(),
                                         progressOnStderr("analyze", "tuples read")));
        XYLEM_TRY(clocks, store::storedClockCoverage(session.value(), run.value()));
        options.clocks = std::move(clocks).value();
        return std::pair{std::move(loaded).value(), std::move(options)};
    }
    XYLEM_TRY(run, runFromArguments(args, note));
    return std::pair{std::move(run).value(), std::move(options)};
}

} // namespace

Result<AnalysedRun> analyseRunIn(Run run, const CallWindow& window, const AnalysisOptions& options)
{
    if (window.isWholeRun()) {
        AnalysisReport report = analyze(run, options);
        return AnalysedRun{std::move(run), std::move(report)};
    }
    XYLEM_TRY(cut, cutToWindow(run.tuples, window));
    XYLEM_TRY(report, analyzeCut(run.configuration, cut.value(), window, options));
    run.tuples = std::move(cut->tuples);
    return AnalysedRun{std::move(run), std::move(report).value()};
}

Result<AnalysedRun> analysedRunFromArguments(const Arguments& args, std::ostream& note)
{
    XYLEM_TRY(window, windowFromArguments(args));
    XYLEM_TRY(given, runWithOptions(args, note));
    auto& [run, options] = given.value();
    return analyseRunIn(std::move(run), window.value(), options);
}

} // namespace xylem::cli
