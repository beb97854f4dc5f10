#include "core/store/timebuckets.h"

#include "core/model/int128.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace xylem::store {

void SummaryBucket::merge(const SummaryBucket& other)
{
    count += other.count;
    min = std::min(min, other.min);
    max = std::max(max, other.max);
    sum += other.sum;
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

TimeBuckets::TimeBuckets(size_t capacity, std::int64_t initialWidth)
    : m_capacity(std::max<size_t>(capacity, 4)) // fewer than 4 buckets cannot span all of int64
    , m_width(std::max<std::int64_t>(initialWidth, 1))
{
}

void TimeBuckets::add(std::int64_t timeNs, std::int64_t value)
{
    std::int64_t k = floorDiv(timeNs, m_width);
    if (m_buckets.empty()) {
        m_first = k;
        m_buckets.emplace_back();
    }
    // Grow towards k, coarsening first whenever the span would exceed the capacity. Indices
    // are compared as 128-bit values: times near the ends of int64 must not overflow.
    const auto cap = static_cast<Int128>(m_capacity);
    while (static_cast<Int128>(k) < m_first - cap || static_cast<Int128>(k) >= m_first + 2 * cap) {
        coarsen();
        k = floorDiv(timeNs, m_width);
    }
    while (k < m_first) {
        m_buckets.emplace_front();
        --m_first;
    }
    while (static_cast<Int128>(k) >= m_first + static_cast<Int128>(m_buckets.size())) {
        m_buckets.emplace_back();
    }
    m_buckets[static_cast<size_t>(k - m_first)].add(value);
    while (m_buckets.size() > m_capacity) {
        coarsen();
    }
}

void TimeBuckets::coarsen()
{
    std::deque<SummaryBucket> merged;
    const std::int64_t first = floorDiv(m_first, 2);
    for (size_t i = 0; i < m_buckets.size(); ++i) {
        const auto target =
            static_cast<size_t>(floorDiv(m_first + static_cast<std::int64_t>(i), 2) - first);
        if (target >= merged.size()) {
            merged.resize(target + 1);
        }
        merged[target].merge(m_buckets[i]);
    }
    m_buckets = std::move(merged);
    m_first = first;
    m_width *= 2;
}

TimeBuckets::Coarse TimeBuckets::coarse(size_t maxBuckets) const
{
    Coarse out{m_width, m_first, {}};
    const auto filled = [](const SummaryBucket& b) {
        return b.count > 0;
    };
    const auto first = std::find_if(m_buckets.begin(), m_buckets.end(), filled);
    if (first == m_buckets.end()) {
        return out;
    }
    const auto last = std::find_if(m_buckets.rbegin(), m_buckets.rend(), filled).base() - 1;
    const std::int64_t from = m_first + (first - m_buckets.begin());
    const std::int64_t to = m_first + (last - m_buckets.begin());
    const std::int64_t most = std::max<std::int64_t>(1, static_cast<std::int64_t>(maxBuckets));
    std::int64_t factor = 1;
    while (floorDiv(to, factor) - floorDiv(from, factor) + 1 > most) {
        factor *= 2;
    }
    out.width = m_width * factor;
    out.firstIndex = floorDiv(from, factor);
    out.buckets.resize(static_cast<size_t>(floorDiv(to, factor) - out.firstIndex + 1));
    for (auto it = first; it != last + 1; ++it) {
        const std::int64_t k = m_first + (it - m_buckets.begin());
        out.buckets[static_cast<size_t>(floorDiv(k, factor) - out.firstIndex)].merge(*it);
    }
    return out;
}

namespace {

// The level `factor` times wider: bucket k of it merges buckets factor*k .. factor*k+factor-1.
SummaryLevel widen(const SummaryLevel& below, int factor, int level)
{
    SummaryLevel next{level, below.width * factor, floorDiv(below.firstIndex, factor), {}};
    for (size_t i = 0; i < below.buckets.size(); ++i) {
        const auto target = static_cast<size_t>(
            floorDiv(below.firstIndex + static_cast<std::int64_t>(i), factor) - next.firstIndex);
        if (target >= next.buckets.size()) {
            next.buckets.resize(target + 1);
        }
        next.buckets[target].merge(below.buckets[i]);
    }
    return next;
}

} // namespace

std::vector<SummaryLevel> buildPyramid(const TimeBuckets& finest, size_t top)
{
    std::vector<SummaryLevel> levels;
    if (finest.empty()) {
        return levels;
    }
    SummaryLevel base{0, finest.width(), finest.firstIndex(), finest.buckets()};
    // A sparse series (a short run: few values over a long span) would store mostly empty
    // buckets; no finer than about one value per bucket is ever worth reading.
    std::int64_t values = 0;
    for (const SummaryBucket& b : base.buckets) {
        values += b.count;
    }
    const auto enough = std::max<size_t>(top, static_cast<size_t>(values));
    while (base.buckets.size() > 2 * enough) {
        base = widen(base, 2, 0);
    }
    levels.push_back(std::move(base));
    while (levels.back().buckets.size() > top) {
        levels.push_back(widen(levels.back(), kLevelFactor, levels.back().level + 1));
    }
    return levels;
}

namespace {
void putI64(std::uint8_t* p, std::int64_t v)
{
    const auto u = static_cast<std::uint64_t>(v);
    for (int i = 0; i < 8; ++i) {
        p[i] = static_cast<std::uint8_t>(u >> (8 * i));
    }
}
std::int64_t getI64(const std::uint8_t* p)
{
    std::uint64_t u = 0;
    for (int i = 0; i < 8; ++i) {
        u |= std::uint64_t(p[i]) << (8 * i);
    }
    return static_cast<std::int64_t>(u);
}
} // namespace

std::vector<std::uint8_t> encodeBuckets(std::span<const SummaryBucket> buckets)
{
    std::vector<std::uint8_t> out(buckets.size() * kBucketRecordSize);
    for (size_t i = 0; i < buckets.size(); ++i) {
        std::uint8_t* p = out.data() + i * kBucketRecordSize;
        putI64(p, buckets[i].count);
        putI64(p + 8, buckets[i].min);
        putI64(p + 16, buckets[i].max);
        putI64(p + 24, std::bit_cast<std::int64_t>(buckets[i].sum));
    }
    return out;
}

std::vector<SummaryBucket> decodeBuckets(std::span<const std::uint8_t> bytes)
{
    std::vector<SummaryBucket> out(bytes.size() / kBucketRecordSize);
    for (size_t i = 0; i < out.size(); ++i) {
        const std::uint8_t* p = bytes.data() + i * kBucketRecordSize;
        out[i] = SummaryBucket{getI64(p), getI64(p + 8), getI64(p + 16),
                               std::bit_cast<double>(getI64(p + 24))};
    }
    return out;
}

} // namespace xylem::store
