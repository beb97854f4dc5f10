#pragma once

// The run's description (core/model/mpitracejson.h) from every rank's part: each rank knows
// all ranks' hosts, its own communicators and the clock samples it measured; rank 0 gathers the
// parts (PMPI_Gatherv of their JSON) and merges them. Collective over MPI_COMM_WORLD.

#include "collectors/mpi/commtable.h"
#include "core/model/mpitracejson.h"

#include <optional>
#include <vector>

namespace xylem::mpi {

// The merged description at rank 0, nullopt elsewhere.
std::optional<MpiRunInfo> gatherDescription(const std::vector<MpiRank>& ranks,
                                            const std::vector<CommEntry>& comms,
                                            const std::vector<MpiClockSample>& samples, int myRank,
                                            bool complete);

// Writes folder/mpi-run.json whole (a temporary file renamed into place).
Result<Ok> writeDescriptionFile(const std::string& folder, const MpiRunInfo& info);

} // namespace xylem::mpi
