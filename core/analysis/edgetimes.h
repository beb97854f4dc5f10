#pragma once

// One call's down and up on one edge; a call's row holds one per wrapper, indexed by the
// wrapper's position in the configuration (the root's slot is unused).

#include <cstdint>
#include <limits>

namespace xylem {

struct EdgeTimes
{
    std::int64_t down;
    std::int64_t up;
};

// Marks a slot no tuple has filled yet; a real timestamp never takes this value.
inline constexpr std::int64_t kEmptyDown = std::numeric_limits<std::int64_t>::min();

} // namespace xylem
