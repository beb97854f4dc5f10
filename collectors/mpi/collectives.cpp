// The collectives Xylem records. bytes is what this rank contributes: its send buffer
// (Allreduce, Reduce, Allgather, Gather; Alltoall: all it sends; Reduce_scatter: the whole
// vector it reduces), the message (Bcast, every rank alike) or what it gets (Scatter).

#include "collectors/mpi/interposer.h"

using xylem::MpiCall;
using xylem::mpi::bytesOf;
using xylem::mpi::recordCall;

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
    return recordCall(MpiCall::Allreduce, comm, bytesOf(type, count), -1, 0,
                      [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm)
{
    return recordCall(MpiCall::Reduce, comm, bytesOf(type, count), root, 0,
                      [&] { return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm); });
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return recordCall(MpiCall::Bcast, comm, bytesOf(type, count), root, 0,
                      [&] { return PMPI_Bcast(buffer, count, type, root, comm); });
}

int MPI_Barrier(MPI_Comm comm)
{
    return recordCall(MpiCall::Barrier, comm, 0, -1, 0, [&] { return PMPI_Barrier(comm); });
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

} // extern "C"
