#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "app/cli/runloader.h"
#include "app/cli/textreport.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/comparison.h"
#include "core/analysis/reportjson.h"

namespace xylem::cli {

namespace {
constexpr const char* kUsage = "usage: xylem-cli compare --tree A.tree.json --trace A.trace.csv "
                               "--tree B.tree.json --trace B.trace.csv\n"
                               "                         [--thread ID] [--json]\n";
}

int runCompare(const Args& args, std::ostream& out, std::ostream& err)
{
    auto parsed = Arguments::parse(args, {"tree", "trace", "thread"}, {"json"});
    if (!parsed) {
        err << "xylem-cli compare: " << parsed.error().describe() << '\n' << kUsage;
        return kExitBadInput;
    }
    const Arguments& a = parsed.value();
    const auto& trees = a.all("tree");
    const auto& traces = a.all("trace");
    if (trees.size() != 2 || traces.size() != 2) {
        err << "xylem-cli compare: give exactly two --tree and two --trace options (run A first, "
               "then B)\n"
            << kUsage;
        return kExitBadInput;
    }
    std::vector<AnalysisReport> reports;
    for (size_t i = 0; i < 2; ++i) {
        auto run = loadRun(trees[i], traces[i]);
        if (!run) {
            err << "xylem-cli compare: run " << (i == 0 ? "A" : "B") << ": "
                << run.error().describe() << '\n';
            return kExitBadInput;
        }
        reports.push_back(analyze(run.value()));
    }
    std::optional<std::string> thread;
    if (a.has("thread")) {
        auto t = a.one("thread");
        if (!t) {
            err << "xylem-cli compare: " << t.error().describe() << '\n';
            return kExitBadInput;
        }
        thread = t.value();
    }
    auto comparison = compareRuns(reports[0], reports[1], thread);
    if (!comparison) {
        err << "xylem-cli compare: " << comparison.error().describe() << '\n';
        return kExitBadInput;
    }
    if (a.has("json")) {
        out << comparisonToJson(comparison.value()).dump(1) << '\n';
    } else {
        printComparison(out, comparison.value());
    }
    return kExitOk;
}

} // namespace xylem::cli
