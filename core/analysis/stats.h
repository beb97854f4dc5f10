#pragma once

// The summary of a set of per-call values (metrics.md §2): count, mean, min, max, population
// standard deviation, exact median and the tail percentiles p90, p99 and p99.9 (docs/metrics.md
// "Percentiles"); plus the sliding-window median that live monitors show.

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
    double median = kNoValue; // also the 50th percentile, p50
    double p90 = kNoValue;
    double p99 = kNoValue;
    double p999 = kNoValue;
    double windowMedian = kNoValue; // median of the last W values, in the order they came
};

// Leaves values as they are; windowMedian stays NaN (the series that owns the values sets it).
Stats computeStats(std::span<const std::int64_t> values);

// Exact median; for an even count the mean of the two middle values. NaN when empty.
double medianOf(std::span<const std::int64_t> values);

// Where the q-quantile (0 <= q <= 1) of n > 0 sorted values lies: h = (n - 1) * q, and the
// value is x[lower] + fraction * (x[upper] - x[lower]) with lower = floor(h) and upper the next
// rank (lower itself at the top). Linear interpolation between closest ranks: q = 0.5 gives the
// median of either parity.
struct PercentileRanks
{
    size_t lower = 0;
    size_t upper = 0;
    double fraction = 0.0;
};
PercentileRanks percentileRanks(size_t n, double q);

// The exact q-quantile of the values by that rule; NaN when empty.
double percentileOf(std::span<const std::int64_t> values, double q);

} // namespace xylem
