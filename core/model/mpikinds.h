#pragma once

// The collective kinds of an MPI trace, grouped by (communicator, call): what the analysis can
// choose from (metrics.md §9, "MPI collective kinds"). Mixing kinds in one tree is wrong: a rooted
// collective lets ranks leave before the last one arrives, which made §4's "operation" stage of a
// mixed tree negative. So each (communicator, kind) is its own run, and only the kinds that
// synchronize every member become stage trees (core/model/mpiruns.h); the rooted ones get the
// root-aware summary of core/analysis/rootedsummary.h.
//
// A non-blocking collective (Iallreduce, ...) is a kind of its own: its instance arrives at the
// start call's enter and departs at the exit of the Wait/Test event that completes it
// (completes = Collective, same communicator and seq).

#include "core/model/mpitrace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

// Whether instances of the call can form §3-5's stage tree: every member leaves only after every
// member arrived (Synchronizing, and the non-blocking forms of those kinds), except the prefix
// reductions Scan and Exscan (and Iscan, Iexscan): rank i needs only ranks 0..i (0..i-1), so
// rank 0 may leave before the last rank arrives, and a recorded MPI_Exscan on one clock gave a
// negative "operation". They are neither stage trees nor rooted (isPrefix).
bool formsStageTree(MpiCall call);
bool isPrefix(MpiCall call);

struct MpiKindGroup
{
    std::int32_t communicator = 0;
    MpiCall call = MpiCall::Barrier;
    std::int64_t instances = 0; // seqs of the communicator that are this call
    std::int64_t complete = 0;  // of those, the ones every member arrived at and left
    std::int64_t timeNs = 0;    // sum over the members' calls of departure - arrival
};

// Every (communicator, collective call) with at least one instance, the most time first (ties:
// lower communicator id, then lower call code). Events that are not collectives are ignored;
// a completion without its start is left out.
std::vector<MpiKindGroup> collectiveKinds(const MpiTrace& trace);

// The default of `xylem-cli analyze` and of the GUI's chooser: the group with complete instances
// that has the most time, over every communicator; nullopt when no group has a complete instance.
// With stageTreeOnly, only kinds that form a stage tree are considered.
std::optional<MpiKindGroup> defaultKind(const std::vector<MpiKindGroup>& groups,
                                        bool stageTreeOnly = false);

// "MPI_Allreduce on MPI_COMM_WORLD" (the communicator's name, or "communicator N").
std::string kindLabel(const MpiTrace& trace, std::int32_t communicator, MpiCall call);

// A kind as a user types it: the MPI name ("MPI_Bcast", any case) or the short one ("bcast",
// "reduce_scatter_block", "iallreduce"); nullopt if it is no collective call.
std::optional<MpiCall> collectiveFromName(std::string_view name);
// The short names of every collective call, comma separated (for error messages).
std::string collectiveShortNames();

} // namespace xylem
