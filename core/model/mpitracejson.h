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
//                       "round_trip_ns": 900}, ...]}

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <string>

namespace xylem {

inline constexpr const char* kMpiRunFormat = "xylem-mpi-run/1";

struct MpiRunInfo
{
    MpiTrace trace;        // events empty
    bool complete = false; // written at MPI_Finalize (else at MPI_Init only)
};

std::string mpiRunInfoToJson(const MpiRunInfo& info);
// Errors name the field (and the item) that is wrong.
Result<MpiRunInfo> mpiRunInfoFromJson(const std::string& text);

} // namespace xylem
