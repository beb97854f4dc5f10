#include "core/otf2/otf2mpievents.h"

#include "core/otf2/otf2status.h"

#include <algorithm>
#include <deque>

namespace xylem::otf2 {

namespace {

struct PendingReceive
{
    std::uint64_t request = 0;
    std::int32_t communicator = 0;
    std::int32_t source = -1;
    std::int32_t tag = 0;
};

OTF2_CollectiveOp collectiveOp(MpiCall call)
{
    switch (call) {
    case MpiCall::Allreduce:
        return OTF2_COLLECTIVE_OP_ALLREDUCE;
    case MpiCall::Reduce:
        return OTF2_COLLECTIVE_OP_REDUCE;
    case MpiCall::Bcast:
        return OTF2_COLLECTIVE_OP_BCAST;
    case MpiCall::Allgather:
        return OTF2_COLLECTIVE_OP_ALLGATHER;
    case MpiCall::Alltoall:
        return OTF2_COLLECTIVE_OP_ALLTOALL;
    case MpiCall::ReduceScatter:
        return OTF2_COLLECTIVE_OP_REDUCE_SCATTER;
    case MpiCall::Gather:
        return OTF2_COLLECTIVE_OP_GATHER;
    case MpiCall::Scatter:
        return OTF2_COLLECTIVE_OP_SCATTER;
    default:
        return OTF2_COLLECTIVE_OP_BARRIER;
    }
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

    Result<Ok> write(const MpiEvent& e)
    {
        const auto region = static_cast<OTF2_RegionRef>(e.call);
        const auto enter = static_cast<OTF2_TimeStamp>(e.enter);
        const auto exit = static_cast<OTF2_TimeStamp>(e.exit);
        XYLEM_OTF2(OTF2_EvtWriter_Enter(m_writer, nullptr, enter, region), "writing an Enter",
                   m_archive);
        XYLEM_TRY(inside, writeInside(e, enter, exit));
        XYLEM_OTF2(OTF2_EvtWriter_Leave(m_writer, nullptr, exit, region), "writing a Leave",
                   m_archive);
        return Ok{};
    }

private:
    Result<std::uint32_t> localRank(const MpiEvent& e, std::int32_t worldRank) const
    {
        const MpiCommunicator* comm = m_trace.communicator(e.communicator);
        if (worldRank < 0 && isCollective(e.call))
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

    Result<Ok> writeInside(const MpiEvent& e, OTF2_TimeStamp enter, OTF2_TimeStamp exit);
    Result<Ok> writeWait(const MpiEvent& e, OTF2_TimeStamp exit);

    OTF2_EvtWriter* m_writer;
    const MpiTrace& m_trace;
    const std::string& m_archive;
    std::uint64_t m_nextRequest = 1;
    std::deque<std::uint64_t> m_sends;
    std::deque<PendingReceive> m_receives;
};

Result<Ok> RankWriter::writeInside(const MpiEvent& e, OTF2_TimeStamp enter, OTF2_TimeStamp exit)
{
    const auto comm = static_cast<OTF2_CommRef>(e.communicator);
    const auto tag = static_cast<std::uint32_t>(e.tag);
    const auto bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(e.bytes, 0));
    if (e.call == MpiCall::Wait)
        return writeWait(e, exit);
    if (e.call == MpiCall::Irecv) {
        m_receives.push_back({m_nextRequest, e.communicator, e.partner, e.tag});
        XYLEM_OTF2(OTF2_EvtWriter_MpiIrecvRequest(m_writer, nullptr, enter, m_nextRequest++),
                   "writing an MpiIrecvRequest", m_archive);
        return Ok{};
    }
    XYLEM_TRY(partner, localRank(e, e.partner));
    if (isCollective(e.call)) {
        XYLEM_OTF2(OTF2_EvtWriter_MpiCollectiveBegin(m_writer, nullptr, enter),
                   "writing an MpiCollectiveBegin", m_archive);
        XYLEM_OTF2(OTF2_EvtWriter_MpiCollectiveEnd(m_writer, nullptr, exit, collectiveOp(e.call),
                                                   comm, *partner, bytes, bytes),
                   "writing an MpiCollectiveEnd", m_archive);
    } else if (e.call == MpiCall::Send) {
        XYLEM_OTF2(OTF2_EvtWriter_MpiSend(m_writer, nullptr, enter, *partner, comm, tag, bytes),
                   "writing an MpiSend", m_archive);
    } else if (e.call == MpiCall::Isend) {
        m_sends.push_back(m_nextRequest);
        XYLEM_OTF2(OTF2_EvtWriter_MpiIsend(m_writer, nullptr, enter, *partner, comm, tag, bytes,
                                           m_nextRequest++),
                   "writing an MpiIsend", m_archive);
    } else if (e.call == MpiCall::Recv) {
        XYLEM_OTF2(OTF2_EvtWriter_MpiRecv(m_writer, nullptr, exit, *partner, comm, tag, bytes),
                   "writing an MpiRecv", m_archive);
    }
    return Ok{};
}

Result<Ok> RankWriter::writeWait(const MpiEvent& e, OTF2_TimeStamp exit)
{
    if (e.completes != MpiCompletion::Receive) {
        if (m_sends.empty())
            return Ok{};
        const std::uint64_t request = m_sends.front();
        m_sends.pop_front();
        XYLEM_OTF2(OTF2_EvtWriter_MpiIsendComplete(m_writer, nullptr, exit, request),
                   "writing an MpiIsendComplete", m_archive);
        return Ok{};
    }
    const auto it = std::find_if(m_receives.begin(), m_receives.end(), [&](const auto& r) {
        return r.communicator == e.communicator && r.tag == e.tag &&
               (r.source == e.partner || r.source < 0);
    });
    if (it == m_receives.end())
        return makeError(ErrorCode::InvalidTrace,
                         "an MPI_Wait completes a receive from " + std::to_string(e.partner) +
                             " with tag " + std::to_string(e.tag) + " that no MPI_Irecv posted",
                         "rank " + std::to_string(e.rank));
    const std::uint64_t request = it->request;
    m_receives.erase(it);
    XYLEM_TRY(partner, localRank(e, e.partner));
    XYLEM_OTF2(OTF2_EvtWriter_MpiIrecv(
                   m_writer, nullptr, exit, *partner, static_cast<OTF2_CommRef>(e.communicator),
                   static_cast<std::uint32_t>(e.tag),
                   static_cast<std::uint64_t>(std::max<std::int64_t>(e.bytes, 0)), request),
               "writing an MpiIrecv", m_archive);
    return Ok{};
}

} // namespace

Result<Ok> writeMpiEvents(OTF2_EvtWriter* writer, const MpiTrace& trace,
                          const std::vector<const MpiEvent*>& events, const std::string& archive)
{
    RankWriter rank(writer, trace, archive);
    std::int64_t previousExit = 0;
    for (const MpiEvent* e : events) {
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
        previousExit = e->exit;
        XYLEM_TRY(written, rank.write(*e));
    }
    return Ok{};
}

} // namespace xylem::otf2
