#pragma once

// The bytes a collective records (collectors/mpi/README.md): what this rank contributes. Shared by
// the blocking collectives (collectives.cpp) and the non-blocking ones (nonblocking.cpp), which
// record the same for the same arguments.

#include "collectors/mpi/interposer.h"

namespace xylem::mpi {

// How many entries the count arrays of a v-collective have: the remote group's size on an
// intercommunicator, the communicator's size otherwise.
inline int peersOf(MPI_Comm comm)
{
    int inter = 0;
    int size = 0;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter) {
        PMPI_Comm_remote_size(comm, &size);
    } else {
        PMPI_Comm_size(comm, &size);
    }
    return size;
}

inline int rankIn(MPI_Comm comm)
{
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    return rank;
}

// The send buffer, or the receive side's count when the rank sends MPI_IN_PLACE.
inline std::int64_t contributed(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                int recvcount, MPI_Datatype recvtype)
{
    return sendbuf == MPI_IN_PLACE ? bytesOf(recvtype, recvcount) : bytesOf(sendtype, sendcount);
}

inline std::int64_t summed(const int counts[], MPI_Datatype type, int n)
{
    std::int64_t count = 0;
    for (int i = 0; i < n; ++i) {
        count += counts[i];
    }
    return bytesOf(type, count);
}

inline std::int64_t summed(const int counts[], const MPI_Datatype types[], int n)
{
    std::int64_t bytes = 0;
    for (int i = 0; i < n; ++i) {
        bytes += bytesOf(types[i], counts[i]);
    }
    return bytes;
}

// Allgatherv's and Gatherv's: the send buffer; in place, the rank's own piece of the result.
inline std::int64_t gathervBytes(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                 const int recvcounts[], MPI_Datatype recvtype, MPI_Comm comm)
{
    return sendbuf == MPI_IN_PLACE ? bytesOf(recvtype, recvcounts[rankIn(comm)])
                                   : bytesOf(sendtype, sendcount);
}

// Scatterv's: the piece received; in place (the root), the root's own piece.
inline std::int64_t scattervBytes(void* recvbuf, int recvcount, MPI_Datatype recvtype,
                                  const int sendcounts[], MPI_Datatype sendtype, MPI_Comm comm)
{
    return recvbuf == MPI_IN_PLACE ? bytesOf(sendtype, sendcounts[rankIn(comm)])
                                   : bytesOf(recvtype, recvcount);
}

// Alltoallv's: all it sends (in place: all it gets, the same sizes).
inline std::int64_t alltoallvBytes(const void* sendbuf, const int sendcounts[],
                                   MPI_Datatype sendtype, const int recvcounts[],
                                   MPI_Datatype recvtype, MPI_Comm comm)
{
    const int n = peersOf(comm);
    return sendbuf == MPI_IN_PLACE ? summed(recvcounts, recvtype, n)
                                   : summed(sendcounts, sendtype, n);
}

inline std::int64_t alltoallwBytes(const void* sendbuf, const int sendcounts[],
                                   const MPI_Datatype sendtypes[], const int recvcounts[],
                                   const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const int n = peersOf(comm);
    return sendbuf == MPI_IN_PLACE ? summed(recvcounts, recvtypes, n)
                                   : summed(sendcounts, sendtypes, n);
}

} // namespace xylem::mpi
