#pragma once

// Statistics in bounded memory for monitors that run for hours: count, mean, min, max and
// population standard deviation (Welford's update, stable over millions of values) and the
// sliding-window median of the last W values. Unlike the analyzers, which keep every value
// for an exact median, a RunningStats reports no exact median (median stays NaN).

#include "core/analysis/slidingwindowmedian.h"
#include "core/analysis/stats.h"

#include <cstdint>

namespace xylem {

class RunningStats
{
public:
    explicit RunningStats(size_t window = kDefaultMedianWindow)
        : m_window(window)
    {
    }

    void add(std::int64_t value);
    // Combines two summaries of disjoint sets (a statistics merge up a gather tree). The
    // window of the result is this one's: windows of different sources have no common order.
    void merge(const RunningStats& other);

    Stats stats() const;
    std::int64_t count() const { return m_count; }

private:
    std::int64_t m_count = 0;
    std::int64_t m_shift = 0; // the first value: mean and m2 are kept relative to it
    double m_mean = 0;
    double m_m2 = 0; // sum of squared differences from the mean
    std::int64_t m_min = 0;
    std::int64_t m_max = 0;
    SlidingWindowMedian m_window;
};

} // namespace xylem
