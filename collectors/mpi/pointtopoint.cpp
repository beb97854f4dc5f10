// The point-to-point calls Xylem records (mpitrace.h's conventions): Send and Isend carry the
// destination; Recv the source it got from (MPI_ANY_SOURCE resolved) and the bytes received;
// Irecv the source asked for (-1 for any); a Wait that completes an Irecv carries the source
// and the bytes received and is marked completes = Receive.

#include "collectors/mpi/interposer.h"

using xylem::MpiCall;
using xylem::mpi::activeRank;
using xylem::mpi::bytesOf;
using xylem::mpi::recordCall;

namespace {

// Times call() into e (enter, exit) around a status the wrapper needs even when the caller
// ignores it; then completes e from the status and records it.
template <typename Call>
int recordReceive(xylem::mpi::RankRecorder& r, xylem::MpiEvent e, xylem::mpi::CommEntry& c,
                  MPI_Datatype type, MPI_Status* status, Call&& call)
{
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    e.enter = r.now();
    const int result = call(used);
    e.exit = r.now();
    if (result == MPI_SUCCESS && used->MPI_SOURCE >= 0) {
        int count = 0;
        PMPI_Get_count(used, type, &count);
        e.bytes = r.bytesOf(type, count == MPI_UNDEFINED ? 0 : count);
        e.partner = c.worldRank(used->MPI_SOURCE);
        e.tag = used->MPI_TAG;
    }
    r.record(e);
    return result;
}

} // namespace

extern "C" {

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return recordCall(MpiCall::Send, comm, bytesOf(type, count), dest, tag,
                      [&] { return PMPI_Send(buf, count, type, dest, tag, comm); });
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request* request)
{
    return recordCall(MpiCall::Isend, comm, bytesOf(type, count), dest, tag,
                      [&] { return PMPI_Isend(buf, count, type, dest, tag, comm, request); });
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request* request)
{
    const int result = recordCall(MpiCall::Irecv, comm, bytesOf(type, count), source, tag, [&] {
        return PMPI_Irecv(buf, count, type, source, tag, comm, request);
    });
    if (auto* r = activeRank(); r && result == MPI_SUCCESS) {
        r->noteIrecv(*request, r->comms().find(comm));
    }
    return result;
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status* status)
{
    auto* r = activeRank();
    if (!r) {
        return PMPI_Recv(buf, count, type, source, tag, comm, status);
    }
    auto* c = r->comms().find(comm);
    xylem::MpiEvent e;
    e.call = MpiCall::Recv;
    e.rank = r->worldRank();
    e.communicator = c->id;
    e.seq = r->nextP2pSeq();
    e.partner = c->worldRank(source);
    e.tag = tag;
    return recordReceive(*r, e, *c, type, status, [&](MPI_Status* s) {
        return PMPI_Recv(buf, count, type, source, tag, comm, s);
    });
}

int MPI_Wait(MPI_Request* request, MPI_Status* status)
{
    auto* r = activeRank();
    auto* receive = r && request ? r->takeIrecv(*request) : nullptr;
    if (!receive) {
        return recordCall(MpiCall::Wait, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Wait(request, status); });
    }
    xylem::MpiEvent e;
    e.call = MpiCall::Wait;
    e.rank = r->worldRank();
    e.communicator = receive->id;
    e.seq = r->nextP2pSeq();
    e.completes = xylem::MpiCompletion::Receive;
    return recordReceive(*r, e, *receive, MPI_BYTE, status,
                         [&](MPI_Status* s) { return PMPI_Wait(request, s); });
}

} // extern "C"
