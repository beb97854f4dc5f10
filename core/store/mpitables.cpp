#include "core/store/mpitables.h"

#include "core/store/mpistore.h"

namespace xylem::store {

Result<Table> mpiRanksTable(Session& session, std::int64_t run)
{
    XYLEM_TRY(trace, mpiTrace(session, run));
    Table t{"mpi_ranks", {"rank", "host", "cluster"}, {}};
    for (const MpiRank& r : trace->ranks) {
        t.rows.push_back({std::int64_t(r.rank), r.host, r.cluster});
    }
    return t;
}

Result<Table> mpiEventsTable(Session& session, std::int64_t run)
{
    XYLEM_TRY(trace, mpiTrace(session, run));
    Table t{"mpi_events",
            {"rank", "call", "communicator", "seq", "enter_ns", "exit_ns", "partner", "tag",
             "bytes", "completes"},
            {}};
    t.rows.reserve(trace->events.size());
    for (const MpiEvent& e : trace->events) {
        t.rows.push_back({std::int64_t(e.rank), std::string(mpiCallName(e.call)),
                          std::int64_t(e.communicator), e.seq, e.enter, e.exit,
                          std::int64_t(e.partner), std::int64_t(e.tag), e.bytes,
                          std::int64_t(e.completes)});
    }
    return t;
}

} // namespace xylem::store
