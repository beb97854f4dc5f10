#pragma once

// Which shared-memory objects a test suite left: told apart from those of a suite running beside
// it (ctest --parallel) by who made them. A ring's header names the process that wrote it (pid
// and start time); the prefixes Xylem and its tests choose carry a pid ("xylem-rec-<pid>-",
// "xylem-gsum-<pid>-", "xylem-mpi-<pid>-", "xylem-test-<pid>-"). An object counts when that
// process was one of the suite's.

#include "tests/support/processtree.h"

#include <set>
#include <string>
#include <vector>

namespace xylem::testing {

// The names (without "/dev/shm/") of the objects in `directory` made by one of `suite`.
std::vector<std::string> shmLeftBy(const std::set<ProcessId>& suite,
                                   const std::string& directory = "/dev/shm");

} // namespace xylem::testing
