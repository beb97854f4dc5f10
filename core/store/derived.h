#pragma once

// What a session stores besides the tuples, derived from them: the per-call records (start,
// operation time, slowest thread) and the level-of-detail summaries. Written when a run is
// finished, rebuilt from the tuples when an older file is upgraded, an interrupted run is
// recovered or a run is repaired. These functions run inside the caller's transaction.

#include "core/analysis/calltimes.h"
#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/model/tuple.h"
#include "core/store/runsummary.h"
#include "core/store/sqlitedatabase.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem::store {

// Small enough that a narrow timeline window, which reads raw call records, decodes little
// beyond it (a 64 Ki-call chunk cost ~10 ms a frame); large enough that a whole-run load is
// a few thousand blobs. Readers take chunks of any size, so older files stay readable.
inline constexpr size_t kCallsPerChunk = 4096;

// The complete calls of a whole set of tuples, in seq order, and how many were incomplete.
struct CallRecords
{
    std::vector<CallTimes> calls;
    std::int64_t incomplete = 0;
};
CallRecords callRecords(const Configuration& config, std::span<const Tuple> tuples);

Result<Ok> writeCallChunk(Database& db, std::int64_t run, std::span<const CallTimes> calls);
// Replaces the run's summaries.
Result<Ok> writeSummaries(Database& db, std::int64_t run, const RunSummaryBuilder& summaries);

// Computes and stores calls and summaries of a run from all of its tuples; sets the run's
// counts and, if given, its status ("complete", "interrupted").
Result<Ok> writeDerived(Database& db, std::int64_t run, const Configuration& config,
                        std::span<const Tuple> tuples, const char* status = nullptr);
// The same from the tuples stored for the run, read a chunk at a time: memory stays bounded
// whatever the size of the run (the calls are assembled as a recording assembles them,
// callassembler.h). A tuple that breaks the rules loadRun checks is reported as damage.
Result<Ok> rebuildDerived(Database& db, std::int64_t run, const char* status = nullptr);

} // namespace xylem::store
