#pragma once

// A small harness for the benchmarks: time a job several times, report the median, and print
// figures in the one format scripts compare: "figure <name> <value> <unit>".

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace xylem::bench {

template <typename Job> double medianSeconds(int repeats, Job&& job)
{
    std::vector<double> times;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        job();
        times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

inline void printFigure(const char* name, double value, const char* unit)
{
    std::printf("figure %s %.6g %s\n", name, value, unit);
    std::fflush(stdout);
}

} // namespace xylem::bench
