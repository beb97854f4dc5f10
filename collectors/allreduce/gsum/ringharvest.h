#pragma once

// After a local run: every tuple the run's rings hold, in ns on one clock, and the rings
// removed. What `xylem-gsum launch --trace-out` writes as a trace next to the configuration.

#include "core/model/result.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::allreduce {

struct Harvest
{
    std::vector<Tuple> tuples;
    std::uint64_t overwritten = 0; // records lost to full rings
    std::string clock;             // "tsc" or "clock_gettime"
};

Result<Harvest> harvestRings(const std::string& prefix);
// Unlinks the rings whose names start with prefix without reading them; how many it could not
// (one another process removed first is not counted).
int removeRings(const std::string& prefix);

} // namespace xylem::allreduce
