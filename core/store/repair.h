#pragma once

// Repairing what a session derives from its tuples: the per-call records, the level-of-detail
// summaries and the runs' counts, rebuilt from the stored tuples (rebuildDerived: one chunk in
// memory at a time, however large the run). For sessions written before the calls were
// assembled exactly: there a collector whose tuples came late lost calls that `analyze`, which
// recomputes from the tuples, still found.

#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace xylem::store {

struct RunRepair
{
    std::int64_t run = 0;
    std::int64_t callsBefore = 0;
    std::int64_t incompleteBefore = 0;
    std::int64_t calls = 0;
    std::int64_t incomplete = 0;
    std::int64_t tuples = 0;

    bool changed() const { return calls != callsBefore || incomplete != incompleteBefore; }
};

// The run given, or every complete and interrupted run, each in its own transaction. Runs still
// recording are left out (recoverInterruptedRuns closes those cut off); naming one is an error.
Result<std::vector<RunRepair>> repairRuns(Session& session, std::optional<std::int64_t> run);

} // namespace xylem::store
