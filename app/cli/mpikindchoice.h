#pragma once

// Which (communicator, collective kind) of a session's MPI run `xylem-cli analyze` analyses
// (metrics.md §9): --kind KIND (the MPI name or the short one: allreduce, MPI_Bcast, ...) and
// --comm N (a communicator id or name), each optional. Without them the default is the kind with
// the most time (the sum of its calls' time) over every communicator, among kinds that have a
// complete instance. --kind alone takes MPI_COMM_WORLD when the kind is there, else the
// communicator where it has the most time; --comm alone the kind with the most time on it.
//
// The MPI data a choice reads: the run given with --run, else (a session of several runs, all of
// them MPI runs) the newest; a session whose runs are not all MPI runs still needs --run. Errors
// name the valid choices.

#include "app/cli/arguments.h"
#include "core/analysis/clockmodel.h"
#include "core/model/mpikinds.h"
#include "core/model/mpiruns.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace xylem::cli {

struct KindChoice
{
    std::int64_t run = 0; // the run whose MPI data was read
    MpiTrace trace;
    std::vector<MpiKindGroup> groups; // collectiveKinds(trace)
    MpiKindGroup chosen;
    bool isDefault = false;           // neither --kind nor --comm was given
    RunShape shape = RunShape::Flat;  // the stored run's shape
    std::vector<HostClock> clocks;    // the run's stored clock models (residual skew)
};

// nullopt when the analysis is of a stored run as it is: files, a run given with --run and no
// --kind/--comm, a session without MPI data, or MPI data without any complete collective.
Result<std::optional<KindChoice>> chooseKind(const Arguments& args, store::Session& session);

// "MPI_Allreduce on MPI_COMM_WORLD (200 calls, 12.3 ms)"
std::string describeGroup(const MpiTrace& trace, const MpiKindGroup& group);

} // namespace xylem::cli
