// Monitoring overhead on gsum and compute-gsum (performance.md: <= 1 % with every edge
// instrumented): xylem-gsum on a local cluster of 4 hosts x 2 threads. Two cores carry ten
// threads, so separate launches differ by 20 % or more from one another; the comparison is
// therefore made inside each launch, whose calls alternate blocks without and with recording
// (`--interleave`: same processes, sockets and tree). Figure: the median over launches. This
// is the cost of recording alone (gsum_recording_overhead_pct); bench_live measures the
// slowdown with collectors and a live monitor gathering (gsum_overhead_pct).

#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Interleaved
{
    double recordedUs = -1;
    double unrecordedUs = -1;
};

Interleaved launchOnce(const std::string& benchmark, int iterations, int block)
{
    const std::string command = std::string(XYLEM_GSUM) +
                                " launch --hosts 4 --threads 2 --benchmark " + benchmark +
                                " --iterations " + std::to_string(iterations) +
                                " --warmup 500 --interleave " + std::to_string(block) + " 2>&1";
    FILE* out = ::popen(command.c_str(), "r");
    Interleaved result;
    char line[512];
    while (out && std::fgets(line, sizeof line, out)) {
        const char* at = std::strstr(line, "calls: ");
        if (std::strncmp(line, "gsum: interleaved", 17) == 0 && at) {
            std::sscanf(at, "calls: %lf us per iteration recorded, %lf us unrecorded",
                        &result.recordedUs, &result.unrecordedUs);
        }
    }
    if (out) {
        ::pclose(out);
    }
    return result;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

void measure(const std::string& benchmark, const char* figure, int launches, int iterations)
{
    std::vector<double> overheads, with, without;
    for (int r = 0; r < launches; ++r) {
        const Interleaved run = launchOnce(benchmark, iterations, 50);
        if (run.unrecordedUs <= 0) {
            std::printf("%s: launch %d failed\n", benchmark.c_str(), r + 1);
            continue;
        }
        overheads.push_back((run.recordedUs - run.unrecordedUs) / run.unrecordedUs * 100.0);
        with.push_back(run.recordedUs);
        without.push_back(run.unrecordedUs);
        std::printf("%s launch %d: %.2f us per iteration recorded, %.2f unrecorded: %+.2f %%\n",
                    benchmark.c_str(), r + 1, run.recordedUs, run.unrecordedUs, overheads.back());
    }
    if (overheads.empty()) {
        std::printf("%s: every launch failed, no figure\n", benchmark.c_str());
        return;
    }
    std::printf("%s: 4 hosts x 2 threads, %d calls per launch in blocks of 50 alternating "
                "without/with recording, "
                "medians over %zu launches\n",
                benchmark.c_str(), iterations, overheads.size());
    xylem::bench::printFigure(figure, median(overheads), "%");
    xylem::bench::printFigure((std::string(figure) + "_us_without").c_str(), median(without), "us");
    xylem::bench::printFigure((std::string(figure) + "_us_with").c_str(), median(with), "us");
}

} // namespace

int main(int argc, char** argv)
{
    const int launches = argc > 1 ? std::atoi(argv[1]) : 5;
    const int iterations = argc > 2 ? std::atoi(argv[2]) : 20000;
    measure("gsum", "gsum_recording_overhead_pct", launches, iterations);
    measure("compute-gsum", "compute_gsum_recording_overhead_pct", launches, iterations / 2);
    return 0;
}
