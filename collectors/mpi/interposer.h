#pragma once

// What the PMPI wrappers share (lifecycle.cpp, collectives.cpp, pointtopoint.cpp, ...): the
// rank's recorder, made in MPI_Init and gone in MPI_Finalize. MPI calls the wrappers by name, so
// this is the library's one process-wide state; nothing else in it is global.
//
// The record path is what a recorded program pays on every MPI call (performance.md: <= 5 % of
// a 2-rank 8-byte MPI_Allreduce, of about 0.3-0.5 us): a pointer load, the communicator's entry
// (the world's without a search), one clock read before the call and one after, one ring push.
// Everything on it is inline and hidden from the dynamic linker: no call through the PLT.

#include "collectors/mpi/rankrecorder.h"

namespace xylem::mpi {

// The recorder MPI_Init made (lifecycle.cpp); nullptr before, after MPI_Finalize, or when the
// rank is not recorded. A plain pointer: set and cleared by the MPI_Init and MPI_Finalize
// wrappers, which MPI calls before and after every other.
extern RankRecorder* g_activeRank __attribute__((visibility("hidden")));

inline RankRecorder* activeRank() noexcept
{
    return g_activeRank;
}

// Times call() and records it as kind on comm: seq from the communicator (collectives) or the
// rank's own count (point-to-point); partner a communicator rank (-1: none) made a world rank.
template <typename Call>
int recordCall(MpiCall kind, MPI_Comm comm, std::int64_t bytes, int partner, int tag, Call&& call)
{
    RankRecorder* r = activeRank();
    if (!r) [[unlikely]] {
        return call();
    }
    CommTable& comms = r->comms();
    CommEntry* c = comms.find(comm);
    MpiEvent e;
    e.call = kind;
    e.rank = r->worldRank();
    e.communicator = c->id;
    e.seq = comms.collective(kind) ? c->nextSeq++ : r->nextP2pSeq();
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
