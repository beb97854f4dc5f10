// xylem-cli tune: the tuner (core/tune/tuner.h) from the command line. Records the start tree,
// then its neighbours best evidence first, moving to one that is faster beyond its interval,
// and prints a line per try as it goes, then the path and the best tree with its speedup
// against the start; --best-out writes that tree. Every try is a run of the session.

#include "app/cli/command.h"
#include "app/cli/recordsetup.h"
#include "app/cli/stoprequest.h"
#include "app/cli/tuneoutput.h"
#include "core/model/configurationjson.h"
#include "core/tune/clusterlinks.h"
#include "core/tune/tuner.h"

#include <fstream>

namespace xylem::cli {

namespace {

constexpr const char* kUsage =
    "usage: xylem-cli tune (--config F.tree.json | --hosts H [--threads T] [--shape S])\n"
    "                      [--cluster-link LATENCY[/BANDWIDTH]] [--iterations N]\n"
    "                      [--max-tries N] [--min-speedup X] [--best-out BEST.tree.json]\n"
    "                      [--json] -o S.xylem\n"
    "       searches for a faster tree of the gsum allreduce, starting at the given one: each\n"
    "       try records a neighbour the analysis points at (move the gred that holds the\n"
    "       heaviest last-arrival edge, add or remove a level where departures serialize or a\n"
    "       gred adds a hop without fan-in, move the root, regroup proxies), and the tuner\n"
    "       moves to one whose speedup's 95 % interval lies above 1; it stops when no neighbour\n"
    "       is, or after --max-tries trials (the start's included). Every try is a run of the\n"
    "       session named 'tune N: CHANGE'.\n"
    "   --min-speedup: move only when the interval lies above X (1.05): the interval holds\n"
    "       the noise within a run, not from one run to the next\n"
    "   --cluster-link: an emulated wide-area link (2ms, 500us/100Mbit) on every proxy whose\n"
    "       hop joins two clusters (hosts as A:c0,B:c1)\n";

Result<Ok> writeBest(const std::string& path, const Configuration& config)
{
    std::ofstream file(path, std::ios::trunc);
    file << configurationToJson(config);
    file.close();
    if (!file) {
        return makeError(ErrorCode::IoError, "cannot write the best tree", path);
    }
    return Ok{};
}

Result<Ok> tune(const Arguments& a, std::ostream& out, std::ostream& err)
{
    if (a.has("config") == a.has("hosts")) {
        return makeError(ErrorCode::InvalidArgument,
                         "give the start tree once: --config F.tree.json or --hosts H");
    }
    XYLEM_TRY(request, recordRequestFrom(a));
    tune::TuneRequest t;
    t.request = std::move(request).value();
    if (!t.request.workload.iterations) {
        t.request.workload.iterations = 2000; // a try of seconds, not of 20000 calls
    }
    XYLEM_TRY(link, a.oneOr("cluster-link", ""));
    if (!link->empty()) {
        XYLEM_TRY(checked, tune::checkLink(link.value()));
    }
    t.clusterLink = link.value();
    XYLEM_TRY(maxTries, a.integer("max-tries", 12, 1, 1000));
    t.maxTries = maxTries.value();
    XYLEM_TRY(minSpeedup, a.decimal("min-speedup", 1.0, 1.0, 100.0));
    t.minSpeedup = minSpeedup.value();
    XYLEM_TRY(bestOut, a.oneOr("best-out", ""));

    // With --json the tries go to standard error as they come; the object to standard output.
    std::ostream& progress = a.has("json") ? err : out;
    tune::TunerCallbacks callbacks;
    callbacks.tryStarted = [&progress](const tune::TuneTry& attempt) {
        progress << attempt.label << ": " << attempt.reason << std::endl;
    };
    callbacks.tryFinished = [&progress](const tune::TuneTry& attempt) {
        progress << tryLine(attempt) << std::endl;
    };
    tune::Tuner tuner(std::move(t), std::move(callbacks));
    const StopRequest stop(tuner); // Ctrl-C ends the try under way; the path is printed
    XYLEM_TRY(outcome, tuner.run());
    if (!bestOut->empty()) {
        XYLEM_TRY(written, writeBest(bestOut.value(), outcome->bestTry().result->configuration));
    }
    if (a.has("json")) {
        out << tuneToJson(outcome.value()).dump(1) << '\n';
        return Ok{};
    }
    out << pathLine(outcome.value()) << '\n'
        << "stopped: " << outcome->stopReason << '\n'
        << bestLine(outcome.value()) << '\n';
    if (!bestOut->empty()) {
        out << "best tree written to " << bestOut.value() << '\n';
    }
    return Ok{};
}

} // namespace

int runTune(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec = [] {
        CommandSpec s{"tune",
                      kUsage,
                      {valueOption("config", "the start tree (xylem-tree/1)", {}, existingFile(),
                                   "F.tree.json"),
                       valueOption("hosts",
                                   "generate the start tree over a number of hosts, or "
                                   "HOST:CLUSTER,...",
                                   {}, {}, "N|A:c0,B:c1")}};
        for (OptionSpec& o : treeShapeOptions()) {
            s.options.push_back(std::move(o));
        }
        for (OptionSpec& o : std::vector<OptionSpec>{
                 valueOption("cluster-link",
                             "an emulated wide-area link on every cluster-crossing proxy", "none",
                             {}, "LATENCY[/BANDWIDTH]"),
                 valueOption("iterations", "allreduce calls per thread in each try", "2000",
                             integerIn(1, 1 << 30), "N"),
                 valueOption("max-tries", "trials in all, the start's included", "12",
                             integerIn(1, 1000), "N"),
                 valueOption("min-speedup", "move only when the speedup's interval lies above this",
                             "1", {}, "X"),
                 valueOption("best-out", "write the best tree found here", {}, {},
                             "BEST.tree.json"),
                 flagOption("json", "print the tries, path and best as JSON"),
                 valueOption("o",
                             "the session file to add the tries' runs to, created if "
                             "missing",
                             {}, {}, "S.xylem"),
                 sessionOption(false)}) {
            s.options.push_back(std::move(o));
        }
        return s;
    }();
    return runCommand(spec, args, out, err, tune);
}

} // namespace xylem::cli
