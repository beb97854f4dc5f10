// The tuner's gain (issue 24): how much faster the tree it finds is than a tree built badly on
// purpose. Four local hosts in two clusters, two threads each, an emulated 2 ms wide-area link
// on every proxy between the clusters; the start is one gred on C (cluster c1) over every
// thread with its core on A (cluster c0), two wide round trips per call where one would do.
// Figure tune_speedup: the best tree's mean operation time against the start's (the tuner's
// own trials, so the figure is what a user of `xylem-cli tune` sees), with its bootstrap
// interval and the number of trials it took.

#include "core/tune/tuner.h"
#include "tests/benchmarks/benchharness.h"
#include "tests/support/widetree.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace xylem;

namespace {

// A private folder for the session, removed at the end whatever happens.
struct Scratch
{
    std::string folder;
    Scratch()
    {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bench_tune.XXXXXX";
        if (::mkdtemp(pattern.data())) {
            folder = pattern;
        }
    }
    ~Scratch()
    {
        std::error_code ignored;
        std::filesystem::remove_all(folder, ignored);
    }
};

} // namespace

int main()
{
    Scratch scratch;
    if (scratch.folder.empty()) {
        std::fprintf(stderr, "bench_tune: cannot make a scratch folder\n");
        return 1;
    }
    tune::TuneRequest request;
    request.request.sessionPath = scratch.folder + "/tune.xylem";
    request.request.workload.iterations = 400;
    request.start = testing::flatGredAcrossClusters();
    request.clusterLink = "2ms";
    request.maxTries = 8;
    tune::TunerCallbacks callbacks;
    callbacks.tryFinished = [](const tune::TuneTry& t) {
        std::printf("%s: %s", t.label.c_str(),
                    t.result ? (std::to_string(t.result->meanNs / 1e6) + " ms").c_str() : "-");
        if (t.speedup) {
            std::printf(", %.2fx [%.2f, %.2f] against tune %d%s", t.speedup->value,
                        t.speedup->interval.lower, t.speedup->interval.upper, t.from,
                        t.moved ? " - moved" : "");
        }
        if (t.error) {
            std::printf(" failed: %s", t.error->describe().c_str());
        }
        std::printf("\n");
        std::fflush(stdout);
    };
    tune::Tuner tuner(std::move(request), std::move(callbacks));
    auto outcome = tuner.run();
    if (!outcome) {
        std::fprintf(stderr, "bench_tune: %s\n", outcome.error().describe().c_str());
        return 1;
    }
    std::printf("stopped: %s\n", outcome->stopReason.c_str());
    const double speedup = outcome->bestSpeedup ? outcome->bestSpeedup->value : 1.0;
    bench::printFigure("tune_speedup", speedup, "x");
    if (outcome->bestSpeedup) {
        bench::printFigure("tune_speedup_lower", outcome->bestSpeedup->interval.lower, "x");
        bench::printFigure("tune_speedup_upper", outcome->bestSpeedup->interval.upper, "x");
    }
    bench::printFigure("tune_tries", static_cast<double>(outcome->tries.size()), "trials");
    return 0;
}
