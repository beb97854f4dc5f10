#pragma once

// The per-call facts the series over time and the periodic outliers are made of (issue 23,
// item 3): for every complete call, when it started (since the run's first down), its operation
// time and its culprit, the thread reached from the root by following that call's last arrival
// at every gred (metrics.md §3, critical arrivals).

#include "core/analysis/callmatrix.h"
#include "core/analysis/topology.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem {

struct RunCall
{
    std::int64_t seq = 0;
    size_t row = 0;                 // in the CallMatrix the calls were collected from
    std::int64_t startNs = 0;       // min over threads of down, minus the run's first down
    std::int64_t operationTime = 0; // metrics.md §2
    int culprit = -1;               // wrapper of the thread reached by the last arrivals
};

struct RunCalls
{
    // The time origin: the smallest down of every tuple of the run (complete calls or not), as
    // the analysis window's times (callwindow.h) count from it.
    std::int64_t firstDownNs = 0;
    std::vector<RunCall> calls; // the complete calls, in seq order
};

RunCalls collectRunCalls(const Topology& topology, const CallMatrix& matrix,
                         std::span<const Tuple> tuples);

// The end of the imbalance path (loadbalance.h) over the last arrivals of the matrix's complete
// calls, without a full report; -1 when the configuration has no thread. One more pass over
// every gred of every call: a caller that has the report passes its path's end instead.
int imbalanceThread(const Topology& topology, const CallMatrix& matrix);

} // namespace xylem
