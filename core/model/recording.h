#pragma once

// Vocabulary shared by the node side (probe, collector) and everything that talks to it:
// how a ring's readers treat its buffer, and which clock its timestamps come from.

#include <cstdint>
#include <optional>
#include <string_view>

namespace xylem {

// The buffer policies of TAUoverSupermon, for one ring. The writer behaves the same under all
// four (it appends and, when the ring is full, overwrites the oldest tuple; it never blocks);
// the policy says what a read returns and whether it consumes:
//
//   FillRead      every tuple not yet seen by this reader; reading changes nothing.
//                 Several readers each see every tuple (EventSpace's default).
//   ReplaceRead   only the newest tuple; reading changes nothing. Several readers.
//   FillDrain     every tuple not yet drained; reading drains it. Several readers share the
//                 stream: each tuple goes to exactly one of them.
//   ReplaceDrain  the newest tuple if it was not drained yet; reading drains. Several readers
//                 share it as with FillDrain.
enum class BufferPolicy : std::uint32_t
{
    FillRead = 0,
    ReplaceRead = 1,
    FillDrain = 2,
    ReplaceDrain = 3
};

// Where raw timestamps come from; the collector converts both to nanoseconds.
enum class ClockKind : std::uint32_t
{
    Tsc = 1,       // the invariant time-stamp counter, in ticks
    Monotonic = 2, // clock_gettime(CLOCK_MONOTONIC), in ns (where the TSC is not invariant)
};

std::string_view toString(BufferPolicy policy);
std::optional<BufferPolicy> bufferPolicyFromString(std::string_view text); // "fill-read", ...
std::string_view toString(ClockKind clock);

// The gather rate: % of the recorded tuples a collector read before the writer overwrote them,
// read / (read + overwritten); 100 when nothing was seen yet.
inline double gatherRatePct(std::uint64_t read, std::uint64_t overwritten)
{
    const double seen = static_cast<double>(read) + static_cast<double>(overwritten);
    return seen == 0 ? 100.0 : 100.0 * static_cast<double>(read) / seen;
}

} // namespace xylem
