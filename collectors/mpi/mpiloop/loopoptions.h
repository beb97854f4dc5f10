#pragma once

// xylem-mpiloop's command line.

#include "core/model/result.h"

#include <cstdint>

namespace xylem::mpi {

inline constexpr const char* kLoopUsage =
    "usage: xylem-mpiloop [--iterations N] [--bytes B] [--pattern allreduce|mixed]\n"
    "                     [--compute-us US] [--late-rank R --late-us US]\n"
    "                     [--kill-rank R --kill-after N]  (R dies of SIGKILL before iteration N)\n";

struct LoopOptions
{
    int iterations = 10000;
    std::int64_t bytes = 8;
    bool mixed = false;
    int computeUs = 0;
    int lateRank = -1;
    int lateUs = 0;
    int killRank = -1; // a rank that dies abruptly, as a crashed or killed one does
    int killAfter = 0;
};

Result<LoopOptions> parseLoopOptions(int argc, char** argv);

} // namespace xylem::mpi
