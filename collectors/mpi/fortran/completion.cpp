// The Fortran entry points of Wait, Waitall, Waitany, Waitsome, Test, Testall, Testany,
// Testsome and Request_free (fortranbindings.h says why they exist). The Fortran requests become C
// requests (on the stack for up to ScratchArray::kSmall of them), the C function completes them
// (and records what it finished), and the Fortran handles are written back: a finished request
// becomes MPI_REQUEST_NULL, a persistent one keeps its handle. Indices are 1-based in Fortran.

#include "collectors/mpi/fortran/fortranbindings.h"

using namespace xylem::mpi::fortran;

namespace {

// The Fortran requests of an array call as C requests, and their statuses.
class RequestArray
{
public:
    RequestArray(MPI_Fint count, MPI_Fint* requests, MPI_Fint* statuses)
        : count_(count)
        , fortran_(requests)
        , statuses_(statuses)
        , c_(count)
        , cStatuses_(ignoresStatuses(statuses) ? 0 : count)
    {
        for (MPI_Fint i = 0; ok() && i < count_; ++i) {
            c_[std::size_t(i)] = PMPI_Request_f2c(requests[i]);
        }
    }

    bool ok() const { return c_.ok() && cStatuses_.ok(); }
    MPI_Request* requests() { return c_.data(); }
    MPI_Status* statuses()
    {
        return ignoresStatuses(statuses_) ? MPI_STATUSES_IGNORE : cStatuses_.data();
    }

    // The i-th request's Fortran handle after the call.
    void writeBack(int i) { fortran_[i] = PMPI_Request_c2f(c_[std::size_t(i)]); }
    // The status of the i-th finished request (the i-th of the statuses array).
    void writeStatus(int i)
    {
        if (!ignoresStatuses(statuses_)) {
            PMPI_Status_c2f(&cStatuses_[std::size_t(i)], statuses_ + std::size_t(i) * kStatusInts);
        }
    }

private:
    MPI_Fint count_;
    MPI_Fint* fortran_;
    MPI_Fint* statuses_;
    ScratchArray<MPI_Request> c_;
    ScratchArray<MPI_Status> cStatuses_;
};

// Waitsome and Testsome: the finished requests, their indices made 1-based, their statuses.
void finishSome(RequestArray& a, int result, MPI_Fint* outcount, MPI_Fint* indices)
{
    if (result != MPI_SUCCESS || *outcount == MPI_UNDEFINED) {
        return;
    }
    for (int i = 0; i < *outcount; ++i) {
        a.writeBack(indices[i]);
        ++indices[i];
        a.writeStatus(i);
    }
}

} // namespace

XYLEM_FORTRAN(wait, WAIT, (MPI_Fint * request, MPI_Fint* status, MPI_Fint* ierr))
{
    MPI_Request r = PMPI_Request_f2c(*request);
    StatusOut s(status);
    const int result = MPI_Wait(&r, s.c());
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        *request = PMPI_Request_c2f(r);
        s.done(result);
    }
}

XYLEM_FORTRAN_AND_PMPI(test, TEST,
                       (MPI_Fint * request, Logical* flag, MPI_Fint* status, MPI_Fint* ierr))
{
    MPI_Request r = PMPI_Request_f2c(*request);
    StatusOut s(status);
    int done = 0;
    const int result = MPI_Test(&r, &done, s.c());
    setError(ierr, result);
    *flag = done ? kTrue : kFalse;
    if (result == MPI_SUCCESS) {
        *request = PMPI_Request_c2f(r);
        if (done) {
            s.done(result);
        }
    }
}

XYLEM_FORTRAN(waitall, WAITALL,
              (MPI_Fint * count, MPI_Fint* requests, MPI_Fint* statuses, MPI_Fint* ierr))
{
    RequestArray a(*count, requests, statuses);
    if (!a.ok()) {
        return noMemory(ierr);
    }
    const int result = MPI_Waitall(*count, a.requests(), a.statuses());
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        for (int i = 0; i < *count; ++i) {
            a.writeBack(i);
            a.writeStatus(i);
        }
    }
}

XYLEM_FORTRAN_AND_PMPI(testall, TESTALL,
                       (MPI_Fint * count, MPI_Fint* requests, Logical* flag, MPI_Fint* statuses,
                        MPI_Fint* ierr))
{
    RequestArray a(*count, requests, statuses);
    if (!a.ok()) {
        return noMemory(ierr);
    }
    int done = 0;
    const int result = MPI_Testall(*count, a.requests(), &done, a.statuses());
    setError(ierr, result);
    *flag = done ? kTrue : kFalse;
    if (result == MPI_SUCCESS && done) {
        for (int i = 0; i < *count; ++i) {
            a.writeBack(i);
            a.writeStatus(i);
        }
    }
}

XYLEM_FORTRAN(waitany, WAITANY,
              (MPI_Fint * count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* status,
               MPI_Fint* ierr))
{
    RequestArray a(*count, requests, &mpi_fortran_statuses_ignore_);
    if (!a.ok()) {
        return noMemory(ierr);
    }
    StatusOut s(status);
    int which = MPI_UNDEFINED;
    const int result = MPI_Waitany(*count, a.requests(), &which, s.c());
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        if (which != MPI_UNDEFINED) {
            a.writeBack(which);
        }
        *index = which == MPI_UNDEFINED ? MPI_UNDEFINED : which + 1;
        s.done(result);
    }
}

XYLEM_FORTRAN_AND_PMPI(testany, TESTANY,
                       (MPI_Fint * count, MPI_Fint* requests, MPI_Fint* index, Logical* flag,
                        MPI_Fint* status, MPI_Fint* ierr))
{
    RequestArray a(*count, requests, &mpi_fortran_statuses_ignore_);
    if (!a.ok()) {
        return noMemory(ierr);
    }
    StatusOut s(status);
    int which = MPI_UNDEFINED;
    int done = 0;
    const int result = MPI_Testany(*count, a.requests(), &which, &done, s.c());
    setError(ierr, result);
    *flag = done ? kTrue : kFalse;
    if (result == MPI_SUCCESS) {
        if (done && which != MPI_UNDEFINED) {
            a.writeBack(which);
        }
        *index = which == MPI_UNDEFINED ? MPI_UNDEFINED : which + 1;
        if (done) {
            s.done(result);
        }
    }
}

XYLEM_FORTRAN(waitsome, WAITSOME,
              (MPI_Fint * incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
               MPI_Fint* statuses, MPI_Fint* ierr))
{
    RequestArray a(*incount, requests, statuses);
    if (!a.ok()) {
        return noMemory(ierr);
    }
    const int result = MPI_Waitsome(*incount, a.requests(), outcount, indices, a.statuses());
    setError(ierr, result);
    finishSome(a, result, outcount, indices);
}

XYLEM_FORTRAN_AND_PMPI(testsome, TESTSOME,
                       (MPI_Fint * incount, MPI_Fint* requests, MPI_Fint* outcount,
                        MPI_Fint* indices, MPI_Fint* statuses, MPI_Fint* ierr))
{
    RequestArray a(*incount, requests, statuses);
    if (!a.ok()) {
        return noMemory(ierr);
    }
    const int result = MPI_Testsome(*incount, a.requests(), outcount, indices, a.statuses());
    setError(ierr, result);
    finishSome(a, result, outcount, indices);
}

// Not a recorded call, but the C wrapper forgets the request it tracked: without this entry a
// Fortran MPI_REQUEST_FREE would leave it tracked, and a later request at the same address
// would be taken for it.
XYLEM_FORTRAN(request_free, REQUEST_FREE, (MPI_Fint * request, MPI_Fint* ierr))
{
    MPI_Request r = PMPI_Request_f2c(*request);
    const int result = MPI_Request_free(&r);
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        *request = PMPI_Request_c2f(r);
    }
}
