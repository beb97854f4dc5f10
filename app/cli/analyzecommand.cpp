#include "app/cli/callreport.h"
#include "app/cli/command.h"
#include "app/cli/findingstext.h"
#include "app/cli/monitorsection.h"
#include "app/cli/mpikindreport.h"
#include "app/cli/progressline.h"
#include "app/cli/runinsights.h"
#include "app/cli/sessioninput.h"
#include "app/cli/textreport.h"
#include "app/cli/windowoptions.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/analysis/waitstates.h"
#include "core/analysis/waitstatesjson.h"
#include "core/store/mpistore.h"
#include "core/store/progress.h"
#include "core/store/reportcache.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"

#include <limits>
#include <optional>
#include <unistd.h>

namespace xylem::cli {

namespace {

// A synchronizing kind's calls as the stage tree of a run of their own, reported as a stored
// run is (its findings first), in the window when one is given: their time counts from that
// kind's first call, and the wait states, of the whole MPI run, are then left out.
Result<Ok> analyzeStageTreeKind(const KindChoice& c, const CallWindow& window,
                                const WaitStateReport& waits, bool json, const TextOptions& text,
                                const InsightOptions& options, std::ostream& o)
{
    const bool windowed = !window.isWholeRun();
    XYLEM_TRY(run, collectiveRun(c.trace, c.chosen.communicator, c.chosen.call, c.shape));
    XYLEM_TRY(analysed, analyseRunIn(std::move(run).value(), window));
    StoredExtras extras;
    extras.clocks = c.clocks;
    if (!windowed) {
        extras.waits = waits;
    }
    XYLEM_TRY(insights, runInsights(analysed.value(), extras, options));
    const AnalysisReport& report = analysed->report;
    const StageGuard guard = checkStages(report, c.clocks);
    if (json) {
        nlohmann::ordered_json j = reportToJson(report);
        if (!guard.clean()) {
            j["stage_guard"] = stageGuardToJson(guard, report);
        }
        if (windowed) {
            j["window"] = windowToJson(window);
        }
        addInsightsJson(j, analysed->run.configuration, insights.value());
        j["mpi_kind"] = kindToJson(c);
        if (!windowed) {
            j["wait_states"] = waitStatesToJson(waits);
        }
        o << j.dump(1) << '\n';
        return Ok{};
    }
    if (windowed) {
        printWindowLine(o, window, report);
    }
    printKindHeader(o, c);
    printFindings(o, insights->findings);
    printReport(o, report, text);
    printStageGuard(o, guard, report);
    printCulpritOverTime(o, analysed->run.configuration, insights->overTime.series);
    printOutliers(o, insights->outliers);
    o << '\n';
    if (!windowed) {
        printWaitStates(o, waits);
    }
    return Ok{};
}

// One (communicator, kind) of a session's MPI data (app/cli/mpikindchoice.h): a synchronizing
// kind as the stage tree of its own run, a rooted one as its root-aware summary; the wait states
// are those of the whole MPI run. A window (--skip-calls/--from/--to) applies only to a
// synchronizing kind's calls; a rooted or prefix kind has no run of them to cut: it is refused.
Result<Ok> analyzeKind(const KindChoice& c, const CallWindow& window, bool json,
                       const TextOptions& text, const InsightOptions& options, std::ostream& o)
{
    if (!window.isWholeRun() && !formsStageTree(c.chosen.call)) {
        return makeError(ErrorCode::InvalidArgument,
                         "--skip-calls, --from and --to apply to collectives whose calls form a "
                         "stage tree (allreduce, barrier, ...); " +
                             kindLabel(c.trace, c.chosen.communicator, c.chosen.call) +
                             " does not");
    }
    XYLEM_TRY(waits, analyzeWaitStates(c.trace));
    if (formsStageTree(c.chosen.call)) {
        return analyzeStageTreeKind(c, window, waits.value(), json, text, options, o);
    }
    nlohmann::ordered_json j;
    if (isPrefix(c.chosen.call)) {
        if (!json) {
            printKindHeader(o, c);
            o << kindLabel(c.trace, c.chosen.communicator, c.chosen.call)
              << ": a prefix reduction (rank i waits only for the ranks below it), so no stage "
                 "tree; its waiting is in the wait states\n";
            printWaitStates(o, waits.value());
            return Ok{};
        }
    } else {
        XYLEM_TRY(summary, summarizeRooted(c.trace, c.chosen.communicator, c.chosen.call));
        if (!json) {
            printKindHeader(o, c);
            printRootedSummary(o, c.trace, summary.value());
            printWaitStates(o, waits.value());
            return Ok{};
        }
        j["rooted"] = rootedSummaryToJson(c.trace, summary.value());
    }
    j["mpi_kind"] = kindToJson(c);
    j["wait_states"] = waitStatesToJson(waits.value());
    o << j.dump(1) << '\n';
    return Ok{};
}

// The kind chosen from a session's MPI data; nullopt for a stored run analysed as it is (and
// for files, which have no MPI data: --kind and --comm need a session).
Result<std::optional<KindChoice>> kindFromArguments(const Arguments& a, std::ostream& note)
{
    if (!a.has("session")) {
        if (a.has("kind") || a.has("comm")) {
            return makeError(ErrorCode::InvalidArgument,
                             "--kind and --comm choose among a session's MPI collectives: give "
                             "the session");
        }
        return std::optional<KindChoice>();
    }
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, note));
    return chooseKind(a, session.value());
}

// What the live recording of a session's run stored of its monitors; nullopt for files.
Result<std::optional<RunMonitors>> monitorsOfRun(const Arguments& a)
{
    if (!a.has("session")) {
        return std::optional<RunMonitors>();
    }
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(id, a.optionalId("run"));
    XYLEM_TRY(session, store::Session::open(path.value(), store::OpenMode::ReadOnly));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    return std::optional(readRunMonitors(session.value(), run.value()));
}

// --call S: one call of the stored run or the files, in text only.
Result<Ok> printCallOf(const Arguments& a, std::ostream& o, std::ostream& e)
{
    if (a.has("json") || a.has("kind") || a.has("comm")) {
        return makeError(ErrorCode::InvalidArgument,
                         "--call prints one call of the run as text: without --json, --kind "
                         "or --comm");
    }
    XYLEM_TRY(text, a.one("call"));
    return printCall(a, std::stoll(text.value()), o, e);
}

// The JSON report: the analysis of the run (in the window, when one is given) and what analyze
// adds to it (runinsights.h); of a whole session's run also its wait states and monitors.
Result<std::string> jsonDocument(const Arguments& a, const CallWindow& window,
                                 const InsightOptions& options, std::ostream& e)
{
    const bool windowed = !window.isWholeRun();
    XYLEM_TRY(analysed, analysedRunFromArguments(a, e));
    XYLEM_TRY(extras, storedExtrasFromArguments(a, windowed));
    XYLEM_TRY(insights, runInsights(analysed.value(), extras.value(), options));
    const AnalysisReport& report = analysed->report;
    nlohmann::ordered_json json = reportToJson(report);
    const StageGuard guard = checkStages(report, extras->clocks);
    if (!guard.clean()) {
        json["stage_guard"] = stageGuardToJson(guard, report);
    }
    if (windowed) {
        json["window"] = windowToJson(window);
    }
    addInsightsJson(json, analysed->run.configuration, insights.value());
    if (extras->waits) {
        json["wait_states"] = waitStatesToJson(*extras->waits);
    }
    if (!windowed) { // the monitors are of the whole run
        XYLEM_TRY(monitors, monitorsOfRun(a));
        if (monitors.value() && monitors.value()->recorded()) { // as the worked examples' reports
            json["monitors"] = runMonitorsJson(*monitors.value());
        }
    }
    return json.dump(1);
}

// A whole session's run: its document is kept in the session (core/store/reportcache.h), which is
// opened for writing when the file allows it, so that the next analyze reads it.
Result<Ok> printJson(const Arguments& a, const CallWindow& window, const InsightOptions& options,
                     std::ostream& o, std::ostream& e)
{
    if (!window.isWholeRun() || !a.has("session") || a.has("tree")) {
        XYLEM_TRY(json, jsonDocument(a, window, options, e));
        o << json.value() << '\n';
        return Ok{};
    }
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(id, a.optionalId("run"));
    const bool canWrite = ::access(path->c_str(), W_OK) == 0;
    XYLEM_TRY(session,
              openSession(path.value(),
                          canWrite ? store::OpenMode::ReadWrite : store::OpenMode::ReadOnly, e));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    const std::string kind = "analyze.json buckets " + std::to_string(options.buckets) +
                             " slowest " + std::to_string(options.slowestCalls);
    XYLEM_TRY(json, store::keptAnalysis(session.value(), run.value(), kind,
                                        [&] { return jsonDocument(a, window, options, e); }));
    o << json.value() << '\n';
    return Ok{};
}

// The text report, section by section in the order printed: the window (when one is given),
// the findings, the report, the stage guard, the culprit over time, the slowest calls, and of a
// whole session's run its wait states and monitors.
Result<Ok> printText(const Arguments& a, const CallWindow& window, const TextOptions& text,
                     const InsightOptions& options, std::ostream& o, std::ostream& e)
{
    const bool windowed = !window.isWholeRun();
    XYLEM_TRY(analysed, analysedRunFromArguments(a, e));
    XYLEM_TRY(extras, storedExtrasFromArguments(a, windowed));
    XYLEM_TRY(insights, runInsights(analysed.value(), extras.value(), options));
    const AnalysisReport& report = analysed->report;
    if (windowed) {
        printWindowLine(o, window, report);
    }
    printFindings(o, insights->findings);
    printReport(o, report, text);
    printStageGuard(o, checkStages(report, extras->clocks), report);
    printCulpritOverTime(o, analysed->run.configuration, insights->overTime.series);
    printOutliers(o, insights->outliers);
    o << '\n';
    if (windowed) {
        return Ok{}; // wait states and monitors are of the whole run
    }
    if (extras->waits) {
        printWaitStates(o, *extras->waits);
    }
    XYLEM_TRY(monitors, monitorsOfRun(a));
    if (monitors.value()) {
        printRunMonitors(o, *monitors.value());
    }
    return Ok{};
}

} // namespace

int runAnalyze(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "analyze",
        "usage: xylem-cli analyze (--tree F.tree.json --trace F.trace.csv | [--session] S.xylem\n"
        "                         [--run N] [--kind KIND] [--comm N]) [--json] [--top N]\n"
        "                         [--skip-calls N] [--from #S|TIME] [--to #S|TIME] [--call S]\n"
        "                         [--buckets N]\n"
        "       what stands out in a run (its findings first), then every metric, from its files "
        "or\n"
        "       from a session; of an MPI run, one\n"
        "       collective kind on one communicator (default: the kind with the most time);\n"
        "       in a window of the run's calls (TIME since its first down: 250ms, 1.5s, 800us)\n",
        withWindowOptions(
            {valueOption("tree", "the run's configuration (xylem-tree/1)", {}, existingFile(),
                         "F.tree.json"),
             valueOption("trace", "the run's tuples (trace CSV)", {}, existingFile(),
                         "F.trace.csv"),
             sessionOption(), runOption(),
             valueOption("top", "rows of each ranked table", "10", integerIn(0, 1000000)),
             valueOption("buckets", "buckets of the run over time (the culprit per bucket)", "16",
                         integerIn(1, 4096)),
             valueOption("kind",
                         "the MPI collective to analyse: allreduce, bcast, ... or MPI_Allreduce",
                         "the kind with the most time", {}, "KIND"),
             valueOption("comm", "the communicator of --kind, by id or name",
                         "MPI_COMM_WORLD, else where the kind has the most time", {}, "N"),
             flagOption("json", "print the report as JSON instead of text"),
             valueOption("call",
                         "print this one call in detail: its edges, gred arrivals and "
                         "each thread's stages, and the next slower and faster call",
                         {}, integerIn(0, std::numeric_limits<std::int64_t>::max()), "S")}),
        true};
    return runCommand(spec, args, out, err,
                      [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
                          XYLEM_TRY(top, a.integer("top", 10, 0, 1000000));
                          const TextOptions text{static_cast<size_t>(top.value())};
                          XYLEM_TRY(window, windowFromArguments(a));
                          if (a.has("call")) {
                              return printCallOf(a, o, e);
                          }
                          XYLEM_TRY(buckets, a.integer("buckets", 16, 1, 4096));
                          const InsightOptions insight{static_cast<size_t>(buckets.value())};
                          XYLEM_TRY(kind, kindFromArguments(a, e));
                          if (kind.value()) {
                              return analyzeKind(*kind.value(), window.value(), a.has("json"), text,
                                                 insight, o);
                          }
                          if (a.has("json")) {
                              return printJson(a, window.value(), insight, o, e);
                          }
                          return printText(a, window.value(), text, insight, o, e);
                      });
}

} // namespace xylem::cli
