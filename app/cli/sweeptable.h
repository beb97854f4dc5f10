#pragma once

// What `xylem-cli sweep` prints of its trials: a line per trial as it finishes, the table at
// the end (trial, run, calls, mean operation time with its 95 % interval, speedup against the
// reference with its interval — "≈" where that contains 1 —, slowest class, its hottest
// stage), and the same as JSON (--json) for machines.

#include "core/tune/sweep.h"

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

namespace xylem::cli {

// "2/4 kary:4: run 7, 2000 calls, mean 41.2 µs [40.9 µs, 41.5 µs], speedup 1.21 [1.19, 1.23]"
void printSweepLine(std::ostream& out, size_t index, size_t count, const tune::SweepEntry& entry);
void printSweepTable(std::ostream& out, const std::vector<tune::SweepEntry>& entries);
nlohmann::ordered_json sweepToJson(const std::string& sessionPath,
                                   const std::vector<tune::SweepEntry>& entries);

} // namespace xylem::cli
