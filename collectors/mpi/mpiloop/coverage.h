#pragma once

// xylem-mpiloop --pattern coverage: every MPI call the interposer records, a known number of
// times, so that a test can count them per function (tests/app/tst_mpicoverage.cpp lists the
// counts). Needs an even number of ranks (pairs of rank and rank ^ 1).

#include <mpi.h>
#include <vector>

namespace xylem::mpi {

class Coverage
{
public:
    // Makes the communicators (each communicator-making call once, before the loop).
    Coverage(int rank, int size, int bytes);
    // Frees them.
    ~Coverage();
    Coverage(const Coverage&) = delete;
    Coverage& operator=(const Coverage&) = delete;

    // One iteration of the calls listed in coverage.cpp.
    void iterate();

private:
    void makeCommunicators();
    void ring();
    void tests();
    void pairs();
    void collectives();
    void nonBlockingCollectives();
    char* slot(int i) { return m_receive.data() + static_cast<size_t>(i) * m_piece; }

    int m_rank = 0;
    int m_size = 2;
    int m_n = 8;
    int m_right = 0;
    int m_left = 0;
    int m_peer = 1;
    size_t m_piece = 0; // size * bytes: room for one collective's result
    std::vector<char> m_send;
    std::vector<char> m_receive;  // pieces, one per outstanding operation
    std::vector<char> m_attached; // MPI_Buffer_attach's, for Bsend
    std::vector<int> m_counts;    // size entries of bytes
    std::vector<int> m_displs;    // 0, bytes, 2 bytes, ...
    std::vector<MPI_Datatype> m_types;
    std::vector<MPI_Comm> m_made;
    MPI_Group m_evens = MPI_GROUP_NULL;
};

} // namespace xylem::mpi
