#pragma once

// The guard on §4's stages: no stage mean may be negative unless the clocks say so. On one clock
// every stage of a synchronizing collective is a difference of ordered timestamps (metrics.md
// §4) and so at least zero; a negative mean can only come from timestamps of different hosts
// that the clock model (§7) did not put on one time base. The guard never clamps: it finds every
// negative mean of the report's timemaps and says whether the clocks explain it.
//
// Rule: a negative mean m is explained by the clocks when some host of the run has a residual
// skew (core/analysis/clockresidual.h: the largest happened-before violation left after
// correction) of at least |m|. Otherwise it is not explained: the report says so, as a fault of
// the run's data (for instance a rooted collective analysed as a stage tree).

#include "core/analysis/clockmodel.h"
#include "core/analysis/report.h"
#include "core/analysis/stage.h"

#include <string>
#include <vector>

namespace xylem {

struct NegativeStage
{
    int thread = -1;  // wrapper index
    int wrapper = -1; // where the stage happens
    Stage stage = Stage::ArrivalWait;
    double meanNs = 0;
};

struct StageGuard
{
    std::vector<NegativeStage> negatives; // thread order, then the timemap's order
    double worstNs = 0;                   // the most negative mean (0 when none)
    std::int64_t residualSkewNs = 0;      // the largest residual skew of any host
    std::string skewedHost;               // the host that has it ("" when none)
    bool explainedByClocks = false;       // residualSkewNs >= |worstNs| > 0

    bool clean() const { return negatives.empty(); }
};

StageGuard checkStages(const AnalysisReport& report, const std::vector<HostClock>& clocks);

// One sentence for the report, the CLI and the view; "" when the guard is clean.
// "2 stage means are negative (the worst: operation of r3 at comm0, -1.2 us): the clocks are
// the cause, residual skew up to 3.4 us on host b (metrics.md §7)".
std::string describe(const StageGuard& guard, const AnalysisReport& report);

} // namespace xylem
