#pragma once

// The analysis takes differences of differences of timestamps (total latency is
// (t4 - t1) - (t3 - t2)); for all of them to fit in int64, the timestamps of one run may spread
// over at most 2^61 ns, about 73 years. Wider spreads are bad input, not data.

#include "core/model/int128.h"
#include "core/model/tuple.h"

#include <cstdint>

namespace xylem {

inline constexpr std::int64_t kMaxRunSpanNs = std::int64_t(1) << 61;

// For streams, checked tuple by tuple against the first accepted down: within half the span
// either way, so any two accepted timestamps are within the span.
inline bool withinRunSpan(const Tuple& t, std::int64_t reference)
{
    const Int128 half = kMaxRunSpanNs / 2;
    const Int128 down = static_cast<Int128>(t.down) - reference;
    const Int128 up = static_cast<Int128>(t.up) - reference;
    return down >= -half && down <= half && up >= -half && up <= half;
}

} // namespace xylem
