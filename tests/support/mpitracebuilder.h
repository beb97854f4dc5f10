#pragma once

// Hand-made MPI traces for the tests and benchmarks: ranks with hosts and clusters, communicators
// and events written one call at a time, plus two ready-made traces (a late rank; a large run).

#include "core/model/mpitrace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::testing {

class MpiTraceBuilder
{
public:
    // The next world rank, on host (and cluster).
    MpiTraceBuilder& rank(std::string host, std::string cluster = "");
    // MPI_COMM_WORLD over every rank added so far (call after the ranks).
    MpiTraceBuilder& world();
    MpiTraceBuilder& communicator(std::int32_t id, std::string name, std::vector<int> members);
    // A collective call; root only for rooted calls.
    MpiTraceBuilder& collective(int rank, MpiCall call, std::int64_t seq, std::int64_t enter,
                                std::int64_t exit, int root = -1, std::int32_t communicator = 0);
    // A point-to-point call; partner is the peer (destination or source).
    MpiTraceBuilder& p2p(int rank, MpiCall call, int partner, std::int32_t tag, std::int64_t enter,
                         std::int64_t exit, bool completesReceive = false,
                         std::int32_t communicator = 0);

    // A point-to-point event with its completion (a Wait*/Test* event, or a Sendrecv half); one
    // call finishing several requests is several of these with the same enter and exit.
    MpiTraceBuilder& completion(int rank, MpiCall call, MpiCompletion completes, int partner,
                                std::int32_t tag, std::int64_t enter, std::int64_t exit,
                                std::int32_t communicator = 0);

    const MpiTrace& trace() const { return m_trace; }

    // One event, for tests that put events in a trace themselves (seq 0, no bytes or tag).
    static MpiEvent event(int rank, MpiCall call, std::int64_t enter, std::int64_t exit,
                          int partner = -1, std::int32_t communicator = 0);

private:
    MpiTrace m_trace;
    std::vector<std::int64_t> m_p2pCount;
};

// `ranks` ranks on one host each (cluster "c0" for the first half, "c1" for the rest) making
// `calls` MPI_Allreduce on MPI_COMM_WORLD: every rank enters call s at
// s * 10000 except lateRank, which enters lateNs later; all leave at s * 10000 + lateNs + 100.
MpiTrace lateRankTrace(int ranks, int lateRank, std::int64_t lateNs, int calls);

// A `--tree binomial` recording of 4 ranks (parents -1, 0, 0, 2) on hosts A A B B, with its tree
// edges: the edge 2 -> 0 crosses hosts and has the parent's side too; rank 3 comes 1 us late to
// every call. `calls` MPI_Allreduce, call s at b = firstNs + s * 100 us (reference host A):
//   enters r0 0, r1 10, r2 20, r3 1000; r2 has r3's part at 1050 and hands it up at 1060;
//   r0 has r2's part at 1200 and sends the result down to r2 at 1300 (to r1 before);
//   r2 gets it at 1400; exits r0 1310, r1 1320, r2 1460, r3 1450.
MpiTrace binomialTreeTrace(int calls, std::int64_t firstNs = 0);

} // namespace xylem::testing
