#pragma once

// The node-counts stream's content (collectors/collector/leafsources.cpp) is part of the wire
// format: one binary NodeCounts record per collector and wave (core/protocol/gatherrecords.h),
// concatenated on the way up. The gather code names the type as its own.

#include "core/protocol/gatherrecords.h"

namespace xylem::gather {

using protocol::NodeCounts;

} // namespace xylem::gather
