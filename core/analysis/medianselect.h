#pragma once

// Exact median (and any other pair of adjacent ranks) without reordering or copying the values: a histogram over the value range
// narrows the search to the bucket(s) holding the middle rank(s); only those few candidates
// are copied and selected. The histogram is filled during a pass the caller makes anyway
// (computeStats fuses it with the variance pass), so the median costs one more sequential
// pass instead of a copy and nth_element's scattered swaps.

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace xylem {

class MedianSelector
{
public:
    static constexpr unsigned kBucketBits = 12;
    static constexpr size_t kBuckets = size_t(1) << kBucketBits;
    static constexpr size_t kSmall = 512; // up to this many values, copy and nth_element

    // lo and hi: the smallest and largest of the n values to come.
    MedianSelector(std::int64_t lo, std::int64_t hi, size_t n);

    bool wantsCounts() const { return m_n > kSmall; }
    // Every value once; lane alternates 0, 1 so that runs of equal values do not serialize
    // on one counter.
    void count(std::int64_t value, size_t lane) { ++m_hist[lane & 1][bucket(value)]; }
    // The values counted (in any order, the same multiset).
    double finish(std::span<const std::int64_t> values);
    // For each wanted pair of ranks (0-based, k2 == k1 or k1 + 1), the k1-th and k2-th smallest
    // of the values counted, all found in at most one more pass (the median and the tail
    // percentiles of computeStats share it).
    struct RankPair
    {
        size_t k1 = 0;
        size_t k2 = 0;
    };
    using ValuePair = std::pair<std::int64_t, std::int64_t>;
    std::vector<ValuePair> ranks(std::span<const std::int64_t> values,
                                 std::span<const RankPair> wanted) const;

private:
    size_t bucket(std::int64_t v) const
    {
        return (static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(m_lo)) >> m_shift;
    }

    std::int64_t m_lo;
    unsigned m_shift = 0;
    size_t m_n;
    std::array<std::array<std::uint32_t, kBuckets>, 2> m_hist{};
};

// lo and hi are the smallest and largest of values (which must not be empty).
double selectMedian(std::span<const std::int64_t> values, std::int64_t lo, std::int64_t hi);

} // namespace xylem
