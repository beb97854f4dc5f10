#pragma once

// Exact 128-bit sums over calls of every edge's down and up and of each gred's t1[l] and t4[f].
// A timemap stage is a difference of two of these per call, so its mean over calls is the
// difference of two sums divided by the call count: no per-thread, per-call work at all.

#include "core/model/int128.h"

#include <cstdint>
#include <vector>

namespace xylem {

struct PathSums
{
    std::int64_t calls = 0;
    std::vector<Int128> down;           // per wrapper: its parent edge's down
    std::vector<Int128> up;             // per wrapper
    std::vector<Int128> lastArrival;    // per gred slot: t1[l]
    std::vector<Int128> firstDeparture; // per gred slot: t4[f]

    double mean(Int128 sum) const;
};

} // namespace xylem
