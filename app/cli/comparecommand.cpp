#include "app/cli/command.h"
#include "app/cli/runloader.h"
#include "app/cli/sessioninput.h"
#include "app/cli/textreport.h"
#include "app/cli/windowoptions.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/comparison.h"
#include "core/analysis/reportjson.h"

namespace xylem::cli {

namespace {

struct Analysed
{
    CallWindow window; // the same for both runs; each counts time from its own first down
    std::vector<AnalysisReport> reports;
    std::vector<std::int64_t> operationTimes[2]; // of every complete call, for the interval
};

std::vector<std::int64_t> operationTimesOf(const std::vector<CallTimes>& calls)
{
    std::vector<std::int64_t> times;
    times.reserve(calls.size());
    for (const CallTimes& c : calls) {
        times.push_back(c.operationTime);
    }
    return times;
}

// The analyses of run A and run B in the window of --skip-calls/--from/--to: two --tree/--trace
// pairs, or --session S --runs A B (with the clock coverage their stored models give).
Result<Analysed> twoReports(const Arguments& a, std::ostream& note)
{
    Analysed runs;
    XYLEM_TRY(window, windowFromArguments(a));
    runs.window = window.value();
    if (a.has("session")) {
        XYLEM_TRY(path, a.one("session"));
        XYLEM_TRY(ids, a.ids("runs"));
        if (ids->size() != 2) {
            return makeError(ErrorCode::InvalidArgument, "give two run ids: --runs A B");
        }
        XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, note));
        for (size_t i = 0; i < 2; ++i) {
            const std::int64_t id = ids.value()[i];
            XYLEM_TRY(analysed,
                      analyzeStoredRunWithCalls(session.value(), id, runs.window, "compare"));
            runs.reports.push_back(std::move(analysed->report));
            runs.operationTimes[i] = operationTimesOf(analysed->calls);
        }
        return runs;
    }
    const auto& trees = a.all("tree");
    const auto& traces = a.all("trace");
    if (trees.size() != 2 || traces.size() != 2) {
        return makeError(ErrorCode::InvalidArgument,
                         "give exactly two --tree and two --trace options (run A first, then B)");
    }
    for (size_t i = 0; i < 2; ++i) {
        auto run = loadRun(trees[i], traces[i]);
        if (!run) {
            Error e = run.error();
            e.message = std::string("run ") + (i == 0 ? "A" : "B") + ": " + e.message;
            return e;
        }
        auto analysed = analyzeRunWithCalls(run.value(), runs.window);
        if (!analysed) {
            Error e = analysed.error();
            e.message = std::string("run ") + (i == 0 ? "A" : "B") + ": " + e.message;
            return e;
        }
        runs.reports.push_back(std::move(analysed->report));
        runs.operationTimes[i] = operationTimesOf(analysed->calls);
    }
    return runs;
}

} // namespace

int runCompare(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "compare",
        "usage: xylem-cli compare --tree A.tree.json --trace A.trace.csv "
        "--tree B.tree.json --trace B.trace.csv\n"
        "       xylem-cli compare [--session] S.xylem --runs A B\n"
        "       [--thread ID] [--json] [--skip-calls N] [--from #S|TIME] [--to #S|TIME]\n"
        "       configuration A against configuration B; the speedup comes with its 95 %\n"
        "       bootstrap interval (2000 resamples of each run's calls, seed 1); a window\n"
        "       applies to both runs, each timed from its own first down\n",
        withWindowOptions({valueOption("tree", "a run's configuration; twice, run A's first", {}, existingFile(),
                     "F.tree.json"),
         valueOption("trace", "a run's tuples; twice, run A's first", {}, existingFile(),
                     "F.trace.csv"),
         sessionOption(), listOption("runs", "the session's runs A and B", runId()),
         valueOption("thread", "compare the operation time seen by this thread", "every thread", {},
                     "ID"),
         flagOption("json", "print the comparison as JSON instead of text")}),
        true};
    return runCommand(spec, args, out, err,
                      [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
                          std::optional<std::string> thread;
                          if (a.has("thread")) {
                              XYLEM_TRY(t, a.one("thread"));
                              thread = t.value();
                          }
                          XYLEM_TRY(runs, twoReports(a, e));
                          XYLEM_TRY(comparison,
                                    compareRuns(runs->reports[0], runs->reports[1], thread,
                                                OperationTimes{runs->operationTimes[0],
                                                               runs->operationTimes[1]}));
                          const bool windowed = !runs->window.isWholeRun();
                          if (a.has("json")) {
                              auto json = comparisonToJson(comparison.value());
                              if (windowed) {
                                  json["window"] = windowToJson(runs->window);
                              }
                              o << json.dump(1) << '\n';
                          } else {
                              if (windowed) {
                                  o << "window: " << describe(runs->window) << '\n';
                              }
                              printComparison(o, comparison.value());
                          }
                          return Ok{};
                      });
}

} // namespace xylem::cli
