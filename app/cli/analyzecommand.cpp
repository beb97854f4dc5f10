#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "app/cli/runloader.h"
#include "app/cli/textreport.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"

namespace xylem::cli {

int runAnalyze(const Args& args, std::ostream& out, std::ostream& err)
{
    auto parsed = Arguments::parse(args, {"tree", "trace", "top"}, {"json"});
    if (!parsed) {
        err << "xylem-cli analyze: " << parsed.error().describe() << "\n"
            << "usage: xylem-cli analyze --tree FILE.tree.json --trace FILE.trace.csv [--json] "
               "[--top N]\n";
        return kExitBadInput;
    }
    const Arguments& a = parsed.value();
    auto tree = a.one("tree");
    auto trace = a.one("trace");
    auto top = a.integer("top", 10, 0, 1000000);
    for (const Error* e : {tree ? nullptr : &tree.error(), trace ? nullptr : &trace.error(),
                           top ? nullptr : &top.error()}) {
        if (e) {
            err << "xylem-cli analyze: " << e->describe() << '\n';
            return kExitBadInput;
        }
    }
    auto run = loadRun(tree.value(), trace.value());
    if (!run) {
        err << "xylem-cli analyze: " << run.error().describe() << '\n';
        return kExitBadInput;
    }
    const AnalysisReport report = analyze(run.value());
    if (a.has("json")) {
        out << reportToJson(report).dump(1) << '\n';
    } else {
        printReport(out, report, TextOptions{static_cast<size_t>(top.value())});
    }
    return kExitOk;
}

} // namespace xylem::cli
