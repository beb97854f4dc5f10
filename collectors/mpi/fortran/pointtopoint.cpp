// The Fortran entry points of the point-to-point calls and probes (fortranbindings.h says why
// they exist): handles, MPI_BOTTOM and statuses converted, the C function called (it records).

#include "collectors/mpi/fortran/fortranbindings.h"

using namespace xylem::mpi::fortran;

// Send, Ssend, Bsend, Rsend: one shape.
#define XYLEM_FORTRAN_SEND(lower, upper, call)                                                     \
    XYLEM_FORTRAN(lower, upper,                                                                    \
                  (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* dest, MPI_Fint* tag,  \
                   MPI_Fint* comm, MPI_Fint* ierr))                                                \
    {                                                                                              \
        setError(ierr, call(buffer(buf), *count, typeOf(datatype), *dest, *tag, commOf(comm)));    \
    }

XYLEM_FORTRAN_SEND(send, SEND, MPI_Send)
XYLEM_FORTRAN_SEND(ssend, SSEND, MPI_Ssend)
XYLEM_FORTRAN_SEND(bsend, BSEND, MPI_Bsend)
XYLEM_FORTRAN_SEND(rsend, RSEND, MPI_Rsend)

// Isend, Issend: the same and the request.
#define XYLEM_FORTRAN_ISEND(lower, upper, call)                                                    \
    XYLEM_FORTRAN(lower, upper,                                                                    \
                  (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* dest, MPI_Fint* tag,  \
                   MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))                             \
    {                                                                                              \
        MPI_Request r = MPI_REQUEST_NULL;                                                          \
        started(ierr, call(buffer(buf), *count, typeOf(datatype), *dest, *tag, commOf(comm), &r),  \
                r, request);                                                                       \
    }

XYLEM_FORTRAN_ISEND(isend, ISEND, MPI_Isend)
XYLEM_FORTRAN_ISEND(issend, ISSEND, MPI_Issend)

XYLEM_FORTRAN(recv, RECV,
              (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* source, MPI_Fint* tag,
               MPI_Fint* comm, MPI_Fint* status, MPI_Fint* ierr))
{
    StatusOut s(status);
    const int result =
        MPI_Recv(buffer(buf), *count, typeOf(datatype), *source, *tag, commOf(comm), s.c());
    setError(ierr, result);
    s.done(result);
}

XYLEM_FORTRAN(irecv, IRECV,
              (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* source, MPI_Fint* tag,
               MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierr))
{
    MPI_Request r = MPI_REQUEST_NULL;
    started(ierr, MPI_Irecv(buffer(buf), *count, typeOf(datatype), *source, *tag, commOf(comm), &r),
            r, request);
}

XYLEM_FORTRAN(sendrecv, SENDRECV,
              (void* sendbuf, MPI_Fint* sendcount, MPI_Fint* sendtype, MPI_Fint* dest,
               MPI_Fint* sendtag, void* recvbuf, MPI_Fint* recvcount, MPI_Fint* recvtype,
               MPI_Fint* source, MPI_Fint* recvtag, MPI_Fint* comm, MPI_Fint* status,
               MPI_Fint* ierr))
{
    StatusOut s(status);
    const int result = MPI_Sendrecv(buffer(sendbuf), *sendcount, typeOf(sendtype), *dest, *sendtag,
                                    buffer(recvbuf), *recvcount, typeOf(recvtype), *source,
                                    *recvtag, commOf(comm), s.c());
    setError(ierr, result);
    s.done(result);
}

XYLEM_FORTRAN(sendrecv_replace, SENDRECV_REPLACE,
              (void* buf, MPI_Fint* count, MPI_Fint* datatype, MPI_Fint* dest, MPI_Fint* sendtag,
               MPI_Fint* source, MPI_Fint* recvtag, MPI_Fint* comm, MPI_Fint* status,
               MPI_Fint* ierr))
{
    StatusOut s(status);
    const int result = MPI_Sendrecv_replace(buffer(buf), *count, typeOf(datatype), *dest, *sendtag,
                                            *source, *recvtag, commOf(comm), s.c());
    setError(ierr, result);
    s.done(result);
}

XYLEM_FORTRAN(probe, PROBE,
              (MPI_Fint * source, MPI_Fint* tag, MPI_Fint* comm, MPI_Fint* status, MPI_Fint* ierr))
{
    StatusOut s(status);
    const int result = MPI_Probe(*source, *tag, commOf(comm), s.c());
    setError(ierr, result);
    s.done(result);
}

XYLEM_FORTRAN_AND_PMPI(iprobe, IPROBE,
                       (MPI_Fint * source, MPI_Fint* tag, MPI_Fint* comm, Logical* flag,
                        MPI_Fint* status, MPI_Fint* ierr))
{
    StatusOut s(status);
    int found = 0;
    const int result = MPI_Iprobe(*source, *tag, commOf(comm), &found, s.c());
    setError(ierr, result);
    *flag = found ? kTrue : kFalse;
    if (found) {
        s.done(result);
    }
}
