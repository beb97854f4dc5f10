#pragma once

// A run's MPI data as Tables, for "export any table as CSV" (storetables.h): "mpi_ranks" (rank,
// host, cluster) and "mpi_events" (one row per MPI call, in (rank, enter) order).

#include "core/model/result.h"
#include "core/model/table.h"
#include "core/store/session.h"

#include <cstdint>

namespace xylem::store {

Result<Table> mpiRanksTable(Session& session, std::int64_t run);
Result<Table> mpiEventsTable(Session& session, std::int64_t run);

} // namespace xylem::store
