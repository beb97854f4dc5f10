// Full analysis of 10 M tuples (64 threads on a hierarchy-aware tree) on one core.
// Target (performance.md): <= 1 s, i.e. >= 10 M tuples/s.

#include "core/analysis/analyzer.h"
#include "core/analysis/streaminganalyzer.h"
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
    const std::int64_t calls = workload->spec.calls;
    const auto tuples = testing::simulateTrace(config, workload->spec);
    std::printf("analysis: %zu tuples, %lld calls, %d collectors, %zu threads\n", tuples.size(),
                static_cast<long long>(calls), config.collectorCount(), config.threads().size());

    // The first run pays the page faults of fresh memory, as a one-off `xylem-cli analyze`
    // does; later runs reuse the allocator's pages. Both are printed; the figure is the median.
    std::int64_t analysed = 0;
    const double cold = bench::medianSeconds(1, [&] { analysed = analyze(config, tuples).calls; });
    const double batch = bench::medianSeconds(5, [&] { analysed = analyze(config, tuples).calls; });
    std::printf("analysis: batch first run %.3f s, median of 5 more %.3f s, for %lld calls\n", cold,
                batch, static_cast<long long>(analysed));
    bench::printFigure("analysis_tuples_per_s", static_cast<double>(tuples.size()) / batch, "1/s");
    bench::printFigure("analysis_first_run_tuples_per_s", static_cast<double>(tuples.size()) / cold,
                       "1/s");

    const double streaming = bench::medianSeconds(3, [&] {
        StreamingAnalyzer s(config);
        s.add(tuples);
        analysed = s.report().calls;
    });
    std::printf("analysis: streaming median %.3f s for %lld calls\n", streaming,
                static_cast<long long>(analysed));
    bench::printFigure("analysis_streaming_tuples_per_s",
                       static_cast<double>(tuples.size()) / streaming, "1/s");
    return 0;
}
