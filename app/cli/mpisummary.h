#pragma once

// What `xylem-cli mpi` says at the end: ranks, calls by kind, communicators, where the run went,
// and what is missing (a program that never reached MPI_Finalize, details lost to full rings).

#include "app/cli/mpistoring.h"
#include "core/model/mpitrace.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace xylem::cli {

struct MpiSummary
{
    std::string programExit;   // "exited with code 0"
    bool complete = false;     // rank 0 wrote the description at MPI_Finalize
    std::int64_t unmatchedDetails = 0;
};

// The runs are listed as storeMpiRuns stored them, one per (communicator, kind).
void printMpiSummary(std::ostream& out, const MpiTrace& trace, const MpiSummary& summary,
                     const std::string& session, const std::vector<StoredMpiRun>& runs);

} // namespace xylem::cli
