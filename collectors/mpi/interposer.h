#pragma once

// What the PMPI wrappers share (lifecycle.cpp, collectives.cpp, pointtopoint.cpp): the rank's
// recorder, made in MPI_Init and gone in MPI_Finalize. MPI calls the wrappers by name, so this
// is the library's one process-wide state; nothing else in it is global.

#include "collectors/mpi/rankrecorder.h"

namespace xylem::mpi {

// nullptr before MPI_Init, after MPI_Finalize, or when the rank is not recorded.
RankRecorder* activeRank() noexcept;

// Times call() and records it as kind on comm: seq from the communicator (collectives) or the
// rank's own count (point-to-point); partner a communicator rank (-1: none) made a world rank.
template <typename Call>
int recordCall(MpiCall kind, MPI_Comm comm, std::int64_t bytes, int partner, int tag, Call&& call)
{
    RankRecorder* r = activeRank();
    if (!r) {
        return call();
    }
    CommEntry* c = r->comms().find(comm);
    MpiEvent e;
    e.call = kind;
    e.rank = r->worldRank();
    e.communicator = c->id;
    e.seq = isCollective(kind) ? c->nextSeq++ : r->nextP2pSeq();
    e.bytes = bytes;
    e.partner = c->worldRank(partner);
    e.tag = tag;
    e.enter = r->now();
    const int result = call();
    e.exit = r->now();
    r->record(e);
    return result;
}

inline std::int64_t bytesOf(MPI_Datatype type, std::int64_t count)
{
    RankRecorder* r = activeRank();
    return r ? r->bytesOf(type, count) : 0;
}

} // namespace xylem::mpi
