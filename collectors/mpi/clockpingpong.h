#pragma once

// Clock offsets between hosts by ping-pong (metrics.md §7, as Scalasca measures them at
// MPI_Init and MPI_Finalize): the lowest world rank of each host is its host's master. Without
// clusters every other host master is measured against rank 0's host; with clusters
// (XYLEM_MPI_CLUSTER) each cluster's master against rank 0's host and every other host master
// against its cluster's master. Each measurement is several exchanges; the one with the
// smallest round trip is kept. The clock is the tuple clock (core/model/tupleclock.h), the base
// the collector turns ring timestamps into. Every rank calls this at the same point; only masters exchange messages.

#include "core/model/mpitrace.h"

#include <vector>

namespace xylem::mpi {

// Who measures against whom: pairs (reference rank, measured rank), in an order every rank
// computes alike. Pure, for the tests.
std::vector<std::pair<int, int>> clockPairs(const std::vector<MpiRank>& ranks);

// The samples this rank measured (empty unless it is a measured host master).
std::vector<MpiClockSample> measureClocks(const std::vector<MpiRank>& ranks, int myRank,
                                          int exchanges = 10);

} // namespace xylem::mpi
