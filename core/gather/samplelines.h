#pragma once

// The system-samples stream's content (collectors/collector/leafsources.h) is part of the wire
// format: one binary HostSamples record per collector and wave (core/protocol/gatherrecords.h),
// concatenated on the way up. The gather code names the types as its own.

#include "core/protocol/gatherrecords.h"

namespace xylem::gather {

using protocol::HostSamples;
using protocol::SampleValue;

} // namespace xylem::gather
