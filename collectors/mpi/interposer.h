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
// Between the clock reads only call(); the bookkeeping comes after it, when a send's message
// is already on its way (comm must outlive call(): every recorded call but MPI_Comm_free).
template <typename Call>
int recordCall(MpiCall kind, MPI_Comm comm, std::int64_t bytes, int partner, int tag, Call&& call)
{
    RankRecorder* r = activeRank();
    if (!r) [[unlikely]] {
        return call();
    }
    const std::int64_t enter = r->now();
    const int result = call();
    const std::int64_t exit = r->now();
    CommTable& comms = r->comms();
    CommEntry* c = comms.find(comm);
    MpiEvent e;
    e.enter = enter;
    e.exit = exit;
    e.call = kind;
    e.rank = r->worldRank();
    e.communicator = c->id;
    e.seq = comms.collective(kind) ? c->nextSeq++ : r->nextP2pSeq();
    e.bytes = bytes;
    e.partner = c->worldRank(partner);
    e.tag = tag;
    r->record(e);
    return result;
}

inline std::int64_t bytesOf(MPI_Datatype type, std::int64_t count)
{
    RankRecorder* r = activeRank();
    return r ? r->bytesOf(type, count) : 0;
}

// The bytes a receive's status says arrived (count whole elements of type; a message that ends
// inside an element: 0). OpenMPI keeps the byte count in the status itself, which MPI_Get_count
// divides by the type's size: read without a call, on the path a ping-pong's partner waits on.
inline std::int64_t receivedBytes(RankRecorder& r, MPI_Datatype type, const MPI_Status& s)
{
#ifdef OPEN_MPI
    const auto bytes = static_cast<std::int64_t>(s._ucount);
    const std::int64_t size = r.bytesOf(type, 1);
    const std::int64_t partial = (size & (size - 1)) == 0 ? bytes & (size - 1) // no division
                                                            : size > 0 ? bytes % size : 0;
    return partial != 0 ? 0 : bytes;
#else
    int count = 0;
    PMPI_Get_count(&s, type, &count);
    return r.bytesOf(type, count == MPI_UNDEFINED ? 0 : count);
#endif
}

} // namespace xylem::mpi
