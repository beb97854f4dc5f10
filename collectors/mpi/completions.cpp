// The calls that finish requests: Wait, Waitall, Waitany, Waitsome, Test, Testall, Testany and
// Testsome (mpitrace.h's event model). A call that finishes k >= 1 tracked requests
// (requesttable.h: Irecv, Isend, Issend, non-blocking collectives) is k events with the call's
// own enter and exit, one per request: completes = Receive (partner the source, tag and bytes as
// received), Send (the Isend's partner, tag and bytes) or Collective (the start's communicator
// and seq, partner its root or -1). A call that finishes nothing (a Test with flag false, a Wait
// on MPI_REQUEST_NULL) or only untracked requests (persistent ones, file I/O, a request the table
// had no room for) is one event with completes = None on MPI_COMM_WORLD.
//
// The handles are read before the PMPI call, which sets finished ones to MPI_REQUEST_NULL.
// Receives need their status even when the caller ignores it: the recorder's scratch holds the
// handles and statuses (no allocation once it is as large as the largest call seen). A call of
// more than kScratchMax requests gives its tracked requests up before the call (counted in the
// table's dropped(), named at MPI_Finalize) and is recorded as finishing none.

#include "collectors/mpi/recordhelpers.h"

#include <algorithm>

using xylem::MpiCall;
using xylem::MpiCompletion;
using xylem::MpiEvent;
using xylem::mpi::activeRank;
using xylem::mpi::RankRecorder;
using xylem::mpi::recordCall;
using xylem::mpi::RequestKind;
using xylem::mpi::TrackedRequest;

namespace {

// The events of one completing call.
class Finishing
{
public:
    Finishing(RankRecorder& r, MpiCall call)
        : m_r(r)
        , m_call(call)
    {
    }
    void enter() noexcept { m_enter = m_r.now(); }
    void exit() noexcept { m_exit = m_r.now(); }

    // The request whose handle was `handle` before the call finished, with its status.
    void finished(MPI_Request handle, const MPI_Status* s) noexcept
    {
        TrackedRequest t;
        if (handle == MPI_REQUEST_NULL || !m_r.requests().take(handle, t)) {
            return;
        }
        MpiEvent e = xylem::mpi::eventOf(m_r, m_call);
        e.enter = m_enter;
        e.exit = m_exit;
        e.communicator = t.comm->id;
        e.partner = t.partner;
        e.tag = t.tag;
        e.bytes = t.bytes;
        switch (t.kind) {
        case RequestKind::Irecv:
            if (s && s->MPI_SOURCE < 0) {
                return; // cancelled: no message arrived (the call may still finish nothing)
            }
            e.completes = MpiCompletion::Receive;
            e.seq = m_r.nextP2pSeq();
            if (s) {
                e.bytes = xylem::mpi::receivedBytes(m_r, MPI_BYTE, *s);
                e.partner = t.comm->worldRank(s->MPI_SOURCE);
                e.tag = s->MPI_TAG;
            }
            break;
        case RequestKind::Isend:
            e.completes = MpiCompletion::Send;
            e.seq = m_r.nextP2pSeq();
            break;
        case RequestKind::Collective:
            e.completes = MpiCompletion::Collective;
            e.seq = t.seq;
            e.tag = 0;
            break;
        }
        m_r.record(e);
        m_any = true;
    }

    // After every finished(): the call's one "None" event when it finished no tracked request.
    void done() noexcept
    {
        if (m_any) {
            return;
        }
        MpiEvent e = xylem::mpi::eventOf(m_r, m_call);
        e.enter = m_enter;
        e.exit = m_exit;
        e.communicator = m_r.comms().find(MPI_COMM_WORLD)->id;
        e.seq = m_r.nextP2pSeq();
        m_r.record(e);
    }

private:
    RankRecorder& m_r;
    MpiCall m_call;
    std::int64_t m_enter = 0;
    std::int64_t m_exit = 0;
    bool m_any = false;
};

// Requests finished by an untracked path (too many for the scratch) leave the table first, so
// that no stale entry meets a reused handle; they are counted as not attributed.
void giveUp(RankRecorder& r, int count, const MPI_Request* requests) noexcept
{
    std::int64_t n = 0;
    TrackedRequest t;
    for (int i = 0; i < count; ++i) {
        if (requests[i] != MPI_REQUEST_NULL && r.requests().take(requests[i], t)) {
            ++n;
        }
    }
    r.requests().countDropped(n);
}

// The scratch for a call of count requests: handles copied, statuses where the call writes them
// (the caller's, or the scratch when it ignores them). False: nothing tracked here (the table is
// empty, or the call is too large and its requests were given up); record it as recordCall does.
bool prepare(RankRecorder& r, int count, const MPI_Request* requests, MPI_Status* statuses,
             const MPI_Request*& handles, MPI_Status*& used) noexcept
{
    if (r.requests().empty() || count <= 0) {
        return false;
    }
    MPI_Request* copy = r.handleScratch(count);
    used = statuses == MPI_STATUSES_IGNORE ? r.statusScratch(count) : statuses;
    if (!copy || !used) {
        giveUp(r, count, requests);
        return false;
    }
    std::copy(requests, requests + count, copy);
    handles = copy;
    return true;
}

// A request of an array call that finished: every one on success, on MPI_ERR_IN_STATUS those
// whose status is not MPI_ERR_PENDING.
bool finishedIn(int result, const MPI_Status& s)
{
    return result == MPI_SUCCESS || (result == MPI_ERR_IN_STATUS && s.MPI_ERROR != MPI_ERR_PENDING);
}

// Waitsome and Testsome: call(statuses) is the PMPI function; the requests it finished are
// named by indices[0..*outcount).
template <typename Call>
int recordSome(MpiCall kind, int incount, MPI_Request requests[], int* outcount, int indices[],
               MPI_Status statuses[], Call&& call)
{
    RankRecorder* r = activeRank();
    const MPI_Request* handles = nullptr;
    MPI_Status* used = nullptr;
    if (!r || !prepare(*r, incount, requests, statuses, handles, used)) {
        return recordCall(kind, MPI_COMM_WORLD, 0, -1, 0, [&] { return call(statuses); });
    }
    Finishing f(*r, kind);
    f.enter();
    const int result = call(used);
    f.exit();
    if ((result == MPI_SUCCESS || result == MPI_ERR_IN_STATUS) && *outcount != MPI_UNDEFINED) {
        for (int k = 0; k < *outcount && k < incount; ++k) {
            if (indices[k] >= 0 && indices[k] < incount) {
                f.finished(handles[indices[k]], &used[k]);
            }
        }
    }
    f.done();
    return result;
}

} // namespace

extern "C" {

int MPI_Wait(MPI_Request* request, MPI_Status* status)
{
    RankRecorder* r = activeRank();
    if (!r || r->requests().empty() || !request) {
        return recordCall(MpiCall::Wait, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Wait(request, status); });
    }
    const MPI_Request handle = *request;
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    Finishing f(*r, MpiCall::Wait);
    f.enter();
    const int result = PMPI_Wait(request, used);
    f.exit();
    if (result == MPI_SUCCESS) {
        f.finished(handle, used);
    }
    f.done();
    return result;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
{
    RankRecorder* r = activeRank();
    if (!r || r->requests().empty() || !request) {
        return recordCall(MpiCall::Test, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Test(request, flag, status); });
    }
    const MPI_Request handle = *request;
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    Finishing f(*r, MpiCall::Test);
    f.enter();
    const int result = PMPI_Test(request, flag, used);
    f.exit();
    if (result == MPI_SUCCESS && *flag) {
        f.finished(handle, used);
    }
    f.done();
    return result;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status)
{
    RankRecorder* r = activeRank();
    const MPI_Request* handles = nullptr;
    MPI_Status* unused = nullptr;
    if (!r || !prepare(*r, count, requests, MPI_STATUSES_IGNORE, handles, unused)) {
        return recordCall(MpiCall::Waitany, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Waitany(count, requests, index, status); });
    }
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    Finishing f(*r, MpiCall::Waitany);
    f.enter();
    const int result = PMPI_Waitany(count, requests, index, used);
    f.exit();
    if (result == MPI_SUCCESS && *index != MPI_UNDEFINED && *index >= 0 && *index < count) {
        f.finished(handles[*index], used);
    }
    f.done();
    return result;
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status)
{
    RankRecorder* r = activeRank();
    const MPI_Request* handles = nullptr;
    MPI_Status* unused = nullptr;
    if (!r || !prepare(*r, count, requests, MPI_STATUSES_IGNORE, handles, unused)) {
        return recordCall(MpiCall::Testany, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Testany(count, requests, index, flag, status); });
    }
    MPI_Status own;
    MPI_Status* used = status == MPI_STATUS_IGNORE ? &own : status;
    Finishing f(*r, MpiCall::Testany);
    f.enter();
    const int result = PMPI_Testany(count, requests, index, flag, used);
    f.exit();
    if (result == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED && *index >= 0 &&
        *index < count) {
        f.finished(handles[*index], used);
    }
    f.done();
    return result;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    RankRecorder* r = activeRank();
    const MPI_Request* handles = nullptr;
    MPI_Status* used = nullptr;
    if (!r || !prepare(*r, count, requests, statuses, handles, used)) {
        return recordCall(MpiCall::Waitall, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Waitall(count, requests, statuses); });
    }
    Finishing f(*r, MpiCall::Waitall);
    f.enter();
    const int result = PMPI_Waitall(count, requests, used);
    f.exit();
    for (int i = 0; i < count; ++i) {
        if (finishedIn(result, used[i])) {
            f.finished(handles[i], &used[i]);
        }
    }
    f.done();
    return result;
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[])
{
    RankRecorder* r = activeRank();
    const MPI_Request* handles = nullptr;
    MPI_Status* used = nullptr;
    if (!r || !prepare(*r, count, requests, statuses, handles, used)) {
        return recordCall(MpiCall::Testall, MPI_COMM_WORLD, 0, -1, 0,
                          [&] { return PMPI_Testall(count, requests, flag, statuses); });
    }
    Finishing f(*r, MpiCall::Testall);
    f.enter();
    const int result = PMPI_Testall(count, requests, flag, used);
    f.exit();
    if (*flag || result == MPI_ERR_IN_STATUS) {
        for (int i = 0; i < count; ++i) {
            if (finishedIn(result, used[i])) {
                f.finished(handles[i], &used[i]);
            }
        }
    }
    f.done();
    return result;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[],
                 MPI_Status statuses[])
{
    return recordSome(
        MpiCall::Waitsome, incount, requests, outcount, indices, statuses,
        [&](MPI_Status* s) { return PMPI_Waitsome(incount, requests, outcount, indices, s); });
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[],
                 MPI_Status statuses[])
{
    return recordSome(
        MpiCall::Testsome, incount, requests, outcount, indices, statuses,
        [&](MPI_Status* s) { return PMPI_Testsome(incount, requests, outcount, indices, s); });
}

// Not an MPI call Xylem records, but it ends a request: a freed handle must leave the table, or
// MPI's reuse of it would be attributed to the old request.
int MPI_Request_free(MPI_Request* request)
{
    if (RankRecorder* r = activeRank(); r && request && *request != MPI_REQUEST_NULL) {
        TrackedRequest t;
        r->requests().take(*request, t);
    }
    return PMPI_Request_free(request);
}

} // extern "C"
