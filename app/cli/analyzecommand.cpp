#include "app/cli/command.h"
#include "app/cli/sessioninput.h"
#include "app/cli/textreport.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"

namespace xylem::cli {

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
