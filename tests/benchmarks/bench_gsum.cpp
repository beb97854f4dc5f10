// Monitoring overhead on gsum and compute-gsum (performance.md: <= 1 % with every edge
// instrumented): xylem-gsum on a local cluster of 4 hosts x 2 threads, with and without event
// collectors, runs alternating so that drifts of the machine hit both alike; medians.

#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Microseconds per iteration, from the launch's summary line; negative if it failed.
double launchOnce(const std::string& benchmark, bool collectors, int iterations)
{
    std::string command = std::string(XYLEM_GSUM) + " launch --hosts 4 --threads 2 --benchmark " + benchmark +
                          " --iterations " + std::to_string(iterations) + " --warmup 200";
    if (!collectors) {
        command += " --no-collectors";
    }
    FILE* out = ::popen((command + " 2>&1").c_str(), "r");
    double us = -1;
    char line[512];
    while (out && std::fgets(line, sizeof line, out)) {
        double value = 0;
        const char* at = std::strstr(line, "calls: ");
        if (std::strncmp(line, "gsum: ", 6) == 0 && at && std::sscanf(at, "calls: %lf us per iteration", &value) == 1) {
            us = value;
        }
    }
    if (out) {
        ::pclose(out);
    }
    return us;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

void measure(const std::string& benchmark, const char* figure, int repeats, int iterations)
{
    std::vector<double> with, without;
    for (int r = 0; r < repeats; ++r) {
        without.push_back(launchOnce(benchmark, false, iterations));
        with.push_back(launchOnce(benchmark, true, iterations));
    }
    const double a = median(without);
    const double b = median(with);
    std::printf("%s: 4 hosts x 2 threads, %d iterations, %d runs each: %.2f us without collectors, %.2f us with "
                "(medians)\n",
                benchmark.c_str(), iterations, repeats, a, b);
    xylem::bench::printFigure(figure, (b - a) / a * 100.0, "%");
    xylem::bench::printFigure((std::string(figure) + "_us_without").c_str(), a, "us");
    xylem::bench::printFigure((std::string(figure) + "_us_with").c_str(), b, "us");
}

} // namespace

int main(int argc, char** argv)
{
    const int repeats = argc > 1 ? std::atoi(argv[1]) : 9;
    const int iterations = argc > 2 ? std::atoi(argv[2]) : 4000;
    measure("gsum", "gsum_overhead_pct", repeats, iterations);
    measure("compute-gsum", "compute_gsum_overhead_pct", repeats, iterations);
    return 0;
}
