#pragma once

// The findings of a run (core/analysis/findings.h) as `xylem-cli analyze` prints them first:
// one line each, marked by severity ("!" a problem, "*" worth knowing, "-" fine) and ending
// with the view that shows it, then "What to try next".

#include "core/analysis/findings.h"
#include "core/store/monitorresults.h"

#include <ostream>

namespace xylem::cli {

void printFindings(std::ostream& out, const Findings& findings);

// The findings of an analysed run with what else its session holds (each may be absent: a run
// without MPI data, clock models or a live recording's accounting); for files, only the report.
Findings runFindings(const AnalysisReport& report, const WaitStateReport* waits = nullptr,
                     const std::vector<HostClock>& clocks = {},
                     const store::StoredAccounting* accounting = nullptr);

} // namespace xylem::cli
