#include "core/model/mpitrace.h"

#include <algorithm>
#include <array>
#include <tuple>

namespace xylem {

namespace {

constexpr std::array<std::string_view, kMpiCallCount> kNames = {
    "MPI_Allreduce",
    "MPI_Reduce",
    "MPI_Bcast",
    "MPI_Barrier",
    "MPI_Allgather",
    "MPI_Alltoall",
    "MPI_Reduce_scatter",
    "MPI_Gather",
    "MPI_Scatter",
    "MPI_Send",
    "MPI_Recv",
    "MPI_Isend",
    "MPI_Irecv",
    "MPI_Wait",
    "MPI_Waitall",
    "MPI_Waitany",
    "MPI_Waitsome",
    "MPI_Test",
    "MPI_Testall",
    "MPI_Testany",
    "MPI_Testsome",
    "MPI_Sendrecv",
    "MPI_Sendrecv_replace",
    "MPI_Ssend",
    "MPI_Bsend",
    "MPI_Rsend",
    "MPI_Probe",
    "MPI_Issend",
    "MPI_Iprobe",
    "MPI_Allgatherv",
    "MPI_Alltoallv",
    "MPI_Alltoallw",
    "MPI_Gatherv",
    "MPI_Scatterv",
    "MPI_Reduce_scatter_block",
    "MPI_Scan",
    "MPI_Exscan",
    "MPI_Iallreduce",
    "MPI_Ibcast",
    "MPI_Ibarrier",
    "MPI_Ireduce",
    "MPI_Iallgather",
    "MPI_Ialltoall",
    "MPI_Igather",
    "MPI_Iscatter",
    "MPI_Iallgatherv",
    "MPI_Ialltoallv",
    "MPI_Ialltoallw",
    "MPI_Igatherv",
    "MPI_Iscatterv",
    "MPI_Ireduce_scatter",
    "MPI_Ireduce_scatter_block",
    "MPI_Iscan",
    "MPI_Iexscan",
    "MPI_Comm_dup",
    "MPI_Comm_dup_with_info",
    "MPI_Comm_split",
    "MPI_Comm_split_type",
    "MPI_Comm_create",
    "MPI_Comm_create_group",
    "MPI_Cart_create",
    "MPI_Cart_sub",
    "MPI_Graph_create",
    "MPI_Dist_graph_create",
    "MPI_Dist_graph_create_adjacent",
    "MPI_Intercomm_create",
    "MPI_Intercomm_merge",
};

} // namespace

std::string_view mpiCallName(MpiCall call)
{
    const auto index = static_cast<std::size_t>(call);
    return index < kNames.size() ? kNames[index] : std::string_view("MPI_(unknown)");
}

std::optional<MpiCall> mpiCallFromName(std::string_view name)
{
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == name)
            return static_cast<MpiCall>(i);
    }
    return std::nullopt;
}

MpiCallClass mpiCallClass(MpiCall call)
{
    using enum MpiCall;
    switch (call) {
    case Reduce:
    case Bcast:
    case Gather:
    case Scatter:
    case Gatherv:
    case Scatterv:
        return MpiCallClass::Rooted;
    case Send:
    case Isend:
    case Ssend:
    case Bsend:
    case Rsend:
    case Issend:
        return MpiCallClass::Send;
    case Recv:
    case Irecv:
    case Sendrecv:
    case SendrecvReplace:
        return MpiCallClass::Receive;
    case Wait:
    case Waitall:
    case Waitany:
    case Waitsome:
    case Test:
    case Testall:
    case Testany:
    case Testsome:
        return MpiCallClass::Completion;
    case Probe:
    case Iprobe:
        return MpiCallClass::Probe;
    case CommCreateGroup:
    case IntercommCreate:
    case IntercommMerge:
        return MpiCallClass::Communicator;
    default:
        break;
    }
    const auto code = static_cast<int>(call);
    if (code >= static_cast<int>(Iallreduce) && code <= static_cast<int>(Iexscan)) {
        return MpiCallClass::NonBlockingCollective;
    }
    return MpiCallClass::Synchronizing;
}

bool isCollective(MpiCall call)
{
    const MpiCallClass c = mpiCallClass(call);
    return c == MpiCallClass::Synchronizing || c == MpiCallClass::Rooted ||
           c == MpiCallClass::NonBlockingCollective;
}

bool isBlockingCollective(MpiCall call)
{
    const MpiCallClass c = mpiCallClass(call);
    return c == MpiCallClass::Synchronizing || c == MpiCallClass::Rooted;
}

bool isRooted(MpiCall call)
{
    using enum MpiCall;
    return mpiCallClass(call) == MpiCallClass::Rooted || call == Ireduce || call == Ibcast ||
           call == Igather || call == Iscatter || call == Igatherv || call == Iscatterv;
}

bool sendsMessage(const MpiEvent& e)
{
    if (e.call == MpiCall::Sendrecv || e.call == MpiCall::SendrecvReplace) {
        return e.completes == MpiCompletion::Send;
    }
    return mpiCallClass(e.call) == MpiCallClass::Send;
}

bool receivesMessage(const MpiEvent& e)
{
    return e.call == MpiCall::Recv || e.completes == MpiCompletion::Receive;
}

std::int64_t mpiCallTimeNs(const std::vector<MpiEvent>& events)
{
    std::vector<const MpiEvent*> several; // calls that may appear more than once
    std::int64_t total = 0;
    for (const MpiEvent& e : events) {
        if (e.completes == MpiCompletion::None) {
            total += e.exit - e.enter;
        } else {
            several.push_back(&e);
        }
    }
    std::sort(several.begin(), several.end(), [](const MpiEvent* a, const MpiEvent* b) {
        return std::tie(a->rank, a->enter, a->exit, a->call) <
               std::tie(b->rank, b->enter, b->exit, b->call);
    });
    for (size_t i = 0; i < several.size(); ++i) {
        const MpiEvent& e = *several[i];
        const bool sameCall = i > 0 && several[i - 1]->rank == e.rank &&
                              several[i - 1]->enter == e.enter && several[i - 1]->exit == e.exit &&
                              several[i - 1]->call == e.call;
        if (!sameCall) {
            total += e.exit - e.enter;
        }
    }
    return total;
}

const MpiCommunicator* MpiTrace::communicator(std::int32_t id) const
{
    for (const auto& c : communicators) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

} // namespace xylem
