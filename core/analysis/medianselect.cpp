#include "core/analysis/medianselect.h"

#include <algorithm>
#include <limits>

namespace xylem {

namespace {

unsigned shiftFor(std::int64_t lo, std::int64_t hi)
{
    const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    unsigned shift = 0;
    while ((range >> shift) >= MedianSelector::kBuckets) {
        ++shift;
    }
    return shift;
}

// The buckets holding ranks k1 and k2, and how many values lie below the first of them.
struct Located
{
    size_t b1 = 0;
    size_t b2 = 0;
    size_t below = 0;
    size_t through = 0; // values in buckets up to and including b2
};

template <typename Count> Located locate(const Count& count, size_t k1, size_t k2)
{
    Located at;
    while (at.below + count(at.b1) <= k1) {
        at.below += count(at.b1++);
    }
    at.b2 = at.b1;
    at.through = at.below + count(at.b1);
    while (at.through <= k2) {
        at.through += count(++at.b2);
    }
    return at;
}

// The k1-th and k2-th smallest (0-based; k2 is k1 or k1 + 1) of a small set.
std::pair<std::int64_t, std::int64_t> selectSmall(std::vector<std::int64_t>& v, size_t k1,
                                                  size_t k2)
{
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k2), v.end());
    const std::int64_t second = v[k2];
    if (k1 == k2) {
        return {second, second};
    }
    return {*std::max_element(v.begin(), v.begin() + static_cast<long>(k2)), second};
}

template <typename Values>
std::vector<std::int64_t> collect(const Values& values, std::int64_t lo, unsigned shift,
                                  const Located& at)
{
    std::vector<std::int64_t> out;
    out.reserve(at.through - at.below);
    for (const std::int64_t v : values) {
        const size_t b = (static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(lo)) >> shift;
        if (b >= at.b1 && b <= at.b2) {
            out.push_back(v);
        }
    }
    return out;
}

// When the two middle ranks fall in different buckets, k1 is the last value of bucket b1 and
// k2 the first of b2: one pass finds both. (Narrowing instead would keep every value between
// them — all of a two-valued set — and never end.)
template <typename Values>
std::pair<std::int64_t, std::int64_t> straddle(const Values& values, std::int64_t lo,
                                               unsigned shift, const Located& at)
{
    std::pair<std::int64_t, std::int64_t> ab{std::numeric_limits<std::int64_t>::min(),
                                             std::numeric_limits<std::int64_t>::max()};
    for (const std::int64_t v : values) {
        const size_t b = (static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(lo)) >> shift;
        if (b == at.b1) {
            ab.first = std::max(ab.first, v);
        } else if (b == at.b2) {
            ab.second = std::min(ab.second, v);
        }
    }
    return ab;
}

// Ranks k1 and k2 of candidates. Far outliers can crowd the middle into few buckets, so
// narrow again until few are left; each round divides the range by kBuckets.
std::pair<std::int64_t, std::int64_t> selectRanks(std::vector<std::int64_t> candidates, size_t k1,
                                                  size_t k2)
{
    while (candidates.size() > MedianSelector::kSmall) {
        const auto [lo, hi] = std::minmax_element(candidates.begin(), candidates.end());
        if (*lo == *hi) {
            return {*lo, *lo};
        }
        const std::int64_t base = *lo;
        const unsigned shift = shiftFor(*lo, *hi);
        std::vector<std::uint32_t> hist(MedianSelector::kBuckets, 0);
        for (const std::int64_t v : candidates) {
            ++hist[(static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(base)) >> shift];
        }
        const Located at = locate([&](size_t b) { return size_t(hist[b]); }, k1, k2);
        if (at.b1 != at.b2) {
            return straddle(candidates, base, shift, at);
        }
        candidates = collect(candidates, base, shift, at);
        k1 -= at.below;
        k2 -= at.below;
    }
    return selectSmall(candidates, k1, k2);
}

double midpoint(std::pair<std::int64_t, std::int64_t> ab)
{
    return (static_cast<double>(ab.first) + static_cast<double>(ab.second)) / 2.0;
}

} // namespace

MedianSelector::MedianSelector(std::int64_t lo, std::int64_t hi, size_t n)
    : m_lo(lo)
    , m_shift(shiftFor(lo, hi))
    , m_n(n)
{
}

double MedianSelector::finish(std::span<const std::int64_t> values)
{
    const RankPair middle{(m_n - 1) / 2, m_n / 2};
    return midpoint(ranks(values, std::span(&middle, 1)).front());
}

std::vector<MedianSelector::ValuePair>
MedianSelector::ranks(std::span<const std::int64_t> values, std::span<const RankPair> wanted) const
{
    std::vector<ValuePair> out;
    out.reserve(wanted.size());
    if (!wantsCounts()) {
        std::vector<std::int64_t> sorted(values.begin(), values.end());
        std::sort(sorted.begin(), sorted.end());
        for (const RankPair& w : wanted) {
            out.emplace_back(sorted[w.k1], sorted[w.k2]);
        }
        return out;
    }
    const auto counts = [&](size_t b) { return size_t(m_hist[0][b]) + m_hist[1][b]; };
    std::vector<Located> at;
    for (const RankPair& w : wanted) {
        at.push_back(locate(counts, w.k1, w.k2));
    }
    if (m_shift == 0) { // one value per bucket: the buckets are the answer
        for (const Located& a : at) {
            out.emplace_back(m_lo + static_cast<std::int64_t>(a.b1),
                             m_lo + static_cast<std::int64_t>(a.b2));
        }
        return out;
    }
    // One pass: values in any wanted bucket become candidates of the pairs that want it (or,
    // for a pair whose ranks straddle two buckets, the largest of the first and smallest of the
    // second). A bit per bucket skips the rest with one test.
    std::array<std::uint64_t, kBuckets / 64> marked{};
    for (const Located& a : at) {
        for (size_t b = a.b1; b <= a.b2; ++b) {
            marked[b / 64] |= std::uint64_t(1) << (b % 64);
        }
    }
    std::vector<std::vector<std::int64_t>> candidates(at.size());
    std::vector<ValuePair> straddles(at.size(), {std::numeric_limits<std::int64_t>::min(),
                                                 std::numeric_limits<std::int64_t>::max()});
    for (const std::int64_t v : values) {
        const size_t b = (static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(m_lo)) >> m_shift;
        if ((marked[b / 64] >> (b % 64) & 1) == 0) {
            continue;
        }
        for (size_t i = 0; i < at.size(); ++i) {
            if (at[i].b1 == at[i].b2) {
                if (b == at[i].b1) {
                    candidates[i].push_back(v);
                }
            } else if (b == at[i].b1) {
                straddles[i].first = std::max(straddles[i].first, v);
            } else if (b == at[i].b2) {
                straddles[i].second = std::min(straddles[i].second, v);
            }
        }
    }
    for (size_t i = 0; i < at.size(); ++i) {
        if (at[i].b1 != at[i].b2) {
            out.push_back(straddles[i]);
        } else {
            out.push_back(selectRanks(std::move(candidates[i]), wanted[i].k1 - at[i].below,
                                      wanted[i].k2 - at[i].below));
        }
    }
    return out;
}

double selectMedian(std::span<const std::int64_t> values, std::int64_t lo, std::int64_t hi)
{
    MedianSelector selector(lo, hi, values.size());
    if (selector.wantsCounts()) {
        for (size_t i = 0; i < values.size(); ++i) {
            selector.count(values[i], i);
        }
    }
    return selector.finish(values);
}

} // namespace xylem
