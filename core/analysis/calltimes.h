#pragma once

// The whole-tree figures of one complete call (metrics.md §2): when it started, its operation
// time and its slowest-thread time. The analyzer summarises them; the session store keeps one
// record per call for the timeline.

#include "core/analysis/edgetimes.h"
#include "core/analysis/topology.h"

#include <cstdint>

namespace xylem {

struct CallTimes
{
    std::int64_t seq = 0;
    std::int64_t startNs = 0;           // min over threads of down
    std::int64_t operationTime = 0;     // max over threads of up - min over threads of down
    std::int64_t slowestThreadTime = 0; // max over threads of up - down
    int slowestThread = 0;              // its slot in topology.threads(); ties to the later thread
};

CallTimes callTimes(const Topology& topology, const EdgeTimes* row, std::int64_t seq = 0);

} // namespace xylem
