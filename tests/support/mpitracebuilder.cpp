#include "tests/support/mpitracebuilder.h"

#include <utility>

namespace xylem::testing {

MpiTraceBuilder& MpiTraceBuilder::rank(std::string host, std::string cluster)
{
    const int r = static_cast<int>(m_trace.ranks.size());
    m_trace.ranks.push_back(MpiRank{r, std::move(host), std::move(cluster)});
    m_p2pCount.push_back(0);
    if (m_trace.referenceHost.empty()) {
        m_trace.referenceHost = m_trace.ranks.front().host;
    }
    return *this;
}

MpiTraceBuilder& MpiTraceBuilder::world()
{
    std::vector<int> all;
    for (const MpiRank& r : m_trace.ranks) {
        all.push_back(r.rank);
    }
    return communicator(0, "MPI_COMM_WORLD", std::move(all));
}

MpiTraceBuilder& MpiTraceBuilder::communicator(std::int32_t id, std::string name,
                                               std::vector<int> members)
{
    m_trace.communicators.push_back(MpiCommunicator{id, std::move(name), std::move(members)});
    return *this;
}

MpiTraceBuilder& MpiTraceBuilder::collective(int rank, MpiCall call, std::int64_t seq,
                                             std::int64_t enter, std::int64_t exit, int root,
                                             std::int32_t communicator)
{
    MpiEvent e = event(rank, call, enter, exit, root, communicator);
    e.seq = seq;
    e.bytes = 8;
    m_trace.events.push_back(e);
    return *this;
}

MpiTraceBuilder& MpiTraceBuilder::p2p(int rank, MpiCall call, int partner, std::int32_t tag,
                                      std::int64_t enter, std::int64_t exit, bool completesReceive,
                                      std::int32_t communicator)
{
    MpiEvent e = event(rank, call, enter, exit, partner, communicator);
    e.seq = m_p2pCount.at(static_cast<size_t>(rank))++;
    e.bytes = 64;
    e.tag = tag;
    e.completes = completesReceive ? MpiCompletion::Receive : MpiCompletion::None;
    m_trace.events.push_back(e);
    return *this;
}

MpiTraceBuilder& MpiTraceBuilder::completion(int rank, MpiCall call, MpiCompletion completes,
                                             int partner, std::int32_t tag, std::int64_t enter,
                                             std::int64_t exit, std::int32_t communicator)
{
    p2p(rank, call, partner, tag, enter, exit, false, communicator);
    m_trace.events.back().completes = completes;
    return *this;
}

MpiEvent MpiTraceBuilder::event(int rank, MpiCall call, std::int64_t enter, std::int64_t exit,
                                int partner, std::int32_t communicator)
{
    MpiEvent e;
    e.enter = enter;
    e.exit = exit;
    e.rank = rank;
    e.communicator = communicator;
    e.partner = partner;
    e.call = call;
    return e;
}

MpiTrace lateRankTrace(int ranks, int lateRank, std::int64_t lateNs, int calls)
{
    MpiTraceBuilder b;
    for (int r = 0; r < ranks; ++r) {
        b.rank("n" + std::to_string(r), r < ranks / 2 ? "c0" : "c1");
    }
    b.world();
    for (int s = 0; s < calls; ++s) {
        const std::int64_t t = std::int64_t(s) * 10000;
        for (int r = 0; r < ranks; ++r) {
            b.collective(r, MpiCall::Allreduce, s, t + (r == lateRank ? lateNs : 0),
                         t + lateNs + 100);
        }
    }
    return b.trace();
}

MpiTrace binomialTreeTrace(int calls, std::int64_t firstNs)
{
    MpiTraceBuilder builder;
    builder.rank("A").rank("A").rank("B").rank("B").world();
    MpiTrace trace = builder.trace();
    trace.referenceHost = "A";
    const auto allreduce = [&trace](int rank, std::int64_t seq, std::int64_t enter,
                                    std::int64_t exit) {
        MpiEvent e = MpiTraceBuilder::event(rank, MpiCall::Allreduce, enter, exit);
        e.seq = seq;
        e.bytes = 8;
        trace.events.push_back(e);
    };
    for (std::int64_t s = 0; s < calls; ++s) {
        const std::int64_t b = firstNs + s * 100000;
        allreduce(0, s, b + 0, b + 1310);
        allreduce(1, s, b + 10, b + 1320);
        allreduce(2, s, b + 20, b + 1460);
        allreduce(3, s, b + 1000, b + 1450);
        trace.treeEdges.push_back({b + 15, b + 1315, s, 1, 0, 0, MpiCall::Allreduce, false});
        trace.treeEdges.push_back({b + 1060, b + 1400, s, 2, 0, 0, MpiCall::Allreduce, false});
        trace.treeEdges.push_back({b + 1040, b + 1440, s, 3, 2, 0, MpiCall::Allreduce, false});
        trace.treeEdges.push_back({b + 1200, b + 1300, s, 2, 0, 0, MpiCall::Allreduce, true});
    }
    return trace;
}

} // namespace xylem::testing
