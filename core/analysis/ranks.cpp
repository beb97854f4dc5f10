#include "core/analysis/ranks.h"

#include <algorithm>

namespace xylem {

namespace {
constexpr size_t kCountUpTo = 32;     // below this, counting beats sorting
constexpr unsigned kPositionBits = 5; // positions < 32 fit below the value in one key
} // namespace

Ranker::Ranker(size_t widest)
    : m_keys(widest)
    , m_pairs(widest)
{
}

void Ranker::rank(const std::int64_t* values, size_t n, int* rank)
{
    if (n <= kCountUpTo) {
        // One 64-bit key per value: (value - smallest) above the position, so that equal
        // values order by position. Then a rank is a count of smaller keys: branch-free.
        const std::int64_t lo = *std::min_element(values, values + n);
        const std::int64_t hi = *std::max_element(values, values + n);
        const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        if (range < (std::uint64_t(1) << (64 - kPositionBits))) {
            for (size_t i = 0; i < n; ++i) {
                m_keys[i] =
                    ((static_cast<std::uint64_t>(values[i]) - static_cast<std::uint64_t>(lo))
                     << kPositionBits) |
                    i;
            }
            for (size_t i = 0; i < n; ++i) {
                int r = 0;
                for (size_t j = 0; j < n; ++j) {
                    r += static_cast<int>(m_keys[j] < m_keys[i]);
                }
                rank[i] = r;
            }
            return;
        }
    }
    for (size_t i = 0; i < n; ++i) {
        m_pairs[i] = {values[i], static_cast<int>(i)};
    }
    std::sort(m_pairs.begin(), m_pairs.begin() + static_cast<long>(n));
    for (size_t r = 0; r < n; ++r) {
        rank[m_pairs[r].second] = static_cast<int>(r);
    }
}

} // namespace xylem
