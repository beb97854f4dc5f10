// The run over time (series and periodic outliers, core/analysis/overtimeanalysis.h) of 10 M
// tuples: the tree and calls of bench_analysis (64 threads on a hierarchy-aware tree), with a
// daemon delaying one thread by 2 ms every 50 ms of run time, on one core. The full analysis
// of the same tuples is timed beside it, as the cost the over-time part adds to
// `xylem-cli analyze --json`.

#include "core/analysis/analyzer.h"
#include "core/analysis/overtimeanalysis.h"
#include "tests/benchmarks/analysisworkload.h"
#include "tests/benchmarks/benchharness.h"

#include <cstdio>

using namespace xylem;

int main(int argc, char** argv)
{
    const auto workload = bench::analysisWorkload(argc, argv);
    if (!workload) {
        return 1;
    }
    const Configuration& config = workload->config;
    testing::SimulationSpec spec = workload->spec;
    spec.stall = {
        50'000'000, 7'000'000, 200'000, 2'000'000, config.wrapper(config.threads()[13]).id, 0, 0};
    const auto tuples = testing::simulateTrace(config, spec);
    std::printf("overtime: %zu tuples, %lld calls, %zu threads\n", tuples.size(),
                static_cast<long long>(spec.calls), config.threads().size());

    for (size_t buckets : {size_t(256), size_t(4096)}) {
        OverTimeAnalysis a;
        const double seconds = bench::medianSeconds(
            3, [&] { a = analyzeOverTime(config, tuples, {.maxBuckets = buckets}); });
        std::printf("overtime: %zu buckets asked, %zu of %lld ns, periodic %d period %.0f ns "
                    "phase %.0f ns, %lld slow calls, median of 3 %.3f s\n",
                    buckets, a.series.bucketCount(), static_cast<long long>(a.series.widthNs),
                    a.periodic.periodic ? 1 : 0, a.periodic.periodNs, a.periodic.phaseNs,
                    static_cast<long long>(a.periodic.slowCalls), seconds);
        if (buckets == 256) {
            bench::printFigure("overtime_ms", seconds * 1e3, "ms");
        } else {
            bench::printFigure("overtime_4096_buckets_ms", seconds * 1e3, "ms");
        }
    }
    const double full = bench::medianSeconds(3, [&] { (void)analyze(config, tuples); });
    std::printf("overtime: the full analysis of the same tuples, median of 3 %.3f s\n", full);
    bench::printFigure("overtime_analysis_ms", full * 1e3, "ms");
    return 0;
}
