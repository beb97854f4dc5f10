#pragma once

// What `xylem-cli mpi --adapt`'s run-time tuner did in a run (MpiTreeAdapt, mpitracejson.h),
// kept in the session beside the run's MPI data (format 5: mpi_tree_adapt, its trial blocks
// and its switches), so that info and the timeline can say which tree each call of the world's
// MPI_Allreduce went through and where the tree changed. Each switch is stored with the start
// of its call on the run's clock (the earliest enter of that world collective in the corrected
// trace), worked out once when the run is stored instead of each time the timeline is drawn.

#include "core/model/mpitrace.h"
#include "core/model/mpitracejson.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace xylem::store {

// A switch of the tuner and when its call started (ns on the run's clock; nullopt when the
// trace kept no event of that world collective, e.g. the switch's seq is -1).
struct TreeSwitchAt
{
    MpiTreeSwitch change;
    std::optional<std::int64_t> startNs;

    bool operator==(const TreeSwitchAt&) const = default;
};

// The earliest enter of collective instance `seq` on MPI_COMM_WORLD in the trace; nullopt when
// none of its events is there.
std::optional<std::int64_t> worldCollectiveStart(const MpiTrace& trace, std::int64_t seq);

// Stores the tuner's record with run `run` (which must exist), every switch's start taken from
// `trace`; an error if the run already has one.
Result<Ok> addMpiTreeAdapt(Session& session, std::int64_t run, const MpiTreeAdapt& adapt,
                           const MpiTrace& trace);
// The record stored with the run; nullopt when the run was not adapted (or the file is older
// than format 5).
Result<std::optional<MpiTreeAdapt>> mpiTreeAdapt(Session& session, std::int64_t run);
// The run's switches in call order with their starts; empty when it has none.
Result<std::vector<TreeSwitchAt>> mpiTreeSwitches(Session& session, std::int64_t run);

} // namespace xylem::store
