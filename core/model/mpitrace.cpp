#include "core/model/mpitrace.h"

#include <array>

namespace xylem {

namespace {

constexpr std::array<std::string_view, kMpiCallCount> kNames = {
    "MPI_Allreduce", "MPI_Reduce",         "MPI_Bcast",  "MPI_Barrier", "MPI_Allgather",
    "MPI_Alltoall",  "MPI_Reduce_scatter", "MPI_Gather", "MPI_Scatter", "MPI_Send",
    "MPI_Recv",      "MPI_Isend",          "MPI_Irecv",  "MPI_Wait"};

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

bool isCollective(MpiCall call)
{
    return static_cast<int>(call) <= static_cast<int>(MpiCall::Scatter);
}

bool isRooted(MpiCall call)
{
    return call == MpiCall::Reduce || call == MpiCall::Bcast || call == MpiCall::Gather ||
           call == MpiCall::Scatter;
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
