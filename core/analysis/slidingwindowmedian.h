#pragma once

// The median of the last W values (W = 100 by default, as the Network Weather Service uses).
// push() is O(1) and allocation-free; median() costs O(W) and is asked for far less often.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem {

inline constexpr size_t kDefaultMedianWindow = 100;

class SlidingWindowMedian
{
public:
    explicit SlidingWindowMedian(size_t window = kDefaultMedianWindow);

    void push(std::int64_t value)
    {
        m_ring[m_next] = value;
        m_next = m_next + 1 == m_ring.size() ? 0 : m_next + 1;
        m_size += m_size < m_ring.size() ? 1 : 0;
    }

    size_t size() const { return m_size; }
    size_t window() const { return m_ring.size(); }
    double median() const; // NaN when empty

private:
    std::vector<std::int64_t> m_ring;
    size_t m_next = 0;
    size_t m_size = 0;
};

} // namespace xylem
