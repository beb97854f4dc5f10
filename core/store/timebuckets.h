#pragma once

// Level-of-detail summaries for the timeline: values (a call's operation time, a collector's
// up - down) counted into time buckets of a power-of-two width. Bucket k covers
// [k * width, (k + 1) * width) on the absolute time axis, so doubling the width merges buckets
// pairwise and a coarser level is a merge of eight. The width adapts as data arrives: when the
// buckets would exceed their capacity they merge, so memory stays bounded whatever the span.
// The width is the finest that holds every value's bucket within the capacity, so the buckets
// depend on the values added, not on their order (a bucket's sum of integer values below 2^53
// is exact in a double).

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace xylem::store {

// Rounds toward minus infinity (bucket indices of negative times).
std::int64_t floorDiv(std::int64_t a, std::int64_t b);

struct SummaryBucket
{
    std::int64_t count = 0;
    std::int64_t min = std::numeric_limits<std::int64_t>::max();
    std::int64_t max = std::numeric_limits<std::int64_t>::min();
    double sum = 0; // for the mean; a double does not overflow over millions of values

    void add(std::int64_t value)
    {
        ++count;
        min = value < min ? value : min;
        max = value > max ? value : max;
        sum += static_cast<double>(value);
    }
    void merge(const SummaryBucket& other);
};

class TimeBuckets
{
public:
    explicit TimeBuckets(size_t capacity, std::int64_t initialWidth = 1);

    void add(std::int64_t timeNs, std::int64_t value);

    std::int64_t width() const { return m_width; }
    std::int64_t firstIndex() const { return m_first; }
    bool empty() const { return m_size == 0; }
    std::vector<SummaryBucket> buckets() const { return {begin(), begin() + m_size}; }
    // The non-empty span merged into at most maxBuckets buckets, each a power-of-two multiple
    // of width() wide (empty buckets kept, so index i starts at (firstIndex + i) * width).
    // One pass over the buckets held: bounded by the capacity, whatever was added.
    struct Coarse;
    Coarse coarse(size_t maxBuckets) const;

private:
    std::int64_t indexOf(std::int64_t timeNs) const
    {
        // C++20 shifts a negative value arithmetically: a floor division by the width.
        return m_shift >= 0 ? timeNs >> m_shift : floorDiv(timeNs, m_width);
    }
    const SummaryBucket* begin() const { return m_store.data() + m_offset; }
    SummaryBucket* begin() { return m_store.data() + m_offset; }
    void coarsen();
    void extend(size_t front, size_t back);

    size_t m_capacity;
    std::int64_t m_width;
    int m_shift = -1; // log2 of the width when it is a power of two
    std::int64_t m_first = 0;
    // The buckets of indices m_first.. are m_store[m_offset, m_offset + m_size); the rest of
    // m_store is empty buckets, room to grow at either end without moving them.
    std::vector<SummaryBucket> m_store;
    size_t m_offset = 0;
    size_t m_size = 0;
};

// One level of a summary pyramid.
struct SummaryLevel
{
    int level = 0;
    std::int64_t width = 1;
    std::int64_t firstIndex = 0;
    std::vector<SummaryBucket> buckets;
};

struct TimeBuckets::Coarse
{
    std::int64_t width = 1;
    std::int64_t firstIndex = 0;
    std::vector<SummaryBucket> buckets; // empty when nothing was added
};

inline constexpr int kLevelFactor = 8;

// Level 0 and coarser levels, each kLevelFactor times wider, down to at most `top` buckets.
std::vector<SummaryLevel> buildPyramid(const TimeBuckets& finest, size_t top = 64);


// Fixed 32-byte little-endian records, so that a slice of a level can be read without the rest.
inline constexpr size_t kBucketRecordSize = 32;
std::vector<std::uint8_t> encodeBuckets(std::span<const SummaryBucket> buckets);
std::vector<SummaryBucket> decodeBuckets(std::span<const std::uint8_t> bytes);

} // namespace xylem::store
