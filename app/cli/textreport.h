#pragma once

// The readable forms of `analyze` and `compare` (the JSON forms come from core/analysis).

#include "core/analysis/comparison.h"
#include "core/analysis/outliers.h"
#include "core/analysis/report.h"
#include "core/analysis/waitstates.h"

#include <ostream>

namespace xylem::cli {

struct TextOptions
{
    size_t topHotspots = 10;
};

void printReport(std::ostream& out, const AnalysisReport& report, const TextOptions& options = {});
void printComparison(std::ostream& out, const Comparison& comparison);
// The slowest calls (outliers.h): of the operation time, of the threads whose worst call is
// slowest (at most 8) and of every stage of outliers.stagesOf; `shown` calls of each.
void printOutliers(std::ostream& out, const Outliers& outliers, size_t shown = 3);
// The wait-state section of `analyze` for a run with MPI data.
void printWaitStates(std::ostream& out, const WaitStateReport& report);

} // namespace xylem::cli
