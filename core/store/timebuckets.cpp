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
    , m_shift(std::has_single_bit(static_cast<std::uint64_t>(m_width))
                  ? std::countr_zero(static_cast<std::uint64_t>(m_width))
                  : -1)
{
}

void TimeBuckets::add(std::int64_t timeNs, std::int64_t value)
{
    std::int64_t k = indexOf(timeNs);
    // Most values fall in a bucket held already (unsigned: k - m_first may not fit an int64).
    if (const std::uint64_t at = static_cast<std::uint64_t>(k) - static_cast<std::uint64_t>(m_first);
        at < m_size) {
        begin()[at].add(value);
        return;
    }
    if (m_size == 0) {
        m_first = k;
        extend(0, 1);
    }
    // Coarsen while the span with k would exceed the capacity: the coarsest width needed, so
    // the same as growing first and coarsening after. Indices are compared as 128-bit values:
    // times near the ends of int64 must not overflow.
    const auto cap = static_cast<Int128>(m_capacity);
    for (;;) {
        const Int128 last = static_cast<Int128>(m_first) + static_cast<Int128>(m_size) - 1;
        const Int128 from = std::min<Int128>(m_first, k);
        const Int128 to = std::max<Int128>(last, k);
        if (to - from < cap) {
            break;
        }
        coarsen();
        k = indexOf(timeNs);
    }
    if (k < m_first) {
        extend(static_cast<size_t>(m_first - k), 0);
        m_first = k;
    } else if (const auto at = static_cast<size_t>(k - m_first); at >= m_size) {
        extend(0, at + 1 - m_size);
    }
    begin()[k - m_first].add(value);
}

// Room for `front` more buckets before the first and `back` after the last, empty; the total
// stays within the capacity.
void TimeBuckets::extend(size_t front, size_t back)
{
    const size_t size = m_size + front + back;
    if (front > m_offset || m_offset + m_size + back > m_store.size()) {
        // Twice what is needed, up to the capacity; the room goes where it was wanted.
        std::vector<SummaryBucket> store(
            std::min(std::max<size_t>(2 * size, 16), std::max(m_capacity, size)));
        const size_t room = store.size() - size;
        const size_t offset = front > 0 ? room / 2 : 0;
        std::copy(begin(), begin() + m_size, store.begin() + static_cast<long>(offset + front));
        m_store = std::move(store);
        m_offset = offset;
    } else {
        m_offset -= front;
    }
    m_size = size;
}

// Bucket k becomes bucket floor(k / 2) of twice the width, in place: the new bucket j merges
// the old ones at 2j - odd and 2j - odd + 1 (odd: the first index's parity), in that order.
void TimeBuckets::coarsen()
{
    const std::int64_t first = floorDiv(m_first, 2);
    const size_t odd = static_cast<size_t>(m_first - 2 * first);
    const size_t size = (m_size + odd + 1) / 2;
    SummaryBucket* b = begin();
    for (size_t j = 0; j < size; ++j) {
        SummaryBucket merged;
        const size_t low = 2 * j; // old index + odd
        if (low >= odd) {
            merged.merge(b[low - odd]);
        }
        if (low + 1 - odd < m_size) {
            merged.merge(b[low + 1 - odd]);
        }
        b[j] = merged;
    }
    std::fill(b + size, b + m_size, SummaryBucket{});
    m_size = size;
    m_first = first;
    m_width *= 2;
    m_shift = m_shift >= 0 ? m_shift + 1 : -1;
}

TimeBuckets::Coarse TimeBuckets::coarse(size_t maxBuckets) const
{
    Coarse out{m_width, m_first, {}};
    const auto filled = [](const SummaryBucket& b) {
        return b.count > 0;
    };
    const SummaryBucket* const held = begin();
    const SummaryBucket* const end = held + m_size;
    const SummaryBucket* const first = std::find_if(held, end, filled);
    if (first == end) {
        return out;
    }
    const SummaryBucket* last = end - 1;
    while (!filled(*last)) {
        --last;
    }
    const std::int64_t from = m_first + (first - held);
    const std::int64_t to = m_first + (last - held);
    const std::int64_t most = std::max<std::int64_t>(1, static_cast<std::int64_t>(maxBuckets));
    std::int64_t factor = 1;
    while (floorDiv(to, factor) - floorDiv(from, factor) + 1 > most) {
        factor *= 2;
    }
    out.width = m_width * factor;
    out.firstIndex = floorDiv(from, factor);
    out.buckets.resize(static_cast<size_t>(floorDiv(to, factor) - out.firstIndex + 1));
    for (const SummaryBucket* it = first; it != last + 1; ++it) {
        const std::int64_t k = m_first + (it - held);
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
