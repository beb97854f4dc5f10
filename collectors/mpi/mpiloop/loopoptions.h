#pragma once

// xylem-mpiloop's command line (CLI11, collectors/nodelog/nodeoptions.h).

#include <cstdint>
#include <variant>

namespace xylem::mpi {

struct LoopOptions
{
    int iterations = 10000;
    std::int64_t bytes = 8;
    bool mixed = false;
    bool coverage = false; // every recorded call (coverage.h)
    bool p2p = false;      // a ring of messages with --late-rank's send late (main.cpp)
    int computeUs = 0;
    int lateRank = -1;
    int lateUs = 0;
    bool lateEachCall = false; // pattern mixed: --late-rank also sleeps before each collective
    int outstanding = 0; // Irecvs and Isends posted at once, then one Waitall (before the loop)
    int killRank = -1; // a rank that dies abruptly, as a crashed or killed one does
    int killAfter = 0;
    int abortCode = -1; // rank 0 ends the job with MPI_Abort(MPI_COMM_WORLD, code) (-1: never)
};

// The options, or the code to exit with (0 after --help or --version, 2 after a usage error,
// both printed). version: xylem::kVersion, which only executables may include.
std::variant<LoopOptions, int> parseLoopOptions(int argc, char** argv, const char* version);

} // namespace xylem::mpi
