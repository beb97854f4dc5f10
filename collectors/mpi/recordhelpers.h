#pragma once

// Record paths besides interposer.h's recordCall, for calls that start a request (Isend, Issend,
// Irecv, the non-blocking collectives: the request is tracked for the Wait or Test that finishes
// it) or that record more than one event (Sendrecv's halves, completions.cpp). Same rules as
// recordCall: one clock read before and after the PMPI call and nothing else between them, one
// record() per event, no lock, no allocation.

#include "collectors/mpi/interposer.h"

namespace xylem::mpi {

// An event of call kind by this rank, its communicator and seq not yet set.
inline MpiEvent eventOf(const RankRecorder& r, MpiCall kind)
{
    MpiEvent e;
    e.call = kind;
    e.rank = r.worldRank();
    return e;
}

// Like recordCall, then tracks *request (when the call succeeded and made one) as `as`:
// partner is a communicator rank (or the root), made a world rank as recordCall does.
template <typename Call>
int recordStart(MpiCall kind, RequestKind as, MPI_Comm comm, std::int64_t bytes, int partner,
                int tag, MPI_Request* request, Call&& call)
{
    RankRecorder* r = activeRank();
    if (!r) [[unlikely]] {
        return call();
    }
    // As recordCall: between the clock reads only call(), the bookkeeping after it.
    const std::int64_t enter = r->now();
    const int result = call();
    const std::int64_t exit = r->now();
    CommTable& comms = r->comms();
    CommEntry* c = comms.find(comm);
    MpiEvent e = eventOf(*r, kind);
    e.enter = enter;
    e.exit = exit;
    e.communicator = c->id;
    e.seq = comms.collective(kind) ? c->nextSeq++ : r->nextP2pSeq();
    e.bytes = bytes;
    e.partner = c->worldRank(partner);
    e.tag = tag;
    r->record(e);
    // A request to or from MPI_PROC_NULL moves no message: left untracked, its completion is
    // one "None" event like any other untracked request.
    const bool noPeer = as != RequestKind::Collective && partner == MPI_PROC_NULL;
    if (result == MPI_SUCCESS && request && *request != MPI_REQUEST_NULL && !noPeer) {
        const TrackedRequest tracked{as, c, e.seq, e.partner, e.tag, e.bytes};
        // A send or collective finished at once may share its handle with others
        // (requesttable.h; OpenMPI's collectives on a one-rank communicator do it too): kept
        // beside them. A receive always gets a handle of its own: one already in the table is
        // stale (its request finished behind our back) and is replaced.
        if (as != RequestKind::Irecv) {
            r->requests().append(*request, tracked);
        } else {
            r->requests().put(*request, tracked);
        }
    }
    return result;
}

} // namespace xylem::mpi
