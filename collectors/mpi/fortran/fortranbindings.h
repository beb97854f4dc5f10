#pragma once

// What the Fortran entry points of the interposer share (collectors/mpi/fortran/*.cpp).
//
// Why they exist: OpenMPI's Fortran bindings (libmpi_mpifh: mpi_send_, mpi_send__, mpi_send,
// MPI_SEND, all aliases of ompi_send_f) call PMPI_Send directly, so a Fortran program's calls
// never reach the interposer's C MPI_Send. `use mpi` calls the same mpi_send_; `use mpi_f08`'s
// mpi_send_f08_ (libmpi_usempif08) calls ompi_send_f, or, for calls with LOGICAL arguments
// (Test*, Iprobe, Cart_create, ...), the profiling name pmpi_test_. Being preloaded, our
// definitions of those names come first: each converts the Fortran arguments the way OpenMPI's
// own ompi_*_f does and calls the C MPI_ function, which is the interposer's wrapper (or libmpi's
// where none exists). So a Fortran call is recorded once, by the same code as a C call.
//
// OpenMPI only: the sentinels below are OpenMPI's common blocks (CMakeLists.txt builds these
// files only against ompi-c).

#include <array>
#include <cstddef>
#include <memory>
#include <mpi.h>
#include <new>

#if !defined(OPEN_MPI)
#error "collectors/mpi/fortran speaks OpenMPI's Fortran ABI; build it only against OpenMPI"
#endif

// OpenMPI's Fortran INTEGER is a C int (the C side casts count and index arrays as they are).
static_assert(sizeof(MPI_Fint) == sizeof(int), "a Fortran INTEGER that is not a C int");

// The addresses a Fortran program passes for MPI_IN_PLACE, MPI_BOTTOM, MPI_STATUS_IGNORE, ...:
// common blocks (gfortran names them with one underscore), one per process (libmpi defines
// them, a Fortran executable's own copy comes first): only the address means something.
// OpenMPI's ompi_*_f compare with the same symbols (OMPI_IS_FORTRAN_IN_PLACE etc.).
extern "C" {
extern MPI_Fint mpi_fortran_in_place_;
extern MPI_Fint mpi_fortran_bottom_;
extern MPI_Fint mpi_fortran_status_ignore_;
extern MPI_Fint mpi_fortran_statuses_ignore_;
extern MPI_Fint mpi_fortran_unweighted_;
extern MPI_Fint mpi_fortran_weights_empty_;
}

// Defines the Fortran entry point `lower` (e.g. allreduce): ompi_allreduce_f (what mpi_f08
// calls) and the four spellings of mpif.h and `use mpi` (mpi_allreduce_, mpi_allreduce__,
// mpi_allreduce, MPI_ALLREDUCE) as aliases of it. The function body follows the macro.
#define XYLEM_FORTRAN_ALIAS(lower) __attribute__((alias("ompi_" #lower "_f")))
#define XYLEM_FORTRAN_DECLARE(lower, upper, params)                                                \
    void ompi_##lower##_f params;                                                                  \
    void mpi_##lower##_ params XYLEM_FORTRAN_ALIAS(lower);                                         \
    void mpi_##lower##__ params XYLEM_FORTRAN_ALIAS(lower);                                        \
    void mpi_##lower params XYLEM_FORTRAN_ALIAS(lower);                                            \
    void MPI_##upper params XYLEM_FORTRAN_ALIAS(lower);
#define XYLEM_FORTRAN(lower, upper, params)                                                        \
    extern "C" {                                                                                   \
    XYLEM_FORTRAN_DECLARE(lower, upper, params)                                                    \
    }                                                                                              \
    void ompi_##lower##_f params
// The same, and pmpi_lower_ too: OpenMPI 4.1's mpi_f08 calls the profiling name for the calls
// with LOGICAL arguments (mpi_test_f08_ calls pmpi_test_), so only that name catches them.
#define XYLEM_FORTRAN_AND_PMPI(lower, upper, params)                                               \
    extern "C" {                                                                                   \
    XYLEM_FORTRAN_DECLARE(lower, upper, params)                                                    \
    void pmpi_##lower##_ params XYLEM_FORTRAN_ALIAS(lower);                                        \
    }                                                                                              \
    void ompi_##lower##_f params

namespace xylem::mpi::fortran {

// A Fortran LOGICAL (gfortran: 4 bytes, .TRUE. is 1, .FALSE. is 0; any non-zero is true).
using Logical = MPI_Fint;
inline constexpr Logical kTrue = 1;
inline constexpr Logical kFalse = 0;

// A Fortran status is MPI_STATUS_SIZE INTEGERs.
inline constexpr std::size_t kStatusInts = sizeof(MPI_Status) / sizeof(MPI_Fint);

// ierr is optional in OpenMPI's bindings (NULL: not wanted).
inline void setError(MPI_Fint* ierr, int result)
{
    if (ierr) {
        *ierr = result;
    }
}

// Handles: Fortran INTEGERs to C's.
inline MPI_Comm commOf(const MPI_Fint* f)
{
    return PMPI_Comm_f2c(*f);
}

inline MPI_Datatype typeOf(const MPI_Fint* f)
{
    return PMPI_Type_f2c(*f);
}

inline MPI_Op opOf(const MPI_Fint* f)
{
    return PMPI_Op_f2c(*f);
}

// The end of a call that starts a request: its Fortran handle, when it started. made is a
// reference: read after the call that is the argument before it has written it.
inline void started(MPI_Fint* ierr, int result, const MPI_Request& made, MPI_Fint* request)
{
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        *request = PMPI_Request_c2f(made);
    }
}

// The end of a call that makes a communicator: its Fortran handle, when it made one (made: as
// for started()).
inline void madeComm(MPI_Fint* ierr, int result, const MPI_Comm& made, MPI_Fint* newcomm)
{
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        *newcomm = PMPI_Comm_c2f(made);
    }
}

// A buffer argument: Fortran's MPI_BOTTOM made C's.
inline void* buffer(void* p)
{
    return p == &mpi_fortran_bottom_ ? MPI_BOTTOM : p;
}

// A buffer that may be MPI_IN_PLACE (send buffers of collectives, Scatter's receive buffer).
inline void* inPlaceBuffer(void* p)
{
    return p == &mpi_fortran_in_place_ ? MPI_IN_PLACE : buffer(p);
}

inline bool ignoresStatus(const MPI_Fint* status)
{
    return status == &mpi_fortran_status_ignore_;
}

inline bool ignoresStatuses(const MPI_Fint* statuses)
{
    return statuses == &mpi_fortran_statuses_ignore_;
}

// A C status standing for a Fortran one: MPI_STATUS_IGNORE when the caller ignores it; else
// copied out (MPI_Status_c2f) when the call succeeded.
class StatusOut
{
public:
    explicit StatusOut(MPI_Fint* fortran)
        : fortran_(fortran)
    {
    }
    MPI_Status* c() { return ignoresStatus(fortran_) ? MPI_STATUS_IGNORE : &c_; }
    void done(int result)
    {
        if (result == MPI_SUCCESS && !ignoresStatus(fortran_)) {
            PMPI_Status_c2f(&c_, fortran_);
        }
    }

private:
    MPI_Fint* fortran_;
    MPI_Status c_;
};

// Fortran's MPI_UNWEIGHTED / MPI_WEIGHTS_EMPTY made C's (Dist_graph_create*).
inline const int* weights(MPI_Fint* p)
{
    if (p == &mpi_fortran_unweighted_) {
        return MPI_UNWEIGHTED;
    }
    if (p == &mpi_fortran_weights_empty_) {
        return MPI_WEIGHTS_EMPTY;
    }
    return p;
}

// A C array made from a Fortran one (requests, statuses, datatypes): on the stack up to
// kSmall elements, so the common Waitall of a few requests allocates nothing; above, on the
// heap. ok() is false when that allocation failed (the call then reports MPI_ERR_NO_MEM, as
// OpenMPI's own binding does). A negative count (the C call refuses it) gives an empty array.
template <typename T> class ScratchArray
{
public:
    static constexpr std::size_t kSmall = 32;

    explicit ScratchArray(MPI_Fint count)
    {
        const auto n = count > 0 ? static_cast<std::size_t>(count) : 0;
        if (n > kSmall) {
            heap_.reset(new (std::nothrow) T[n]);
            data_ = heap_.get();
        }
    }
    ScratchArray(const ScratchArray&) = delete;
    ScratchArray& operator=(const ScratchArray&) = delete;

    bool ok() const { return data_ != nullptr; }
    T* data() { return data_; }
    T& operator[](std::size_t i) { return data_[i]; }

private:
    std::array<T, kSmall> small_; // not zeroed: every element used is written first
    std::unique_ptr<T[]> heap_;
    T* data_ = small_.data();
};

// What a binding does when its scratch array could not be made: the error OpenMPI's binding
// raises (MPI_ERR_NO_MEM through the error handler; by default that aborts the job).
inline void noMemory(MPI_Fint* ierr)
{
    PMPI_Comm_call_errhandler(MPI_COMM_SELF, MPI_ERR_NO_MEM);
    setError(ierr, MPI_ERR_NO_MEM);
}

// The size of the arrays a (v- or w-) collective takes: the remote group's for an
// intercommunicator. 0 for a communicator that is not one (the C call then reports it).
inline int peerCount(MPI_Comm comm)
{
    int inter = 0;
    int size = 0;
    if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS) {
        return 0;
    }
    if ((inter ? PMPI_Comm_remote_size(comm, &size) : PMPI_Comm_size(comm, &size)) != MPI_SUCCESS) {
        return 0;
    }
    return size;
}

} // namespace xylem::mpi::fortran
