#pragma once

// The summary of a set of per-call values (metrics.md §2): count, mean, min, max, population
// standard deviation and exact median; plus the sliding-window median that live monitors show.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

namespace xylem {

inline constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

struct Stats
{
    std::int64_t count = 0;
    double mean = kNoValue; // every field but count is NaN when count == 0
    double min = kNoValue;
    double max = kNoValue;
    double stddev = kNoValue;
    double median = kNoValue;
    double windowMedian = kNoValue; // median of the last W values, in the order they came
};

// Leaves values as they are; windowMedian stays NaN (the series that owns the values sets it).
Stats computeStats(std::span<const std::int64_t> values);

// Exact median; for an even count the mean of the two middle values. NaN when empty.
double medianOf(std::span<const std::int64_t> values);

} // namespace xylem
