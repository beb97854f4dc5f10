#pragma once

// The slowest stored call of a run, or of a time window of it (what One call opens for a run, a
// double-clicked bucket of the timeline, or the run's analysis window): the seq of the complete
// call with the largest operation time among those that start in the window, the later of equal
// ones (metrics.md §1's order, calldetail.h slowestCall). Read from the session's per-call
// records without reading every record of a run of millions: the run's operation-time timeline
// (level-of-detail buckets, timeline.h) says which buckets can hold it, by their max, and only
// those buckets' records are read, the highest max first, until no bucket left can beat the
// slowest found.

#include "core/model/result.h"
#include "core/store/runloader.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>

namespace xylem::store {

// nullopt when no complete call starts in the window (or the run has none).
Result<std::optional<std::int64_t>> slowestStoredCall(Session& session, std::int64_t run,
                                                      std::optional<TimeWindow> window = {});

} // namespace xylem::store
