#pragma once

// What `xylem-cli mpi` says at the end: ranks, calls by kind, communicators, where the run went,
// and what is missing (a program that never reached MPI_Finalize, details lost to full rings).

#include "core/record/mpirecording.h"

#include <ostream>

namespace xylem::cli {

// The runs are listed as storeMpiRuns stored them, one per (communicator, kind); outcome.runs
// is not empty.
void printMpiSummary(std::ostream& out, const record::MpiRecordingOutcome& outcome);

} // namespace xylem::cli
