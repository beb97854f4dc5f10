#pragma once

// Every per-call value of one metric (one gred's down latency, one thread's call time, ...):
// kept whole for the exact median, and through a sliding window for the live median.

#include "core/analysis/slidingwindowmedian.h"
#include "core/analysis/stats.h"

#include <cstdint>
#include <vector>

namespace xylem {

class ValueSeries
{
public:
    explicit ValueSeries(size_t window = kDefaultMedianWindow) : m_window(window) {}

    void reserve(size_t n) { m_values.reserve(n); }
    void push(std::int64_t value)
    {
        m_values.push_back(value);
        m_window.push(value);
    }
    size_t size() const { return m_values.size(); }

    // Reorders the stored values; later pushes and stats are unaffected by that.
    Stats stats()
    {
        Stats s = computeStats(m_values);
        s.windowMedian = m_window.median();
        return s;
    }

private:
    std::vector<std::int64_t> m_values;
    SlidingWindowMedian m_window;
};

} // namespace xylem
