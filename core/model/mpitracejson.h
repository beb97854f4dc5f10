#pragma once

// What of an MpiTrace is not per call — ranks with hosts and clusters, communicators with their
// members, clock samples, the reference host — as one JSON document. The PMPI interposer's
// rank 0 writes it (collectors/mpi, at MPI_Init and again complete at MPI_Finalize) beside the
// tuples that carry the calls; the front-end reads it back and adds the decoded events.
//
//   {"format": "xylem-mpi-run/1", "complete": true, "reference_host": "n0",
//    "ranks": [{"rank": 0, "host": "n0", "cluster": "c0"}, ...],
//    "communicators": [{"id": 0, "name": "MPI_COMM_WORLD", "members": [0, 1, 2, 3]}, ...],
//    "clock_samples": [{"host": "n1", "against": "", "local_ns": 1, "offset_ns": -3,
//                       "round_trip_ns": 900}, ...],
//    "tree": {"spec": "hierarchy", "depth": 2, "parents": [-1, 0, 0, 1], "crossing_edges": 1,
//             "through_tree": 120, "fallbacks": {"user-defined op": 4}}}
// "tree" is there only when the interposer ran the collectives through Xylem's spanning tree
// (XYLEM_MPI_TREE, collectors/mpi/treecollectives.h); written complete at MPI_Finalize.

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xylem {

inline constexpr const char* kMpiRunFormat = "xylem-mpi-run/1";

// The spanning tree the run's Allreduce, Reduce, Bcast and Barrier went through, as rank 0 saw
// it: every rank takes the same path for every call, so its counts are every rank's.
struct MpiTreeInfo
{
    std::string spec;                  // XYLEM_MPI_TREE as given ("hierarchy:2", a file's path)
    int depth = 0;                     // edges on the longest path from the root
    std::vector<int> parents;          // by world rank; -1 for the root (rooted at the tree's root)
    int crossingEdges = 0;             // edges between two hosts (where proxies sit)
    std::int64_t throughTree = 0;      // collectives that went through the tree
    // Collectives MPI did itself, per reason ("user-defined op", ...; treecollectives.h), by the
    // reason's name; reasons never met are left out.
    std::vector<std::pair<std::string, std::int64_t>> fallbacks;

    bool operator==(const MpiTreeInfo&) const = default;
};

struct MpiRunInfo
{
    MpiTrace trace;        // events empty
    bool complete = false; // written at MPI_Finalize (else at MPI_Init only)
    std::optional<MpiTreeInfo> tree;
};

std::string mpiRunInfoToJson(const MpiRunInfo& info);
// Errors name the field (and the item) that is wrong.
Result<MpiRunInfo> mpiRunInfoFromJson(const std::string& text);

} // namespace xylem
