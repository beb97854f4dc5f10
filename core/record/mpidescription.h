#pragma once

// The run's description (mpi-run.json: ranks, hosts, clock exchanges, communicators) that rank 0
// writes into $XYLEM_MPI_OUT. The recording gives every rank the same folder, a path on the machine
// it runs on; when rank 0 runs on another machine that does not share it, the folder is made
// there, and the description is fetched from there through the launcher ("ssh {host}
// {command}") and the folder removed.

#include "core/model/result.h"

#include <optional>
#include <string>
#include <vector>

namespace xylem::record {

// The description's text; nullopt when no host has it (the program ended before MPI_Init or
// wrote none). `hosts`: the job's hosts, this machine's skipped, tried in order (rank 0 is
// usually on the first).
Result<std::optional<std::string>> fetchRunDescription(const std::string& folder,
                                                       const std::vector<std::string>& hosts,
                                                       const std::string& launcher);

} // namespace xylem::record
