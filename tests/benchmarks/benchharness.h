#pragma once

// A small harness for the benchmarks: time a job several times, report the median, and print
// figures in the one format scripts compare: "figure <name> <value> <unit>".

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
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

// The middle value (the upper one of an even count); NaN when there is none.
inline double median(std::vector<double> values)
{
    if (values.empty()) {
        return NAN;
    }
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// Runs a shell command, hands each line of its output to onLine (with its newline), and says
// whether it ran and exited 0.
template <typename OnLine> bool eachOutputLine(const std::string& command, OnLine&& onLine)
{
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        return false;
    }
    std::array<char, 1024> line{};
    while (std::fgets(line.data(), line.size(), pipe)) {
        onLine(std::string(line.data()));
    }
    return ::pclose(pipe) == 0;
}

inline void printFigure(const char* name, double value, const char* unit)
{
    std::printf("figure %s %.6g %s\n", name, value, unit);
    std::fflush(stdout);
}

} // namespace xylem::bench
