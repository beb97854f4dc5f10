// The non-blocking collectives Xylem records: each start is an event of its own call (Iallreduce,
// ...) with the next collective seq of its communicator (MPI orders blocking and non-blocking
// collectives per communicator alike), the root as partner (rooted ones) and the bytes its
// blocking twin records (collectivebytes.h); its request is tracked, and the Wait or Test that
// finishes it records an event with completes = Collective and the start's communicator and seq
// (completions.cpp).

#include "collectors/mpi/collectivebytes.h"
#include "collectors/mpi/recordhelpers.h"

using xylem::MpiCall;
using namespace xylem::mpi;

namespace {

template <typename Call>
int recordNbc(MpiCall kind, MPI_Comm comm, std::int64_t bytes, int root, MPI_Request* request,
              Call&& call)
{
    return recordStart(kind, RequestKind::Collective, comm, bytes, root, 0, request,
                       std::forward<Call>(call));
}

int commSize(MPI_Comm comm)
{
    int size = 0;
    PMPI_Comm_size(comm, &size);
    return size;
}

} // namespace

extern "C" {

int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request* request)
{
    return recordNbc(MpiCall::Iallreduce, comm, bytesOf(type, count), -1, request, [&] {
        return PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
    });
}

int MPI_Ibcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm,
               MPI_Request* request)
{
    return recordNbc(MpiCall::Ibcast, comm, bytesOf(type, count), root, request,
                     [&] { return PMPI_Ibcast(buffer, count, type, root, comm, request); });
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request)
{
    return recordNbc(MpiCall::Ibarrier, comm, 0, -1, request,
                     [&] { return PMPI_Ibarrier(comm, request); });
}

int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request* request)
{
    return recordNbc(MpiCall::Ireduce, comm, bytesOf(type, count), root, request, [&] {
        return PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
    });
}

int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = contributed(sendbuf, sendcount, sendtype, recvcount, recvtype);
    return recordNbc(MpiCall::Iallgather, comm, bytes, -1, request, [&] {
        return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               request);
    });
}

int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes =
        contributed(sendbuf, sendcount, sendtype, recvcount, recvtype) * commSize(comm);
    return recordNbc(MpiCall::Ialltoall, comm, bytes, -1, request, [&] {
        return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                              request);
    });
}

int MPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = contributed(sendbuf, sendcount, sendtype, recvcount, recvtype);
    return recordNbc(MpiCall::Igather, comm, bytes, root, request, [&] {
        return PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                            request);
    });
}

int MPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request* request)
{
    const auto bytes =
        recvbuf == MPI_IN_PLACE ? bytesOf(sendtype, sendcount) : bytesOf(recvtype, recvcount);
    return recordNbc(MpiCall::Iscatter, comm, bytes, root, request, [&] {
        return PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                             request);
    });
}

int MPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = gathervBytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, comm);
    return recordNbc(MpiCall::Iallgatherv, comm, bytes, -1, request, [&] {
        return PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                comm, request);
    });
}

int MPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = alltoallvBytes(sendbuf, sendcounts, sendtype, recvcounts, recvtype, comm);
    return recordNbc(MpiCall::Ialltoallv, comm, bytes, -1, request, [&] {
        return PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                               recvtype, comm, request);
    });
}

int MPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request* request)
{
    const auto bytes = alltoallwBytes(sendbuf, sendcounts, sendtypes, recvcounts, recvtypes, comm);
    return recordNbc(MpiCall::Ialltoallw, comm, bytes, -1, request, [&] {
        return PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                               rdispls, recvtypes, comm, request);
    });
}

int MPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = gathervBytes(sendbuf, sendcount, sendtype, recvcounts, recvtype, comm);
    return recordNbc(MpiCall::Igatherv, comm, bytes, root, request, [&] {
        return PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                             root, comm, request);
    });
}

int MPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = scattervBytes(recvbuf, recvcount, recvtype, sendcounts, sendtype, comm);
    return recordNbc(MpiCall::Iscatterv, comm, bytes, root, request, [&] {
        return PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                              root, comm, request);
    });
}

int MPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = summed(recvcounts, type, commSize(comm));
    return recordNbc(MpiCall::IreduceScatter, comm, bytes, -1, request, [&] {
        return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request);
    });
}

int MPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type,
                              MPI_Op op, MPI_Comm comm, MPI_Request* request)
{
    const auto bytes = bytesOf(type, std::int64_t(recvcount) * commSize(comm));
    return recordNbc(MpiCall::IreduceScatterBlock, comm, bytes, -1, request, [&] {
        return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request);
    });
}

int MPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
              MPI_Comm comm, MPI_Request* request)
{
    return recordNbc(MpiCall::Iscan, comm, bytesOf(type, count), -1, request,
                     [&] { return PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, request); });
}

int MPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm, MPI_Request* request)
{
    return recordNbc(MpiCall::Iexscan, comm, bytesOf(type, count), -1, request, [&] {
        return PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, request);
    });
}

} // extern "C"
