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
//             "through_tree": 120, "fallbacks": {"user-defined op": 4},
//             "adapt": {"candidates": ["native", "flat", "binomial"], "block": 32, "rounds": 2,
//                       "settled": "binomial", "disagreements": 0,
//                       "blocks": [{"tree": "native", "first_call": 0, "mean_ns": 4900}, ...],
//                       "switches": [{"call": 0, "seq": 3, "to": "native", "settle": false},
//                                    {"call": 192, "seq": 195, "to": "binomial",
//                                     "settle": true}, ...]}}}
// "tree" is there only when the interposer ran the collectives through Xylem's spanning tree
// (XYLEM_MPI_TREE, collectors/mpi/treecollectives.h); written complete at MPI_Finalize.
// "adapt" only when its tuner chose the world's MPI_Allreduce tree at run time
// (XYLEM_MPI_ADAPT, collectors/mpi/treeadapt.h).

#include "core/model/mpitrace.h"
#include "core/model/ranktree.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xylem {

inline constexpr const char* kMpiRunFormat = "xylem-mpi-run/1";

// One trial block of the tuner (collectors/mpi/treeadapt.h): `block` calls through `tree` from
// first_call on, and their mean time per call, the slowest rank's (MPI_MAX over the ranks).
struct MpiAdaptBlock
{
    std::string tree; // the candidate's SPEC
    std::int64_t firstCall = 0;
    std::int64_t meanNs = 0;

    bool operator==(const MpiAdaptBlock&) const = default;
};

// From call `call` (the tuner's count of the world's MPI_Allreduce calls it ran, from 0) on,
// every rank runs them through `to`; seq is that call's collective instance on MPI_COMM_WORLD
// (core/model/mpitrace.h), -1 when the rank was not recorded.
struct MpiTreeSwitch
{
    std::int64_t call = 0;
    std::int64_t seq = -1;
    std::string to;
    bool settle = false; // the tuner's choice (else the start of a trial block)

    bool operator==(const MpiTreeSwitch&) const = default;
};

// What the tuner did: its candidates, the trial blocks and the switches, and the tree it settled
// on (empty: the program ended before the trials did).
struct MpiTreeAdapt
{
    std::vector<std::string> candidates;
    int block = 0;  // calls per trial block
    int rounds = 0; // trial blocks per candidate
    std::string settled;
    std::int64_t disagreements = 0; // control collectives where the ranks' call counts differed
    std::vector<MpiAdaptBlock> blocks;
    std::vector<MpiTreeSwitch> switches;

    bool operator==(const MpiTreeAdapt&) const = default;
};

// The tuner's record in words, for the stored run's notes (the session keeps no description) and
// xylem-cli mpi's last lines: "MPI_Allreduce on MPI_COMM_WORLD adapted: best block means native
// 43.5 us, flat 12.5 us per call (blocks of 4 calls, 2 rounds); switched to flat at call 40
// (world collective 40): the run holds the calls from there on". `subject` names the calls that
// were tuned (xylem-gsum's: "gsum's allreduce", whose trees are never MPI's own "native").
inline constexpr std::string_view kWorldAllreduce = "MPI_Allreduce on MPI_COMM_WORLD";
std::string describeAdapt(const MpiTreeAdapt& adapt, std::string_view subject = kWorldAllreduce);

// XYLEM_MPI_ADAPT's candidate list (`xylem-cli mpi --adapt LIST`): SPECs of ranktree.h separated
// by commas ("native" allowed), each parsed; errors name the bad item ("candidate 2 'star':
// ..."), an empty item, or a list without any.
Result<std::vector<RankTreeSpec>> parseTreeCandidates(std::string_view list);

// The spanning tree the run's Allreduce, Reduce, Bcast and Barrier went through, as rank 0 saw
// it: every rank takes the same path for every call, so its counts are every rank's.
struct MpiTreeInfo
{
    std::string spec;             // XYLEM_MPI_TREE as given ("hierarchy:2", a file's path)
    int depth = 0;                // edges on the longest path from the root
    std::vector<int> parents;     // by world rank; -1 for the root (rooted at the tree's root)
    int crossingEdges = 0;        // edges between two hosts (where proxies sit)
    std::int64_t throughTree = 0; // collectives that went through the tree
    // Collectives MPI did itself, per reason ("user-defined op", ...; treecollectives.h), by the
    // reason's name; reasons never met are left out.
    std::vector<std::pair<std::string, std::int64_t>> fallbacks;
    std::optional<MpiTreeAdapt> adapt; // XYLEM_MPI_ADAPT's tuner, when it ran

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
