// The EventSpace paper's Tables 1-3 on this machine: for gsum and compute-gsum on 4 hosts x 2
// threads, the slowdown and the gather rate with collectors only, the load-balance monitor with
// a single scope (sequential and parallel gathering), the distributed load-balance monitor, the
// statistics monitor and raw tracing. Each cell is the median of several `xylem-cli record
// --baseline` runs: a run without collectors, then the same run recorded live.
//
// Separate launches on two cores carrying a dozen processes differ by several per cent from
// one another, so the slowdowns are quoted with their spread; bench_gsum's interleaved
// figure isolates the recording cost itself. compute-gsum computes a fixed 100 us per
// iteration here: calibrated per launch, its compute time (and so its iteration) differed by
// tens of per cent between launches, which is no monitoring cost.

#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

struct Row
{
    const char* name;
    const char* scope; // xylem-scope/1 without the format
};

const Row kRows[] = {
    {"collectors only", R"("monitors": [])"},
    {"load balance, sequential", R"("monitors": ["load-balance"], "gathering": "sequential")"},
    {"load balance, parallel", R"("monitors": ["load-balance"], "gathering": "parallel")"},
    {"load balance, distributed", R"("monitors": ["load-balance-distributed"])"},
    {"statistics", R"("monitors": ["statistics"])"},
    {"raw tracing", R"("monitors": ["raw"])"},
};

struct Sample
{
    double slowdownPct = 0;
    double gatherRatePct = -1; // -1: none (collectors only)
};

bool recordOnce(const std::string& benchmark, const std::string& scopeFile, int iterations,
                Sample& sample)
{
    const std::string session = "/tmp/xylem-bench-live-" + std::to_string(::getpid()) + ".xylem";
    const std::string command =
        std::string(XYLEM_CLI) + " record --hosts 4 --threads 2 --baseline" + " --benchmark " +
        benchmark + (benchmark == "compute-gsum" ? " --compute-us 100" : "") + " --iterations " +
        std::to_string(iterations) + " --scope " + scopeFile + " -o " + session + " 2>/dev/null";
    FILE* out = ::popen(command.c_str(), "r");
    bool slowdown = false;
    char line[1024];
    while (out && std::fgets(line, sizeof line, out)) {
        slowdown =
            slowdown || std::sscanf(line, "record: slowdown %lf %%", &sample.slowdownPct) == 1;
        if (const char* at = std::strstr(line, "gather rate ");
            at && std::strstr(line, "complete calls")) {
            if (std::sscanf(at, "gather rate %lf %%", &sample.gatherRatePct) != 1) {
                sample.gatherRatePct = -1;
            }
        }
    }
    const int status = out ? ::pclose(out) : -1;
    std::remove(session.c_str());
    return status == 0 && slowdown;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

struct Cell
{
    double slowdown = -1, lowest = 0, highest = 0, gatherRate = -1;
};

Cell measure(const std::string& benchmark, const Row& row, int repeats, int iterations)
{
    const std::string scopeFile =
        "/tmp/xylem-bench-live-" + std::to_string(::getpid()) + ".scope.json";
    std::ofstream(scopeFile) << R"({"format": "xylem-scope/1", "name": ")" << row.name << "\", "
                             << row.scope << "}";
    std::vector<double> slowdowns, rates;
    for (int r = 0; r < repeats; ++r) {
        Sample s;
        if (recordOnce(benchmark, scopeFile, iterations, s)) {
            slowdowns.push_back(s.slowdownPct);
            rates.push_back(s.gatherRatePct);
        }
    }
    std::remove(scopeFile.c_str());
    if (slowdowns.empty()) {
        return {};
    }
    return {median(slowdowns), *std::min_element(slowdowns.begin(), slowdowns.end()),
            *std::max_element(slowdowns.begin(), slowdowns.end()), median(rates)};
}

} // namespace

int main(int argc, char** argv)
{
    const int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
    struct Benchmark
    {
        const char* name;
        int iterations;
        const char* figure;
    };
    for (const Benchmark b : {Benchmark{"gsum", 10000, "gsum_overhead_pct"},
                              Benchmark{"compute-gsum", 2000, "compute_gsum_overhead_pct"}}) {
        std::printf("%s, 4 hosts x 2 threads, %d calls, medians of %d recordings:\n", b.name,
                    b.iterations, repeats);
        std::printf("  %-28s %10s %22s %12s\n", "monitor", "slowdown", "(lowest .. highest)",
                    "gather rate");
        for (const Row& row : kRows) {
            const Cell c = measure(b.name, row, repeats, b.iterations);
            char rate[32] = "-";
            if (c.gatherRate >= 0) {
                std::snprintf(rate, sizeof rate, "%.3f %%", c.gatherRate);
            }
            std::printf("  %-28s %8.2f %% (%8.2f .. %8.2f) %%  %12s\n", row.name, c.slowdown,
                        c.lowest, c.highest, rate);
            std::fflush(stdout);
            if (std::strcmp(row.name, "load balance, parallel") == 0) {
                xylem::bench::printFigure(b.figure, c.slowdown, "%");
            }
            if (std::strcmp(row.name, "raw tracing") == 0 && std::strcmp(b.name, "gsum") == 0) {
                xylem::bench::printFigure("gather_rate_pct", c.gatherRate, "%");
            }
        }
    }
    return 0;
}
