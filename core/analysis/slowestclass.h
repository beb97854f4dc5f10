#pragma once

// Which class of threads a run's slowness lives in (metrics.md §13, a sweep's row): the class
// whose threads' slowest shares add up to the most — the class holding the slowest thread most
// often — and the hottest stage of a thread, its largest hotspot (arrival waits are not
// hotspots, §6).

#include "core/analysis/report.h"

namespace xylem {

// Ties to the class listed first; nullptr when the report has no class.
const ThreadClass* slowestClass(const AnalysisReport& report);
// The thread's largest hotspot; nullptr when it has none.
const Hotspot* hottestStageOf(const AnalysisReport& report, int thread);

} // namespace xylem
