#pragma once

// The analysis report as tables: the rows the GUI's table views show and the CLI exports.
// Durations in ns; stats expand to count, mean, median, p90, p99, p999 (the 99.9th percentile,
// metrics.md §9), min, max, stddev columns.

#include "core/analysis/report.h"
#include "core/model/table.h"

#include <string_view>
#include <vector>

namespace xylem {

Table threadsTable(const AnalysisReport& report); // per thread: call time, critical arrivals, ...
Table contributorsTable(const AnalysisReport& report); // per gred and contributor: waits, orders
Table wrappersTable(const AnalysisReport& report);     // per gred, proxy, core: its own latencies
Table hotspotsTable(const AnalysisReport& report);
Table timemapTable(const AnalysisReport& report); // every thread's stages
Table classesTable(const AnalysisReport& report);

// All of the above, by name: "threads", "contributors", "wrappers", "hotspots", ...
std::vector<std::string_view> reportTableNames();
bool makeReportTable(const AnalysisReport& report, std::string_view name, Table& out);

} // namespace xylem
