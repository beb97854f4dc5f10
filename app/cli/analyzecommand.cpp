#include "app/cli/callreport.h"
#include "app/cli/command.h"
#include "app/cli/monitorsection.h"
#include "app/cli/mpikindreport.h"
#include "app/cli/progressline.h"
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

// The JSON report of a session's run: cached in the session, which is opened for writing when
// the file allows it so that a first analysis is kept for the next.
Result<std::string> cachedReportFromSession(const Arguments& a, std::ostream& note)
{
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(id, a.optionalId("run"));
    const bool canWrite = ::access(path->c_str(), W_OK) == 0;
    XYLEM_TRY(session,
              openSession(path.value(),
                          canWrite ? store::OpenMode::ReadWrite : store::OpenMode::ReadOnly, note));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    return store::reportJson(session.value(), run.value(),
                             progressOnStderr("analyze", "tuples read"));
}

// The wait states of a session's run that has MPI data; nullopt for a run without (and for
// files given with --tree and --trace, which carry none).
Result<std::optional<WaitStateReport>> waitStatesFromSession(const Arguments& a)
{
    if (!a.has("session")) {
        return std::optional<WaitStateReport>();
    }
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(id, a.optionalId("run"));
    XYLEM_TRY(session, store::Session::open(path.value(), store::OpenMode::ReadOnly));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    XYLEM_TRY(has, store::hasMpiTrace(session.value(), run.value()));
    if (!has.value()) {
        return std::optional<WaitStateReport>();
    }
    XYLEM_TRY(trace, store::mpiTrace(session.value(), run.value()));
    XYLEM_TRY(report, analyzeWaitStates(trace.value()));
    return std::optional(std::move(report).value());
}

// One (communicator, kind) of a session's MPI data (app/cli/mpikindchoice.h): a synchronizing
// kind as the stage tree of its own run, a rooted one as its root-aware summary; the wait states
// are those of the whole MPI run.
// A window (--skip-calls/--from/--to) applies to a synchronizing kind's calls, which form a run
// of their own (their time counts from that kind's first call); the wait states, of the whole
// MPI run, are then left out. A rooted or prefix kind has no such run: it is refused.
Result<Ok> analyzeKind(const KindChoice& c, const CallWindow& window, bool json,
                       const TextOptions& text, std::ostream& o)
{
    const bool windowed = !window.isWholeRun();
    if (windowed && !formsStageTree(c.chosen.call)) {
        return makeError(ErrorCode::InvalidArgument,
                         "--skip-calls, --from and --to apply to collectives whose calls form a "
                         "stage tree (allreduce, barrier, ...); " +
                             kindLabel(c.trace, c.chosen.communicator, c.chosen.call) +
                             " does not");
    }
    XYLEM_TRY(waits, analyzeWaitStates(c.trace));
    nlohmann::ordered_json j;
    if (formsStageTree(c.chosen.call)) {
        XYLEM_TRY(run, collectiveRun(c.trace, c.chosen.communicator, c.chosen.call, c.shape));
        XYLEM_TRY(analysed, analyzeRunIn(run.value(), window));
        const AnalysisReport& report = analysed.value();
        const StageGuard guard = checkStages(report, c.clocks);
        if (!json) {
            if (windowed) {
                printWindowLine(o, window, report);
            }
            printKindHeader(o, c);
            printReport(o, report, text);
            printStageGuard(o, guard, report);
            if (!windowed) {
                printWaitStates(o, waits.value());
            }
            return Ok{};
        }
        j = reportToJson(report);
        if (!guard.clean()) {
            j["stage_guard"] = stageGuardToJson(guard, report);
        }
        if (windowed) {
            j["window"] = windowToJson(window);
            j["mpi_kind"] = kindToJson(c);
            o << j.dump(1) << '\n';
            return Ok{};
        }
    } else if (isPrefix(c.chosen.call)) {
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

// The clock models of the analysed run, whose residual skew the stage guard reads; none for
// files.
Result<std::vector<HostClock>> clocksOfRun(const Arguments& a)
{
    if (!a.has("session") || a.has("tree")) {
        return std::vector<HostClock>();
    }
    XYLEM_TRY(path, a.one("session"));
    XYLEM_TRY(id, a.optionalId("run"));
    XYLEM_TRY(session, store::Session::open(path.value(), store::OpenMode::ReadOnly));
    XYLEM_TRY(run, store::resolveRun(session.value(), id.value()));
    return store::storedClocks(session.value(), run.value());
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

// Whether a JSON report (reportToJson's form) has a negative timemap mean.
bool hasNegativeStage(const nlohmann::ordered_json& report)
{
    if (!report.contains("threads") || !report["threads"].is_object()) {
        return false;
    }
    for (const auto& [id, thread] : report["threads"].items()) {
        if (!thread.contains("timemap") || !thread["timemap"].is_array()) {
            continue;
        }
        for (const auto& stage : thread["timemap"]) {
            if (stage.contains("mean_ns") && stage["mean_ns"].is_number() &&
                stage["mean_ns"].get<double>() < 0) {
                return true;
            }
        }
    }
    return false;
}

// With a window the report is computed for it (never the session's cached report of the whole
// run, which is neither read nor written) and the wait states and monitors, which are of the
// whole run, are left out.
Result<Ok> printWindowJson(const Arguments& a, const CallWindow& window, std::ostream& o,
                           std::ostream& e)
{
    XYLEM_TRY(report, reportFromArguments(a, e));
    XYLEM_TRY(clocks, clocksOfRun(a));
    nlohmann::ordered_json json = reportToJson(report.value());
    const StageGuard guard = checkStages(report.value(), clocks.value());
    if (!guard.clean()) {
        json["stage_guard"] = stageGuardToJson(guard, report.value());
    }
    json["window"] = windowToJson(window);
    o << json.dump(1) << '\n';
    return Ok{};
}

Result<Ok> printJson(const Arguments& a, const CallWindow& window, std::ostream& o, std::ostream& e)
{
    if (!window.isWholeRun()) {
        return printWindowJson(a, window, o, e);
    }
    nlohmann::ordered_json json;
    if (a.has("session")) {
        XYLEM_TRY(text, cachedReportFromSession(a, e));
        json = nlohmann::ordered_json::parse(text.value(), nullptr, false);
        if (json.is_discarded()) {
            return makeError(ErrorCode::Corrupt, "the session's cached report is not JSON");
        }
        if (hasNegativeStage(json)) {
            // Rare: the guard needs the report itself, so only then is it analysed again.
            XYLEM_TRY(report, reportFromArguments(a, e));
            XYLEM_TRY(clocks, clocksOfRun(a));
            const StageGuard guard = checkStages(report.value(), clocks.value());
            json["stage_guard"] = stageGuardToJson(guard, report.value());
        }
    } else {
        XYLEM_TRY(report, reportFromArguments(a, e));
        json = reportToJson(report.value());
        const StageGuard guard = checkStages(report.value(), {});
        if (!guard.clean()) {
            json["stage_guard"] = stageGuardToJson(guard, report.value());
        }
    }
    XYLEM_TRY(waits, waitStatesFromSession(a));
    if (waits.value()) {
        json["wait_states"] = waitStatesToJson(*waits.value());
    }
    XYLEM_TRY(monitors, monitorsOfRun(a));
    if (monitors.value() && monitors.value()->recorded()) { // as the worked examples' reports
        json["monitors"] = runMonitorsJson(*monitors.value());
    }
    o << json.dump(1) << '\n';
    return Ok{};
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

// The text report, section by section in the order printed: the window (when one is given),
// the report, the stage guard, and of a whole session's run its wait states and monitors.
Result<Ok> printText(const Arguments& a, const CallWindow& window, const TextOptions& text,
                     std::ostream& o, std::ostream& e)
{
    XYLEM_TRY(report, reportFromArguments(a, e));
    XYLEM_TRY(clocks, clocksOfRun(a));
    const bool windowed = !window.isWholeRun();
    if (windowed) {
        printWindowLine(o, window, report.value());
    }
    printReport(o, report.value(), text);
    printStageGuard(o, checkStages(report.value(), clocks.value()), report.value());
    if (windowed) {
        return Ok{}; // wait states and monitors are of the whole run
    }
    XYLEM_TRY(waits, waitStatesFromSession(a));
    if (waits.value()) {
        printWaitStates(o, *waits.value());
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
        "       every metric of a run, from its files or from a session; of an MPI run, one\n"
        "       collective kind on one communicator (default: the kind with the most time);\n"
        "       in a window of the run's calls (TIME since its first down: 250ms, 1.5s, 800us)\n",
        withWindowOptions(
            {valueOption("tree", "the run's configuration (xylem-tree/1)", {}, existingFile(),
                         "F.tree.json"),
             valueOption("trace", "the run's tuples (trace CSV)", {}, existingFile(),
                         "F.trace.csv"),
             sessionOption(), runOption(),
             valueOption("top", "rows of each ranked table", "10", integerIn(0, 1000000)),
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
                          XYLEM_TRY(kind, kindFromArguments(a, e));
                          if (kind.value()) {
                              return analyzeKind(*kind.value(), window.value(), a.has("json"), text,
                                                 o);
                          }
                          if (a.has("json")) {
                              return printJson(a, window.value(), o, e);
                          }
                          return printText(a, window.value(), text, o, e);
                      });
}

} // namespace xylem::cli
