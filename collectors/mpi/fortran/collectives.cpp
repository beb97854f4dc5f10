// The Fortran entry points of the collectives, blocking and non-blocking (fortranbindings.h says
// why they exist). Each converts its handles, MPI_IN_PLACE and MPI_BOTTOM and calls the C
// function, which records it. Count and displacement arrays are the caller's INTEGER arrays,
// passed on as they are (a Fortran INTEGER is a C int), so a non-blocking call's arrays live
// as long as the program keeps them, as MPI asks.
//
// Not here: MPI_IALLTOALLW. Its datatype arrays must be converted into C arrays that live until
// the request completes, which OpenMPI's binding ties to its internal request; a public-API
// copy could only be freed by watching every completion. It stays OpenMPI's (not recorded).

#include "collectors/mpi/fortran/fortranbindings.h"

using namespace xylem::mpi::fortran;

// ---- blocking ----

XYLEM_FORTRAN(allreduce, ALLREDUCE,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Allreduce(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype),
                                 opOf(op), commOf(comm)));
}

XYLEM_FORTRAN(reduce, REDUCE,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* root, MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Reduce(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype),
                              opOf(op), *root, commOf(comm)));
}

XYLEM_FORTRAN(bcast, BCAST,
              (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* root, MPI_Fint* comm,
               MPI_Fint* ierr))
{
    setError(ierr, MPI_Bcast(buffer(buf), *count, typeOf(datatype), *root, commOf(comm)));
}

XYLEM_FORTRAN(barrier, BARRIER, (MPI_Fint * comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Barrier(commOf(comm)));
}

XYLEM_FORTRAN(allgather, ALLGATHER,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Allgather(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype),
                                 buffer(recvbuf), *recvcount, typeOf(recvtype), commOf(comm)));
}

XYLEM_FORTRAN(alltoall, ALLTOALL,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Alltoall(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype),
                                buffer(recvbuf), *recvcount, typeOf(recvtype), commOf(comm)));
}

XYLEM_FORTRAN(reduce_scatter, REDUCE_SCATTER,
              (void* sendbuf, void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Reduce_scatter(inPlaceBuffer(sendbuf), buffer(recvbuf), recvcounts,
                                      typeOf(datatype), opOf(op), commOf(comm)));
}

XYLEM_FORTRAN(reduce_scatter_block, REDUCE_SCATTER_BLOCK,
              (void* sendbuf, void* recvbuf, MPI_Fint* recvcount, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Reduce_scatter_block(inPlaceBuffer(sendbuf), buffer(recvbuf), *recvcount,
                                            typeOf(datatype), opOf(op), commOf(comm)));
}

XYLEM_FORTRAN(gather, GATHER,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm,
               MPI_Fint* ierr))
{
    setError(ierr, MPI_Gather(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                              *recvcount, typeOf(recvtype), *root, commOf(comm)));
}

XYLEM_FORTRAN(scatter, SCATTER,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm,
               MPI_Fint* ierr))
{
    setError(ierr,
             MPI_Scatter(buffer(sendbuf), *sendcount, typeOf(sendtype), inPlaceBuffer(recvbuf),
                         *recvcount, typeOf(recvtype), *root, commOf(comm)));
}

XYLEM_FORTRAN(allgatherv, ALLGATHERV,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcounts, MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* comm,
               MPI_Fint* ierr))
{
    setError(ierr,
             MPI_Allgatherv(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                            recvcounts, displs, typeOf(recvtype), commOf(comm)));
}

XYLEM_FORTRAN(alltoallv, ALLTOALLV,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* sdispls, MPI_Fint* sendtype,
               void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* rdispls, MPI_Fint* recvtype,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr,
             MPI_Alltoallv(inPlaceBuffer(sendbuf), sendcounts, sdispls, typeOf(sendtype),
                           buffer(recvbuf), recvcounts, rdispls, typeOf(recvtype), commOf(comm)));
}

XYLEM_FORTRAN(alltoallw, ALLTOALLW,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* sdispls, MPI_Fint* sendtypes,
               void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* rdispls, MPI_Fint* recvtypes,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    // One datatype per peer, converted; with MPI_IN_PLACE the send types are not read.
    const MPI_Comm c = commOf(comm);
    const int peers = peerCount(c);
    const bool inPlace = sendbuf == &mpi_fortran_in_place_;
    ScratchArray<MPI_Datatype> sendTypes(inPlace ? 0 : peers);
    ScratchArray<MPI_Datatype> recvTypes(peers);
    if (!sendTypes.ok() || !recvTypes.ok()) {
        return noMemory(ierr);
    }
    for (int i = 0; i < peers; ++i) {
        if (!inPlace) {
            sendTypes[std::size_t(i)] = PMPI_Type_f2c(sendtypes[i]);
        }
        recvTypes[std::size_t(i)] = PMPI_Type_f2c(recvtypes[i]);
    }
    setError(ierr, MPI_Alltoallw(inPlaceBuffer(sendbuf), sendcounts, sdispls,
                                 inPlace ? nullptr : sendTypes.data(), buffer(recvbuf), recvcounts,
                                 rdispls, recvTypes.data(), c));
}

XYLEM_FORTRAN(gatherv, GATHERV,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcounts, MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* root,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr,
             MPI_Gatherv(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                         recvcounts, displs, typeOf(recvtype), *root, commOf(comm)));
}

XYLEM_FORTRAN(scatterv, SCATTERV,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* displs, MPI_Fint* sendtype,
               void* recvbuf, MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Scatterv(buffer(sendbuf), sendcounts, displs, typeOf(sendtype),
                                inPlaceBuffer(recvbuf), *recvcount, typeOf(recvtype), *root,
                                commOf(comm)));
}

XYLEM_FORTRAN(scan, SCAN,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Scan(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype),
                            opOf(op), commOf(comm)));
}

XYLEM_FORTRAN(exscan, EXSCAN,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    setError(ierr, MPI_Exscan(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype),
                              opOf(op), commOf(comm)));
}

// ---- non-blocking: the same arguments and the request ----

XYLEM_FORTRAN(iallreduce, IALLREDUCE,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iallreduce(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype),
                           opOf(op), commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(ireduce, IREDUCE,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* root, MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Ireduce(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype), opOf(op),
                        *root, commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(ibcast, IBCAST,
              (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* root, MPI_Fint* comm,
               MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr, MPI_Ibcast(buffer(buf), *count, typeOf(datatype), *root, commOf(comm), &r), r,
            request);
}

XYLEM_FORTRAN(ibarrier, IBARRIER, (MPI_Fint * comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr, MPI_Ibarrier(commOf(comm), &r), r, request);
}

XYLEM_FORTRAN(iallgather, IALLGATHER,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* request,
               MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iallgather(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                           *recvcount, typeOf(recvtype), commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(ialltoall, IALLTOALL,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* comm, MPI_Fint* request,
               MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Ialltoall(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                          *recvcount, typeOf(recvtype), commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(igather, IGATHER,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm,
               MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Igather(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                        *recvcount, typeOf(recvtype), *root, commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(iscatter, ISCATTER,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root, MPI_Fint* comm,
               MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iscatter(buffer(sendbuf), *sendcount, typeOf(sendtype), inPlaceBuffer(recvbuf),
                         *recvcount, typeOf(recvtype), *root, commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(iallgatherv, IALLGATHERV,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcounts, MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* comm,
               MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iallgatherv(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                            recvcounts, displs, typeOf(recvtype), commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(ialltoallv, IALLTOALLV,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* sdispls, MPI_Fint* sendtype,
               void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* rdispls, MPI_Fint* recvtype,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Ialltoallv(inPlaceBuffer(sendbuf), sendcounts, sdispls, typeOf(sendtype),
                           buffer(recvbuf), recvcounts, rdispls, typeOf(recvtype), commOf(comm),
                           &r),
            r, request);
}

XYLEM_FORTRAN(igatherv, IGATHERV,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, void* recvbuf,
               MPI_Fint* recvcounts, MPI_Fint* displs, MPI_Fint* recvtype, MPI_Fint* root,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Igatherv(inPlaceBuffer(sendbuf), *sendcount, typeOf(sendtype), buffer(recvbuf),
                         recvcounts, displs, typeOf(recvtype), *root, commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(iscatterv, ISCATTERV,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* displs, MPI_Fint* sendtype,
               void* recvbuf, MPI_Fint* recvcount, MPI_Fint* recvtype, MPI_Fint* root,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iscatterv(buffer(sendbuf), sendcounts, displs, typeOf(sendtype),
                          inPlaceBuffer(recvbuf), *recvcount, typeOf(recvtype), *root, commOf(comm),
                          &r),
            r, request);
}

XYLEM_FORTRAN(ireduce_scatter, IREDUCE_SCATTER,
              (void* sendbuf, void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Ireduce_scatter(inPlaceBuffer(sendbuf), buffer(recvbuf), recvcounts,
                                typeOf(datatype), opOf(op), commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(ireduce_scatter_block, IREDUCE_SCATTER_BLOCK,
              (void* sendbuf, void* recvbuf, MPI_Fint* recvcount, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Ireduce_scatter_block(inPlaceBuffer(sendbuf), buffer(recvbuf), *recvcount,
                                      typeOf(datatype), opOf(op), commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(iscan, ISCAN,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iscan(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype), opOf(op),
                      commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(iexscan, IEXSCAN,
              (void* sendbuf, void* recvbuf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* op,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Iexscan(inPlaceBuffer(sendbuf), buffer(recvbuf), *count, typeOf(datatype), opOf(op),
                        commOf(comm), &r),
            r, request);
}
