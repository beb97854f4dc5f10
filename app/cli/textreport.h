#pragma once

// The readable forms of `analyze` and `compare` (the JSON forms come from core/analysis).

#include "core/analysis/comparison.h"
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
// The wait-state section of `analyze` for a run with MPI data.
void printWaitStates(std::ostream& out, const WaitStateReport& report);

} // namespace xylem::cli
