#include "app/cli/command.h"
#include "app/cli/sessioninput.h"
#include "app/cli/textreport.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/store/reportcache.h"
#include "core/store/runcatalog.h"

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
    return store::reportJson(session.value(), run.value());
}

} // namespace

int runAnalyze(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{"analyze",
                                  "usage: xylem-cli analyze (--tree F.tree.json --trace "
                                  "F.trace.csv | --session S.xylem [--run N])\n"
                                  "                         [--json] [--top N]\n",
                                  {"tree", "trace", "session", "run", "top"},
                                  {"json"}};
    return runCommand(spec, args, out, err,
                      [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
                          XYLEM_TRY(top, a.integer("top", 10, 0, 1000000));
                          if (a.has("session") && a.has("json")) {
                              XYLEM_TRY(json, cachedReportFromSession(a, e));
                              o << json.value() << '\n';
                              return Ok{};
                          }
                          XYLEM_TRY(run, runFromArguments(a, e));
                          const AnalysisReport report = analyze(run.value());
                          if (a.has("json")) {
                              o << reportToJson(report).dump(1) << '\n';
                          } else {
                              printReport(o, report, TextOptions{static_cast<size_t>(top.value())});
                          }
                          return Ok{};
                      });
}

} // namespace xylem::cli
