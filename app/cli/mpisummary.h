#pragma once

// What `xylem-cli mpi` says at the end: ranks, calls by kind, communicators, where the run went,
// and what is missing (a program that never reached MPI_Finalize, details lost to full rings).

#include "core/model/mpitrace.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace xylem::cli {

struct MpiSummary
{
    std::string programExit;   // "exited with code 0"
    std::string programOutput; // what it printed
    bool complete = false;     // rank 0 wrote the description at MPI_Finalize
    std::int64_t unmatchedDetails = 0;
};

void printMpiSummary(std::ostream& out, const MpiTrace& trace, const MpiSummary& summary,
                     const std::string& session, std::int64_t run);
// The program's output, indented (the last 40 lines), so a failure can be read in place.
void printProgramOutput(std::ostream& err, const MpiSummary& summary);

} // namespace xylem::cli
