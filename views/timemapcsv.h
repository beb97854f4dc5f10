#pragma once

// A timemap's bars as a table for "Export data as CSV…": the timemaps draw rectangles, not
// series, so their plot cannot be read back; each bar is one row, in the view's own units.

#include "core/analysis/report.h"
#include "core/model/table.h"
#include "views/timemaplayout.h"

#include <vector>

namespace xylem::views {

// Columns: thread, stage, at (the wrapper), direction, depth, from (µs), to (µs), mean (µs),
// estimated (yes when the stage is half a proxy hop's two-way latency).
Table timemapTable(const AnalysisReport& report, const std::vector<TimemapBar>& bars);

} // namespace xylem::views
