#include "core/otf2/otf2mpievents.h"

#include "core/otf2/otf2status.h"

#include <algorithm>
#include <deque>
#include <span>

namespace xylem::otf2 {

namespace {

// An outstanding request: an Irecv (source -1: any), an Isend/Issend, or a non-blocking
// collective (tag holds nothing, seq its instance).
struct Pending
{
    std::uint64_t request = 0;
    std::int32_t communicator = 0;
    std::int32_t partner = -1;
    std::int32_t tag = 0;
    std::int64_t seq = 0;
    const MpiEvent* start = nullptr;
};

// OTF2's operation for a collective, blocking or non-blocking; the calls that make
// communicators are OTF2's CREATE_HANDLE.
OTF2_CollectiveOp collectiveOp(MpiCall call)
{
    using enum MpiCall;
    switch (call) {
    case Allreduce:
    case Iallreduce:
        return OTF2_COLLECTIVE_OP_ALLREDUCE;
    case Reduce:
    case Ireduce:
        return OTF2_COLLECTIVE_OP_REDUCE;
    case Bcast:
    case Ibcast:
        return OTF2_COLLECTIVE_OP_BCAST;
    case Barrier:
    case Ibarrier:
        return OTF2_COLLECTIVE_OP_BARRIER;
    case Allgather:
    case Iallgather:
        return OTF2_COLLECTIVE_OP_ALLGATHER;
    case Allgatherv:
    case Iallgatherv:
        return OTF2_COLLECTIVE_OP_ALLGATHERV;
    case Alltoall:
    case Ialltoall:
        return OTF2_COLLECTIVE_OP_ALLTOALL;
    case Alltoallv:
    case Ialltoallv:
        return OTF2_COLLECTIVE_OP_ALLTOALLV;
    case Alltoallw:
    case Ialltoallw:
        return OTF2_COLLECTIVE_OP_ALLTOALLW;
    case ReduceScatter:
    case IreduceScatter:
        return OTF2_COLLECTIVE_OP_REDUCE_SCATTER;
    case ReduceScatterBlock:
    case IreduceScatterBlock:
        return OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK;
    case Gather:
    case Igather:
        return OTF2_COLLECTIVE_OP_GATHER;
    case Gatherv:
    case Igatherv:
        return OTF2_COLLECTIVE_OP_GATHERV;
    case Scatter:
    case Iscatter:
        return OTF2_COLLECTIVE_OP_SCATTER;
    case Scatterv:
    case Iscatterv:
        return OTF2_COLLECTIVE_OP_SCATTERV;
    case Scan:
    case Iscan:
        return OTF2_COLLECTIVE_OP_SCAN;
    case Exscan:
    case Iexscan:
        return OTF2_COLLECTIVE_OP_EXSCAN;
    default:
        return OTF2_COLLECTIVE_OP_CREATE_HANDLE;
    }
}

std::uint64_t size(std::int64_t bytes)
{
    return static_cast<std::uint64_t>(std::max<std::int64_t>(bytes, 0));
}

// Events of one call: a Wait*/Test* finishing several requests, or Sendrecv's two halves.
bool sameCall(const MpiEvent& a, const MpiEvent& b)
{
    const bool several = mpiCallClass(a.call) == MpiCallClass::Completion ||
                         a.call == MpiCall::Sendrecv || a.call == MpiCall::SendrecvReplace;
    return several && a.call == b.call && a.enter == b.enter && a.exit == b.exit;
}

class RankWriter
{
public:
    RankWriter(OTF2_EvtWriter* writer, const MpiTrace& trace, const std::string& archive)
        : m_writer(writer)
        , m_trace(trace)
        , m_archive(archive)
    {
    }

    // One call: its region, and inside it a record per event (records at enter first).
    Result<Ok> write(std::span<const MpiEvent* const> call)
    {
        const MpiEvent& first = *call.front();
        const auto region = static_cast<OTF2_RegionRef>(first.call);
        XYLEM_OTF2(OTF2_EvtWriter_Enter(m_writer, nullptr, time(first.enter), region),
                   "writing an Enter", m_archive);
        // Sendrecv's sending half is an MpiSend at enter, before its receive at exit.
        const auto sendingHalf = [](const MpiEvent* e) {
            return mpiCallClass(e->call) != MpiCallClass::Completion &&
                   e->completes == MpiCompletion::Send;
        };
        for (const bool atEnter : {true, false}) {
            for (const MpiEvent* e : call) {
                if (sendingHalf(e) == atEnter) {
                    XYLEM_TRY(inside, writeInside(*e));
                }
            }
        }
        XYLEM_OTF2(OTF2_EvtWriter_Leave(m_writer, nullptr, time(first.exit), region),
                   "writing a Leave", m_archive);
        return Ok{};
    }

private:
    static OTF2_TimeStamp time(std::int64_t ns) { return static_cast<OTF2_TimeStamp>(ns); }

    Result<std::uint32_t> localRank(const MpiEvent& e, std::int32_t worldRank) const
    {
        const MpiCommunicator* comm = m_trace.communicator(e.communicator);
        if (worldRank < 0 && (isCollective(e.call) || e.completes == MpiCompletion::Collective))
            return OTF2_UNDEFINED_UINT32;
        if (comm != nullptr) {
            const auto it = std::find(comm->worldRanks.begin(), comm->worldRanks.end(), worldRank);
            if (it != comm->worldRanks.end())
                return static_cast<std::uint32_t>(it - comm->worldRanks.begin());
        }
        return makeError(ErrorCode::InvalidTrace,
                         "partner " + std::to_string(worldRank) + " of " +
                             std::string(mpiCallName(e.call)) + " is not in communicator " +
                             std::to_string(e.communicator),
                         "rank " + std::to_string(e.rank));
    }

    Error unstarted(const MpiEvent& e, const std::string& what) const
    {
        return makeError(ErrorCode::InvalidTrace,
                         "an " + std::string(mpiCallName(e.call)) + " completes " + what,
                         "rank " + std::to_string(e.rank));
    }

    Result<Ok> writeInside(const MpiEvent& e);
    Result<Ok> writeCompletion(const MpiEvent& e);
    Result<Ok> writeReceiveCompletion(const MpiEvent& e);

    OTF2_EvtWriter* m_writer;
    const MpiTrace& m_trace;
    const std::string& m_archive;
    std::uint64_t m_nextRequest = 1;
    std::deque<Pending> m_sends;
    std::deque<Pending> m_receives;
    std::deque<Pending> m_collectives;
};

Result<Ok> RankWriter::writeInside(const MpiEvent& e)
{
    const auto comm = static_cast<OTF2_CommRef>(e.communicator);
    const auto tag = static_cast<std::uint32_t>(e.tag);
    const MpiCallClass kind = mpiCallClass(e.call);
    if (kind == MpiCallClass::Completion)
        return writeCompletion(e);
    if (kind == MpiCallClass::Probe || kind == MpiCallClass::Communicator)
        return Ok{}; // a bare region: OTF2 has no record for them (see the header)
    if (e.call == MpiCall::Irecv) {
        m_receives.push_back({m_nextRequest, e.communicator, e.partner, e.tag, 0, &e});
        XYLEM_OTF2(
            OTF2_EvtWriter_MpiIrecvRequest(m_writer, nullptr, time(e.enter), m_nextRequest++),
            "writing an MpiIrecvRequest", m_archive);
        return Ok{};
    }
    if (kind == MpiCallClass::NonBlockingCollective) {
        m_collectives.push_back({m_nextRequest, e.communicator, e.partner, 0, e.seq, &e});
        XYLEM_OTF2(OTF2_EvtWriter_NonBlockingCollectiveRequest(m_writer, nullptr, time(e.enter),
                                                               m_nextRequest++),
                   "writing a NonBlockingCollectiveRequest", m_archive);
        return Ok{};
    }
    XYLEM_TRY(partner, localRank(e, e.partner));
    if (isCollective(e.call)) {
        XYLEM_OTF2(OTF2_EvtWriter_MpiCollectiveBegin(m_writer, nullptr, time(e.enter)),
                   "writing an MpiCollectiveBegin", m_archive);
        XYLEM_OTF2(OTF2_EvtWriter_MpiCollectiveEnd(m_writer, nullptr, time(e.exit),
                                                   collectiveOp(e.call), comm, *partner,
                                                   size(e.bytes), size(e.bytes)),
                   "writing an MpiCollectiveEnd", m_archive);
    } else if (e.call == MpiCall::Isend || e.call == MpiCall::Issend) {
        m_sends.push_back({m_nextRequest, e.communicator, e.partner, e.tag, 0, &e});
        XYLEM_OTF2(OTF2_EvtWriter_MpiIsend(m_writer, nullptr, time(e.enter), *partner, comm, tag,
                                           size(e.bytes), m_nextRequest++),
                   "writing an MpiIsend", m_archive);
    } else if (sendsMessage(e)) { // Send, Ssend, Bsend, Rsend, Sendrecv's sending half
        XYLEM_OTF2(OTF2_EvtWriter_MpiSend(m_writer, nullptr, time(e.enter), *partner, comm, tag,
                                          size(e.bytes)),
                   "writing an MpiSend", m_archive);
    } else if (receivesMessage(e)) { // Recv, Sendrecv's receiving half
        XYLEM_OTF2(OTF2_EvtWriter_MpiRecv(m_writer, nullptr, time(e.exit), *partner, comm, tag,
                                          size(e.bytes)),
                   "writing an MpiRecv", m_archive);
    }
    return Ok{};
}

Result<Ok> RankWriter::writeCompletion(const MpiEvent& e)
{
    if (e.completes == MpiCompletion::Receive)
        return writeReceiveCompletion(e);
    if (e.completes == MpiCompletion::Send) {
        const auto it = std::find_if(m_sends.begin(), m_sends.end(), [&](const Pending& s) {
            return s.communicator == e.communicator && s.partner == e.partner && s.tag == e.tag;
        });
        if (it == m_sends.end())
            return unstarted(e, "a send to " + std::to_string(e.partner) + " with tag " +
                                    std::to_string(e.tag) + " that no MPI_Isend started");
        const std::uint64_t request = it->request;
        m_sends.erase(it);
        XYLEM_OTF2(OTF2_EvtWriter_MpiIsendComplete(m_writer, nullptr, time(e.exit), request),
                   "writing an MpiIsendComplete", m_archive);
        return Ok{};
    }
    if (e.completes == MpiCompletion::Collective) {
        const auto it =
            std::find_if(m_collectives.begin(), m_collectives.end(), [&](const Pending& c) {
                return c.communicator == e.communicator && c.seq == e.seq;
            });
        if (it == m_collectives.end())
            return unstarted(e, "collective " + std::to_string(e.seq) + " of communicator " +
                                    std::to_string(e.communicator) + " that nothing started");
        const Pending start = *it;
        m_collectives.erase(it);
        XYLEM_TRY(root, localRank(e, e.partner));
        XYLEM_OTF2(OTF2_EvtWriter_NonBlockingCollectiveComplete(
                       m_writer, nullptr, time(e.exit), collectiveOp(start.start->call),
                       static_cast<OTF2_CommRef>(e.communicator), *root, size(start.start->bytes),
                       size(e.bytes), start.request),
                   "writing a NonBlockingCollectiveComplete", m_archive);
    }
    return Ok{}; // finished nothing we track: a bare region
}

Result<Ok> RankWriter::writeReceiveCompletion(const MpiEvent& e)
{
    const auto it = std::find_if(m_receives.begin(), m_receives.end(), [&](const Pending& r) {
        return r.communicator == e.communicator && (r.tag == e.tag || r.tag < 0) &&
               (r.partner == e.partner || r.partner < 0);
    });
    if (it == m_receives.end())
        return unstarted(e, "a receive from " + std::to_string(e.partner) + " with tag " +
                                std::to_string(e.tag) + " that no MPI_Irecv posted");
    const std::uint64_t request = it->request;
    m_receives.erase(it);
    XYLEM_TRY(partner, localRank(e, e.partner));
    XYLEM_OTF2(OTF2_EvtWriter_MpiIrecv(m_writer, nullptr, time(e.exit), *partner,
                                       static_cast<OTF2_CommRef>(e.communicator),
                                       static_cast<std::uint32_t>(e.tag), size(e.bytes), request),
               "writing an MpiIrecv", m_archive);
    return Ok{};
}

} // namespace

Result<Ok> writeMpiEvents(OTF2_EvtWriter* writer, const MpiTrace& trace,
                          const std::vector<const MpiEvent*>& events, const std::string& archive)
{
    RankWriter rank(writer, trace, archive);
    std::int64_t previousExit = 0;
    for (std::size_t i = 0; i < events.size();) {
        const MpiEvent* e = events[i];
        const std::string where = "rank " + std::to_string(e->rank);
        if (e->enter < 0 || e->exit < e->enter)
            return makeError(ErrorCode::InvalidTrace,
                             std::string(mpiCallName(e->call)) + " at " + std::to_string(e->enter) +
                                 " ns has a negative time or ends before it starts",
                             where);
        if (e->enter < previousExit)
            return makeError(ErrorCode::InvalidTrace,
                             std::string(mpiCallName(e->call)) + " at " + std::to_string(e->enter) +
                                 " ns overlaps the call before it (OTF2 needs nested regions)",
                             where);
        std::size_t end = i + 1;
        while (end < events.size() && sameCall(*e, *events[end]))
            ++end;
        previousExit = e->exit;
        XYLEM_TRY(written, rank.write(std::span(events).subspan(i, end - i)));
        i = end;
    }
    return Ok{};
}

} // namespace xylem::otf2
