#pragma once

// The arrival-order weighted tree's imbalance path (metrics.md §3).

#include "core/analysis/report.h"
#include "core/analysis/topology.h"

#include <vector>

namespace xylem {

// From the root: at a gred follow the child edge with the most last arrivals (ties to the
// later child), pass through proxies and cores, stop at a thread.
std::vector<int> imbalancePath(const Topology& topology, const std::vector<GredReport>& greds);

} // namespace xylem
