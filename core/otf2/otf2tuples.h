#pragma once

// How exportOtf2 keeps a run's tuples exact in its collector regions, so that importOtf2Runs
// gives the run back: the run's tree (xylem-tree/1) as a string property of its location
// groups, and each tuple's values as int64 attributes of its region's Enter (the region
// itself may be clipped to nest, see otf2export.h). Viewers such as Vampir ignore both.

#include <array>
#include <cstdint>

namespace xylem::otf2 {

inline constexpr const char* kTreeProperty = "xylem:tree";

// Attribute ids, in this order: seq, down, up, op, ret.
inline constexpr std::array<const char*, 5> kTupleAttributes = {
    "xylem:seq", "xylem:down_ns", "xylem:up_ns", "xylem:op", "xylem:ret"};

} // namespace xylem::otf2
