#pragma once

// The median of any number of int64 values in bounded memory, for the live engine that runs for
// hours (seriesstore.h): values are counted in buckets of a relative width of at most 1/128
// (HDR-histogram style: 128 buckets per power of two, exact below 256 in magnitude), so the
// median it gives lies within 0.4 % of the exact one. At most ~120 KB however many values,
// a few KB for values of a few orders of magnitude (a block per power of two met).

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace xylem {

class MedianHistogram
{
public:
    static constexpr unsigned kSubBits = 7;
    static constexpr std::uint64_t kExactBelow = std::uint64_t(2) << kSubBits; // 256

    void add(std::int64_t value);
    std::int64_t count() const { return m_count; }
    // NaN when empty; for an even count the mean of the two middle values' estimates. lo and
    // hi: the smallest and largest value, which bound the estimates.
    double median(double lo, double hi) const;
    // The q-quantile (0 <= q <= 1) by stats.h's rule (percentileRanks), from the buckets'
    // estimates: within 0.4 % as the median is.
    double quantile(double q, double lo, double hi) const;

private:
    static constexpr size_t kSub = size_t(1) << kSubBits;
    static constexpr int kFirstOctave = static_cast<int>(kSubBits) + 1; // 2^8 = kExactBelow
    static constexpr int kOctaves = 64 - kFirstOctave;
    using Block = std::array<std::int64_t, kSub>;

    // The value of 0-based rank k, estimated as the middle of its bucket.
    double valueAt(std::int64_t k) const;

    std::vector<std::int64_t> m_small;                         // -255 .. 255, made on first use
    std::array<std::unique_ptr<Block>, 2 * kOctaves> m_blocks; // [negative?][octave]
    std::int64_t m_count = 0;
};

} // namespace xylem
