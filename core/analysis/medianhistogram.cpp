#include "core/analysis/medianhistogram.h"

#include "core/analysis/stats.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace xylem {

namespace {

constexpr auto kSmallSpan = static_cast<std::int64_t>(MedianHistogram::kExactBelow) - 1; // 255

// |v| without overflow: the smallest int64 has a magnitude of 2^63.
std::uint64_t magnitude(std::int64_t v)
{
    return v < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
}

} // namespace

void MedianHistogram::add(std::int64_t value)
{
    ++m_count;
    const std::uint64_t m = magnitude(value);
    if (m < kExactBelow) {
        if (m_small.empty()) {
            m_small.assign(static_cast<size_t>(2 * kSmallSpan + 1), 0);
        }
        ++m_small[static_cast<size_t>(value + kSmallSpan)];
        return;
    }
    const int octave = std::bit_width(m) - 1; // kFirstOctave .. 63
    const auto sub = static_cast<size_t>((m >> (octave - static_cast<int>(kSubBits))) - kSub);
    auto& block = m_blocks[static_cast<size_t>((value < 0 ? kOctaves : 0) + octave - kFirstOctave)];
    if (!block) {
        block = std::make_unique<Block>();
        block->fill(0);
    }
    ++(*block)[sub];
}

// Buckets in ascending order of value: negative octaves from the largest magnitude down, the
// exact small values, positive octaves up.
double MedianHistogram::valueAt(std::int64_t k) const
{
    const auto octaveBucket = [](int octave, size_t sub, bool negative) {
        const int shift = octave - static_cast<int>(kSubBits);
        const double lo = std::ldexp(static_cast<double>(kSub + sub), shift);
        const double middle = lo + (std::ldexp(1.0, shift) - 1.0) / 2.0;
        return negative ? -middle : middle;
    };
    for (int octave = 63; octave >= kFirstOctave; --octave) {
        if (const auto& block = m_blocks[static_cast<size_t>(kOctaves + octave - kFirstOctave)]) {
            for (size_t sub = kSub; sub-- > 0;) {
                if ((k -= (*block)[sub]) < 0) {
                    return octaveBucket(octave, sub, true);
                }
            }
        }
    }
    for (size_t i = 0; i < m_small.size(); ++i) {
        if ((k -= m_small[i]) < 0) {
            return static_cast<double>(static_cast<std::int64_t>(i) - kSmallSpan);
        }
    }
    for (int octave = kFirstOctave; octave <= 63; ++octave) {
        if (const auto& block = m_blocks[static_cast<size_t>(octave - kFirstOctave)]) {
            for (size_t sub = 0; sub < kSub; ++sub) {
                if ((k -= (*block)[sub]) < 0) {
                    return octaveBucket(octave, sub, false);
                }
            }
        }
    }
    return kNoValue; // k >= count
}

double MedianHistogram::median(double lo, double hi) const
{
    if (m_count == 0) {
        return kNoValue;
    }
    const auto clamp = [&](double v) {
        return std::clamp(v, lo, hi);
    };
    const double a = clamp(valueAt((m_count - 1) / 2));
    const double b = clamp(valueAt(m_count / 2));
    return (a + b) / 2.0;
}

double MedianHistogram::quantile(double q, double lo, double hi) const
{
    if (m_count == 0) {
        return kNoValue;
    }
    const PercentileRanks at = percentileRanks(static_cast<size_t>(m_count), q);
    const double a = std::clamp(valueAt(static_cast<std::int64_t>(at.lower)), lo, hi);
    const double b = std::clamp(valueAt(static_cast<std::int64_t>(at.upper)), lo, hi);
    return a + at.fraction * (b - a);
}

} // namespace xylem
