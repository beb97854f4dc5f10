#pragma once

// A host's clock model as the JSON document the session keeps (store::setClockModel):
//
// { "format": "xylem-clock/1", "host": "B", "master": "A", "reference": "A",
//   "is_reference": false, "measured": true, "drift_ppm": 12.5, "error_bound_ns": 850,
//   "start": {"local_ns": .., "offset_ns": .., "round_trip_ns": ..}, "end": {...},
//   "residual": {"max_violation_ns": 0, "violations": 0, "checks": 40} }
//
// error_bound_ns is null for an unmeasured host; start and end are absent then.

#include "core/analysis/clockmodel.h"
#include "core/model/result.h"

#include <string>

namespace xylem {

std::string clockModelJson(const HostClock& clock, const std::string& referenceHost);
// The inverse; an error names the missing or malformed member.
Result<HostClock> parseClockModelJson(const std::string& text);

} // namespace xylem
