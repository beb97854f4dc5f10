#pragma once

// The findings of a run (core/analysis/findings.h) as `xylem-cli analyze` prints them first:
// one line each, marked by severity ("!" a problem, "*" worth knowing, "-" fine) and ending
// with the view that shows it, then "What to try next".

#include "core/analysis/findings.h"
#include "core/store/monitorresults.h"

#include <ostream>

namespace xylem::cli {

void printFindings(std::ostream& out, const Findings& findings);

// The findings of an analysed run with what else is known of it (each may be absent: a run
// without MPI data, clock models or a live recording's accounting, or whose over-time analysis
// (core/analysis/overtimeanalysis.h) was not made); for files, only the report.
Findings runFindings(const AnalysisReport& report, const WaitStateReport* waits = nullptr,
                     const std::vector<HostClock>& clocks = {},
                     const store::StoredAccounting* accounting = nullptr,
                     const PeriodicOutliers* periodic = nullptr);

} // namespace xylem::cli
