// The point-to-point calls Xylem records (mpitrace.h's conventions): the sends (Send, Ssend, Bsend,
// Rsend, Isend, Issend) carry the destination; Recv the source it got from (MPI_ANY_SOURCE
// resolved) and the bytes received; Irecv the source asked for (-1 for any); Probe and Iprobe the
// source, tag and bytes of the message found (Iprobe finding none: the source and tag asked for,
// 0 bytes). Isend, Issend and Irecv are tracked for the Wait or Test that finishes them
// (completions.cpp). Sendrecv and Sendrecv_replace are two events with the call's enter and exit:
// the sending half (completes = Send: destination, send tag, bytes sent) and the receiving half
// (completes = Receive: source, tag and bytes received); a half to or from MPI_PROC_NULL moves no
// message and is left out (both: one event, completes = None).

#include "collectors/mpi/recordhelpers.h"

using xylem::MpiCall;
using xylem::MpiCompletion;
using xylem::mpi::activeRank;
using xylem::mpi::bytesOf;
using xylem::mpi::recordCall;
using xylem::mpi::recordStart;
using xylem::mpi::RequestKind;

namespace {

// Source, tag and bytes of a status into e (the status of a message that arrived or was found).
void fromStatus(xylem::mpi::RankRecorder& r, xylem::MpiEvent& e, const xylem::mpi::CommEntry& c,
                MPI_Datatype type, const MPI_Status& s)
{
    e.bytes = xylem::mpi::receivedBytes(r, type, s);
    e.partner = c.worldRank(s.MPI_SOURCE);
    e.tag = s.MPI_TAG;
}

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
        fromStatus(r, e, c, type, *used);
    }
    r.record(e);
    return result;
}

// An event of this rank's point-to-point count on c, partner a communicator rank.
xylem::MpiEvent p2pEvent(xylem::mpi::RankRecorder& r, MpiCall kind, xylem::mpi::CommEntry& c,
                         int partner, int tag)
{
    xylem::MpiEvent e = xylem::mpi::eventOf(r, kind);
    e.communicator = c.id;
    e.seq = r.nextP2pSeq();
    e.partner = c.worldRank(partner);
    e.tag = tag;
    return e;
}

// Sendrecv and Sendrecv_replace: call(status) between one pair of clock reads, then the halves.
template <typename Call>
int recordSendrecv(MpiCall kind, MPI_Comm comm, MPI_Datatype sendtype, int sendcount, int dest,
                   int sendtag, MPI_Datatype recvtype, int source, int recvtag, MPI_Status* status,
                   Call&& call)
{
    auto* r = activeRank();
    if (!r) {
        return call(status);
    }
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    const std::int64_t enter = r->now();
    const int result = call(used);
    const std::int64_t exit = r->now();
    // The bookkeeping after the call: the message to dest does not wait for it.
    auto* c = r->comms().find(comm);
    const std::int64_t sent = r->bytesOf(sendtype, sendcount);
    bool any = false;
    if (dest != MPI_PROC_NULL) {
        auto e = p2pEvent(*r, kind, *c, dest, sendtag);
        e.enter = enter;
        e.exit = exit;
        e.bytes = sent;
        e.completes = MpiCompletion::Send;
        r->record(e);
        any = true;
    }
    if (source != MPI_PROC_NULL) {
        auto e = p2pEvent(*r, kind, *c, source, recvtag);
        e.enter = enter;
        e.exit = exit;
        e.completes = MpiCompletion::Receive;
        if (result == MPI_SUCCESS && used->MPI_SOURCE >= 0) {
            fromStatus(*r, e, *c, recvtype, *used);
        }
        r->record(e);
        any = true;
    }
    if (!any) {
        auto e = p2pEvent(*r, kind, *c, -1, 0);
        e.enter = enter;
        e.exit = exit;
        r->record(e);
    }
    return result;
}

} // namespace

extern "C" {

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return recordCall(MpiCall::Send, comm, bytesOf(type, count), dest, tag,
                      [&] { return PMPI_Send(buf, count, type, dest, tag, comm); });
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return recordCall(MpiCall::Ssend, comm, bytesOf(type, count), dest, tag,
                      [&] { return PMPI_Ssend(buf, count, type, dest, tag, comm); });
}

int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return recordCall(MpiCall::Bsend, comm, bytesOf(type, count), dest, tag,
                      [&] { return PMPI_Bsend(buf, count, type, dest, tag, comm); });
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return recordCall(MpiCall::Rsend, comm, bytesOf(type, count), dest, tag,
                      [&] { return PMPI_Rsend(buf, count, type, dest, tag, comm); });
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request* request)
{
    return recordStart(MpiCall::Isend, RequestKind::Isend, comm, bytesOf(type, count), dest, tag,
                       request,
                       [&] { return PMPI_Isend(buf, count, type, dest, tag, comm, request); });
}

int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
               MPI_Request* request)
{
    return recordStart(MpiCall::Issend, RequestKind::Isend, comm, bytesOf(type, count), dest, tag,
                       request,
                       [&] { return PMPI_Issend(buf, count, type, dest, tag, comm, request); });
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request* request)
{
    return recordStart(MpiCall::Irecv, RequestKind::Irecv, comm, bytesOf(type, count), source, tag,
                       request,
                       [&] { return PMPI_Irecv(buf, count, type, source, tag, comm, request); });
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status* status)
{
    auto* r = activeRank();
    if (!r) {
        return PMPI_Recv(buf, count, type, source, tag, comm, status);
    }
    auto* c = r->comms().find(comm);
    return recordReceive(
        *r, p2pEvent(*r, MpiCall::Recv, *c, source, tag), *c, type, status,
        [&](MPI_Status* s) { return PMPI_Recv(buf, count, type, source, tag, comm, s); });
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status)
{
    auto* r = activeRank();
    if (!r) {
        return PMPI_Probe(source, tag, comm, status);
    }
    auto* c = r->comms().find(comm);
    return recordReceive(*r, p2pEvent(*r, MpiCall::Probe, *c, source, tag), *c, MPI_BYTE, status,
                         [&](MPI_Status* s) { return PMPI_Probe(source, tag, comm, s); });
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status)
{
    auto* r = activeRank();
    if (!r) {
        return PMPI_Iprobe(source, tag, comm, flag, status);
    }
    auto* c = r->comms().find(comm);
    auto e = p2pEvent(*r, MpiCall::Iprobe, *c, source, tag);
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    e.enter = r->now();
    const int result = PMPI_Iprobe(source, tag, comm, flag, used);
    e.exit = r->now();
    if (result == MPI_SUCCESS && *flag && used->MPI_SOURCE >= 0) {
        fromStatus(*r, e, *c, MPI_BYTE, *used);
    }
    r->record(e);
    return result;
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status* status)
{
    return recordSendrecv(MpiCall::Sendrecv, comm, sendtype, sendcount, dest, sendtag, recvtype,
                          source, recvtag, status, [&](MPI_Status* s) {
                              return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag,
                                                   recvbuf, recvcount, recvtype, source, recvtag,
                                                   comm, s);
                          });
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status* status)
{
    return recordSendrecv(MpiCall::SendrecvReplace, comm, type, count, dest, sendtag, type, source,
                          recvtag, status, [&](MPI_Status* s) {
                              return PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source,
                                                           recvtag, comm, s);
                          });
}

} // extern "C"
