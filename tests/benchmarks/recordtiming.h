#pragma once

// Per-call costs of short operations, timed with the time-stamp counter. Calls are timed in
// groups of kGroup between fenced rdtsc reads (the cost of an empty bracket subtracted), so that
// they run as they would in a program, overlapped by the CPU, and the fences do not dominate;
// a group's time divided by its size is one sample. Medians and tails over the samples, in ns.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>
#include <x86intrin.h>

namespace xylem::bench {

inline std::uint64_t fencedTsc()
{
    _mm_lfence();
    const std::uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

inline double ticksPerNs()
{
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t c0 = __rdtsc();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const std::uint64_t c1 = __rdtsc();
    const auto t1 = std::chrono::steady_clock::now();
    return static_cast<double>(c1 - c0) /
           static_cast<double>(
               std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count());
}

struct CostDistribution
{
    double median = 0;
    double p99 = 0;
};

inline constexpr std::int64_t kGroup = 16;

// job(i) for i < calls; returns the distribution of its per-call cost in ns.
template <typename Job>
CostDistribution perCallCost(std::int64_t calls, double ticksPerNanosecond, Job&& job)
{
    std::vector<std::uint64_t> empty(10000);
    for (auto& e : empty) {
        const std::uint64_t a = fencedTsc();
        e = fencedTsc() - a;
    }
    std::nth_element(empty.begin(), empty.begin() + 5000, empty.end());
    const double overhead = static_cast<double>(empty[5000]);
    std::vector<double> costs(static_cast<size_t>(calls / kGroup));
    for (std::int64_t g = 0; g < calls / kGroup; ++g) {
        const std::uint64_t a = fencedTsc();
        for (std::int64_t i = g * kGroup; i < (g + 1) * kGroup; ++i) {
            job(i);
        }
        const std::uint64_t b = fencedTsc();
        costs[static_cast<size_t>(g)] = std::max(0.0, static_cast<double>(b - a) - overhead) /
                                        ticksPerNanosecond / static_cast<double>(kGroup);
    }
    std::sort(costs.begin(), costs.end());
    return CostDistribution{costs[costs.size() / 2], costs[costs.size() * 99 / 100]};
}

} // namespace xylem::bench
