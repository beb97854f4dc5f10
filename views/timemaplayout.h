#pragma once

// A thread's timemap (metrics.md §4) as bars to draw: its stages in the order they happen,
// each as long as its mean, x = 0 where the down path reaches the root (down stages end
// there, root and up stages start there), y the depth along the path. Without arrival waits
// the remaining stages close up. Every number is the report's; this only places them.

#include "core/analysis/report.h"

#include <string>
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

// The culprit whose path a timemap makes stand out: the end of the imbalance path (metrics.md
// §3), -1 when the report has none.
int timemapCulprit(const AnalysisReport& report);

// A stage's short name for a bar too narrow for its full one (core's toString): the initials of
// its words in capitals, "arrival wait" -> "AW", "operation" -> "O"; the legend says which is
// which and the tooltip gives the full name.
std::string stageAbbreviation(Stage stage);

} // namespace xylem::views
