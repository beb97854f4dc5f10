#pragma once

// The hotspot ranking (metrics.md §6): every stage of every class representative except
// arrival wait, largest mean first; equal means keep thread order, then path order.

#include "core/analysis/report.h"

#include <vector>

namespace xylem {

std::vector<Hotspot> rankHotspots(const AnalysisReport& report);

} // namespace xylem
