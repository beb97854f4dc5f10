#pragma once

// Where a collector started by the user's own launcher stands in its job, from the environment
// the launcher gives each task, so that `srun --ntasks-per-node=1 xylem-collector --attach F`
// and `mpirun --map-by ppr:1:node xylem-collector --attach F` need no --node per node.
//
// Precedence, innermost launcher first:
//   1. mpirun (OpenMPI): OMPI_COMM_WORLD_RANK is the rank; OMPI_COMM_WORLD_LOCAL_RANK the rank
//      on the node. The node's index is the world rank when the node runs one task
//      (OMPI_COMM_WORLD_LOCAL_SIZE 1 or absent, as with --map-by ppr:1:node); OpenMPI names
//      no node index itself (OMPI_COMM_WORLD_NODE_RANK is the rank on the node across jobs).
//      It comes first because an mpirun inside a Slurm allocation leaves the allocation's
//      SLURM_* variables in its tasks' environment.
//   2. srun (Slurm): SLURM_PROCID is the rank, SLURM_NODEID the node's index in the job,
//      SLURM_LOCALID the rank on the node.
//   3. PMIx: PMIX_RANK, the rank only (the node's index needs a PMIx_Get of PMIX_NODEID from
//      a PMIx server; the variable serves every launcher that starts one task per node).
// A variable that is set but not a whole number from 0 to 2^31-1 is an error naming it.

#include "core/model/result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace xylem::tree {

struct LauncherPlace
{
    std::string launcher;                   // "mpirun", "srun" or "PMIx"
    std::uint32_t rank = 0;                 // the task's rank in its job
    std::optional<std::uint32_t> nodeIndex; // the node's index in the job, when known
    std::uint32_t localRank = 0;            // the task's rank on its node
    std::string source;                     // the variable the index comes from (for messages)

    // The node's index when known, else the rank (right when one task runs per node).
    std::uint32_t index() const { return nodeIndex.value_or(rank); }
};

// name -> value, or nullptr when unset (std::getenv in production, a table in tests).
using EnvironmentLookup = std::function<const char*(const char*)>;

// nullopt when no launcher's variables are set.
Result<std::optional<LauncherPlace>> launcherPlace(const EnvironmentLookup& environment);
Result<std::optional<LauncherPlace>> launcherPlaceFromEnvironment();

} // namespace xylem::tree
