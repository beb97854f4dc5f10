#pragma once

// SQL over what a session keeps in encoded chunks: four read-only virtual tables, registered
// on a session's own connection, decode the chunks as a query reads them (one chunk in memory
// at a time; `WHERE run_id = N` reads only that run's chunks). Beside the session's own tables
// (runs, mpi_ranks, system_samples, ...) a query may join them:
//
//   tuples(run_id, seq, collector, collector_index, down_ns, up_ns, op, ret)
//       every stored tuple; collector is the wrapper id of the edge that recorded it
//   calls(run_id, seq, start_ns, operation_time_ns, slowest_thread_time_ns, slowest_thread)
//       every complete call's figures (metrics.md §2); slowest_thread is a wrapper id
//   mpi_events(run_id, rank, call, communicator, seq, enter_ns, exit_ns, partner, tag, bytes,
//              completes)
//       every MPI call of runs with MPI data; call is the MPI name ("MPI_Allreduce")
//   mpi_tree_edges_decoded(run_id, rank, parent, call, communicator, seq, down_ns, up_ns,
//                          at_parent)
//       the edges of Xylem's tree of a run recorded with `xylem-cli mpi --tree` (the stored
//       table mpi_tree_edges holds them encoded, one frame per run); (communicator, seq) is the
//       call's in mpi_events; at_parent = 1 is the parent's side of an edge between hosts
//
// A damaged chunk ends the query with an error naming the chunk.

#include "core/model/result.h"
#include "core/store/session.h"

#include <string_view>
#include <vector>

namespace xylem::store {

struct EventTableInfo
{
    std::string_view name;
    std::string_view columns; // "run_id, seq, ..."
    std::string_view about;
};

const std::vector<EventTableInfo>& eventTables();

// The session must outlive its connection's use of the tables (they read through it).
Result<Ok> registerEventTables(Session& session);
// The same tables on another connection (named prefix + name), still reading the session.
Result<Ok> registerEventTables(Session& session, Database& on, std::string_view prefix);

} // namespace xylem::store
