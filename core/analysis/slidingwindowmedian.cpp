#include "core/analysis/slidingwindowmedian.h"

#include "core/analysis/stats.h"

#include <algorithm>

namespace xylem {

SlidingWindowMedian::SlidingWindowMedian(size_t window)
    : m_ring(std::max<size_t>(window, 1))
{
}

double SlidingWindowMedian::median() const
{
    std::vector<std::int64_t> copy(m_ring.begin(), m_ring.begin() + static_cast<long>(m_size));
    return medianOf(copy);
}

} // namespace xylem
