#include "core/analysis/runningstats.h"

#include <algorithm>
#include <cmath>

namespace xylem {

void RunningStats::add(std::int64_t value)
{
    if (m_count == 0) {
        m_shift = value;
    }
    // Relative to the first value: doubles keep nanoseconds exact near 1e18 only this way.
    const auto v = static_cast<double>(value - m_shift);
    m_min = m_count == 0 ? value : std::min(m_min, value);
    m_max = m_count == 0 ? value : std::max(m_max, value);
    ++m_count;
    const double delta = v - m_mean;
    m_mean += delta / static_cast<double>(m_count);
    m_m2 += delta * (v - m_mean);
    m_window.push(value);
}

void RunningStats::merge(const RunningStats& other)
{
    if (other.m_count == 0) {
        return;
    }
    if (m_count == 0) {
        *this = other;
        return;
    }
    // Chan et al.: the pairwise update of mean and M2.
    const auto n = static_cast<double>(m_count);
    const auto m = static_cast<double>(other.m_count);
    const double otherMean = other.m_mean + static_cast<double>(other.m_shift - m_shift);
    const double delta = otherMean - m_mean;
    m_mean += delta * m / (n + m);
    m_m2 += other.m_m2 + delta * delta * n * m / (n + m);
    m_min = std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
    m_count += other.m_count;
}

Stats RunningStats::stats() const
{
    Stats s;
    s.count = m_count;
    if (m_count == 0) {
        return s;
    }
    s.mean = static_cast<double>(m_shift) + m_mean;
    s.min = static_cast<double>(m_min);
    s.max = static_cast<double>(m_max);
    s.stddev = std::sqrt(std::max(0.0, m_m2) / static_cast<double>(m_count));
    s.windowMedian = m_window.median();
    return s;
}

} // namespace xylem
