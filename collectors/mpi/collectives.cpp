// The blocking collectives Xylem records. bytes is what this rank contributes: its send buffer
// (Allreduce, Reduce, Allgather(v), Gather(v), Scan, Exscan; Alltoall(v, w): all it sends;
// Reduce_scatter(_block): the whole vector it reduces), the message (Bcast, every rank alike)
// or what it gets (Scatter(v)); with MPI_IN_PLACE, the same sizes read from the other side.
// Allreduce, Reduce, Bcast and Barrier go through Xylem's spanning tree when XYLEM_MPI_TREE
// chose one (treecollectives.h): one load and one branch more when it did not.

#include "collectors/mpi/collectivebytes.h"
#include "collectors/mpi/treecollectives.h"

using xylem::MpiCall;
using xylem::mpi::activeTree;
using xylem::mpi::bytesOf;
using xylem::mpi::recordCall;
using namespace xylem::mpi; // collectivebytes.h

namespace {

int commSize(MPI_Comm comm)
{
    int size = 0;
    PMPI_Comm_size(comm, &size);
    return size;
}

} // namespace

extern "C" {

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    return recordCall(MpiCall::Allreduce, comm, bytesOf(type, count), -1, 0, [&] {
        if (auto* tree = activeTree()) [[unlikely]] {
            return tree->allreduce(sendbuf, recvbuf, count, type, op, comm);
        }
        return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
    });
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm)
{
    return recordCall(MpiCall::Reduce, comm, bytesOf(type, count), root, 0, [&] {
        if (auto* tree = activeTree()) [[unlikely]] {
            return tree->reduce(sendbuf, recvbuf, count, type, op, root, comm);
        }
        return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
    });
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return recordCall(MpiCall::Bcast, comm, bytesOf(type, count), root, 0, [&] {
        if (auto* tree = activeTree()) [[unlikely]] {
            return tree->bcast(buffer, count, type, root, comm);
        }
        return PMPI_Bcast(buffer, count, type, root, comm);
    });
}

int MPI_Barrier(MPI_Comm comm)
{
    return recordCall(MpiCall::Barrier, comm, 0, -1, 0, [&] {
        if (auto* tree = activeTree()) [[unlikely]] {
            return tree->barrier(comm);
        }
        return PMPI_Barrier(comm);
    });
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const auto bytes =
        sendbuf == MPI_IN_PLACE ? bytesOf(recvtype, recvcount) : bytesOf(sendtype, sendcount);
    return recordCall(MpiCall::Allgather, comm, bytes, -1, 0, [&] {
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    });
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const auto bytes =
        sendbuf == MPI_IN_PLACE ? bytesOf(recvtype, recvcount) : bytesOf(sendtype, sendcount);
    return recordCall(MpiCall::Alltoall, comm, bytes * commSize(comm), -1, 0, [&] {
        return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    });
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    std::int64_t count = 0;
    for (int i = 0, n = commSize(comm); i < n; ++i) {
        count += recvcounts[i];
    }
    return recordCall(MpiCall::ReduceScatter, comm, bytesOf(type, count), -1, 0, [&] {
        return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
    });
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const auto bytes =
        sendbuf == MPI_IN_PLACE ? bytesOf(recvtype, recvcount) : bytesOf(sendtype, sendcount);
    return recordCall(MpiCall::Gather, comm, bytes, root, 0, [&] {
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    });
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const auto bytes =
        recvbuf == MPI_IN_PLACE ? bytesOf(sendtype, sendcount) : bytesOf(recvtype, recvcount);
    return recordCall(MpiCall::Scatter, comm, bytes, root, 0, [&] {
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    });
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const auto bytes = gathervBytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, comm);
    return recordCall(MpiCall::Allgatherv, comm, bytes, -1, 0, [&] {
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                               comm);
    });
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm)
{
    const auto bytes = alltoallvBytes(sendbuf, sendcounts, sendtype, recvcounts, recvtype, comm);
    return recordCall(MpiCall::Alltoallv, comm, bytes, -1, 0, [&] {
        return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                              recvtype, comm);
    });
}

int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const auto bytes = alltoallwBytes(sendbuf, sendcounts, sendtypes, recvcounts, recvtypes, comm);
    return recordCall(MpiCall::Alltoallw, comm, bytes, -1, 0, [&] {
        return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                              recvtypes, comm);
    });
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
    const auto bytes = gathervBytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, comm);
    return recordCall(MpiCall::Gatherv, comm, bytes, root, 0, [&] {
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            root, comm);
    });
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm)
{
    const auto bytes = scattervBytes(recvbuf, recvcount, recvtype, sendcounts, sendtype, comm);
    return recordCall(MpiCall::Scatterv, comm, bytes, root, 0, [&] {
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                             root, comm);
    });
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm)
{
    const auto bytes = bytesOf(type, std::int64_t(recvcount) * commSize(comm));
    return recordCall(MpiCall::ReduceScatterBlock, comm, bytes, -1, 0, [&] {
        return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
    });
}

int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm)
{
    return recordCall(MpiCall::Scan, comm, bytesOf(type, count), -1, 0,
                      [&] { return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm)
{
    return recordCall(MpiCall::Exscan, comm, bytesOf(type, count), -1, 0,
                      [&] { return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm); });
}

} // extern "C"
