// The Fortran entry points of the collectives, blocking and non-blocking (fortranbindings.h says
// why they exist). Each converts its handles, MPI_IN_PLACE and MPI_BOTTOM and calls the C
// function, which records it. Count and displacement arrays are the caller's INTEGER arrays,
// passed on as they are (a Fortran INTEGER is a C int), so a non-blocking call's arrays live
// as long as the program keeps them, as MPI asks.
//
// MPI_IALLTOALLW's datatype arrays are converted into C arrays that live only during the call,
// as OpenMPI 4.1's own binding does (its collective components copy the types when the
// operation starts). OpenMPI 5 keeps its converted arrays until the request completes, which
// only it can arrange: against OpenMPI 5 the call is left to OpenMPI (not recorded).

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

namespace {

// Alltoallw's datatypes, one per peer, made C's; with MPI_IN_PLACE the send types are not read
// (sendTypes() is then null).
class WTypes
{
public:
    WTypes(MPI_Comm comm, void* sendbuf, const MPI_Fint* sendtypes, const MPI_Fint* recvtypes)
        : peers_(peerCount(comm))
        , inPlace_(sendbuf == &mpi_fortran_in_place_)
        , send_(inPlace_ ? 0 : peers_)
        , recv_(peers_)
    {
        for (int i = 0; ok() && i < peers_; ++i) {
            if (!inPlace_) {
                send_[std::size_t(i)] = PMPI_Type_f2c(sendtypes[i]);
            }
            recv_[std::size_t(i)] = PMPI_Type_f2c(recvtypes[i]);
        }
    }

    bool ok() const { return send_.ok() && recv_.ok(); }
    MPI_Datatype* sendTypes() { return inPlace_ ? nullptr : send_.data(); }
    MPI_Datatype* recvTypes() { return recv_.data(); }

private:
    int peers_;
    bool inPlace_;
    ScratchArray<MPI_Datatype> send_;
    ScratchArray<MPI_Datatype> recv_;
};

} // namespace

XYLEM_FORTRAN(alltoallw, ALLTOALLW,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* sdispls, MPI_Fint* sendtypes,
               void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* rdispls, MPI_Fint* recvtypes,
               MPI_Fint* comm, MPI_Fint* ierr))
{
    const MPI_Comm c = commOf(comm);
    WTypes types(c, sendbuf, sendtypes, recvtypes);
    if (!types.ok()) {
        return noMemory(ierr);
    }
    setError(ierr, MPI_Alltoallw(inPlaceBuffer(sendbuf), sendcounts, sdispls, types.sendTypes(),
                                 buffer(recvbuf), recvcounts, rdispls, types.recvTypes(), c));
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

#if OMPI_MAJOR_VERSION < 5
XYLEM_FORTRAN(ialltoallw, IALLTOALLW,
              (void* sendbuf, MPI_Fint* sendcounts, MPI_Fint* sdispls, MPI_Fint* sendtypes,
               void* recvbuf, MPI_Fint* recvcounts, MPI_Fint* rdispls, MPI_Fint* recvtypes,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    const MPI_Comm c = commOf(comm);
    WTypes types(c, sendbuf, sendtypes, recvtypes); // gone on return: see the file's comment
    if (!types.ok()) {
        return noMemory(ierr);
    }
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr,
            MPI_Ialltoallw(inPlaceBuffer(sendbuf), sendcounts, sdispls, types.sendTypes(),
                           buffer(recvbuf), recvcounts, rdispls, types.recvTypes(), c, &r),
            r, request);
}
#endif

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
