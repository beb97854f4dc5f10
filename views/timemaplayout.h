#pragma once

// A thread's timemap (metrics.md §4) as bars to draw: its stages in the order they happen,
// each as long as its mean, x = 0 where the down path reaches the root (down stages end
// there, root and up stages start there), y the depth along the path. Without arrival waits
// the remaining stages close up. Every number is the report's; this only places them.

#include "core/analysis/report.h"

#include <vector>

namespace xylem::views {

struct TimemapBar
{
    int thread = -1; // wrapper
    int row = 0;     // which of the drawn threads (0, 1, ...)
    TimemapStage stage;
    double x0 = 0; // ns
    double x1 = 0;
};

std::vector<TimemapBar> layoutTimemaps(const AnalysisReport& report,
                                       const std::vector<int>& threads, bool arrivalWaits);

// The threads a timemap shows first: the class representatives, the culprit first.
std::vector<int> defaultTimemapThreads(const AnalysisReport& report);

} // namespace xylem::views
