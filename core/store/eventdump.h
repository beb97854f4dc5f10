#pragma once

// A session's decoded data as a plain SQLite file, for tools that have no Xylem (the sqlite3
// shell, DuckDB, pandas): the tables tuples, calls, mpi_events and mpi_tree_edges_decoded of
// eventtables.h as ordinary tables with an index on (run_id, seq), and the runs table as export
// --table runs gives it.
// The session is only read.

#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <string>

namespace xylem::store {

struct DumpCounts
{
    std::int64_t runs = 0;
    std::int64_t tuples = 0;
    std::int64_t calls = 0;
    std::int64_t mpiEvents = 0;
    std::int64_t treeEdges = 0;
};

// target must not exist yet (nothing is overwritten); on failure it is removed again.
Result<DumpCounts> dumpEventTables(Session& session, const std::string& target);

} // namespace xylem::store
