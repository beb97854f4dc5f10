#include "app/cli/command.h"
#include "app/cli/progressline.h"
#include "app/cli/sessioninput.h"
#include "app/cli/textreport.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/analysis/waitstates.h"
#include "core/analysis/waitstatesjson.h"
#include "core/store/mpistore.h"
#include "core/store/progress.h"
#include "core/store/reportcache.h"
#include "core/store/runcatalog.h"

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

Result<Ok> printJson(const Arguments& a, std::ostream& o, std::ostream& e)
{
    nlohmann::ordered_json json;
    if (a.has("session")) {
        XYLEM_TRY(text, cachedReportFromSession(a, e));
        json = nlohmann::ordered_json::parse(text.value(), nullptr, false);
        if (json.is_discarded()) {
            return makeError(ErrorCode::Corrupt, "the session's cached report is not JSON");
        }
    } else {
        XYLEM_TRY(report, reportFromArguments(a, e));
        json = reportToJson(report.value());
    }
    XYLEM_TRY(waits, waitStatesFromSession(a));
    if (waits.value()) {
        json["wait_states"] = waitStatesToJson(*waits.value());
    }
    o << json.dump(1) << '\n';
    return Ok{};
}

} // namespace

int runAnalyze(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "analyze",
        "usage: xylem-cli analyze (--tree F.tree.json --trace F.trace.csv | [--session] S.xylem\n"
        "                         [--run N]) [--json] [--top N]\n"
        "       every metric of a run, from its files or from a session\n",
        {valueOption("tree", "the run's configuration (xylem-tree/1)", {}, existingFile(),
                     "F.tree.json"),
         valueOption("trace", "the run's tuples (trace CSV)", {}, existingFile(), "F.trace.csv"),
         sessionOption(), runOption(),
         valueOption("top", "rows of each ranked table", "10", integerIn(0, 1000000)),
         flagOption("json", "print the report as JSON instead of text")},
        true};
    return runCommand(spec, args, out, err,
                      [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
                          XYLEM_TRY(top, a.integer("top", 10, 0, 1000000));
                          if (a.has("json")) {
                              return printJson(a, o, e);
                          }
                          XYLEM_TRY(report, reportFromArguments(a, e));
                          XYLEM_TRY(waits, waitStatesFromSession(a));
                          printReport(o, report.value(),
                                      TextOptions{static_cast<size_t>(top.value())});
                          if (waits.value()) {
                              printWaitStates(o, *waits.value());
                          }
                          return Ok{};
                      });
}

} // namespace xylem::cli
