#pragma once

// Reading a run back: its tuples into the analysis engine's arrays, and its per-call records.

#include "core/analysis/calltimes.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/session.h"

#include <cstdint>
#include <vector>

namespace xylem::store {

struct TimeWindow
{
    std::int64_t fromNs = 0; // inclusive
    std::int64_t toNs = 0;   // exclusive
};

Result<std::vector<Tuple>> loadTuples(Session& session, std::int64_t run);
Result<Run> loadRun(Session& session, std::int64_t run);
// Tuples whose down lies in the window (read from the chunks that overlap it).
Result<std::vector<Tuple>> loadTuplesIn(Session& session, std::int64_t run, TimeWindow window);
// Per-call records, by seq; with a window, only calls that start in it.
Result<std::vector<CallTimes>> loadCalls(Session& session, std::int64_t run);
Result<std::vector<CallTimes>> loadCallsIn(Session& session, std::int64_t run, TimeWindow window);

} // namespace xylem::store
