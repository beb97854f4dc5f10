#pragma once

// One event collector's record of one call (metrics.md §1): when the call passed from the
// wrapper into its parent (down) and when the parent returned to it (up).

#include <cstdint>

namespace xylem {

struct Tuple
{
    std::int64_t seq = 0;        // call number; tuples of one call share it
    std::int64_t down = 0;       // ns
    std::int64_t up = 0;         // ns
    std::uint32_t collector = 0; // index of the wrapper whose parent edge recorded it
    std::uint16_t op = 0;        // operation code (optional column)
    std::int16_t ret = 0;        // return code (optional column)

    bool operator==(const Tuple&) const = default;
};

// The probe's ring slots, the wire and the session store all assume 32 bytes.
static_assert(sizeof(Tuple) == 32, "Tuple must stay 32 bytes");

} // namespace xylem
