#pragma once

// The analysis report as tables: the rows the GUI's table views show and the CLI exports.
// Durations in ns; stats expand to count, mean, median, p90, p99, p999 (the 99.9th percentile,
// metrics.md §9), min, max, stddev columns.

#include "core/analysis/report.h"
#include "core/model/table.h"

#include <string_view>
#include <vector>

namespace xylem {

struct Outliers; // core/analysis/outliers.h

Table threadsTable(const AnalysisReport& report); // per thread: call time, critical arrivals, ...
Table contributorsTable(const AnalysisReport& report); // per gred and contributor: waits, orders
Table wrappersTable(const AnalysisReport& report);     // per gred, proxy, core: its own latencies
Table hotspotsTable(const AnalysisReport& report);
Table timemapTable(const AnalysisReport& report); // every thread's stages
Table classesTable(const AnalysisReport& report);

// The slowest calls (core/analysis/outliers.h) as one table, named "slowest calls": columns
// what ("operation time", "call time" or "stage <stage> (<direction>)"), of (the thread, or
// the stage's wrapper; empty for the operation time), rank (1 = slowest), seq, value_ns,
// start_ns (since the run's first down; a double, as every duration cell). Rows list by list
// in outliers.h's order, each slowest first.
inline constexpr std::string_view kSlowestCallsTable = "slowest calls";
Table outlierTable(const Outliers& outliers);

// All of the above but the slowest calls, by name: "threads", "contributors", "wrappers",
// "hotspots", ...
std::vector<std::string_view> reportTableNames();
bool makeReportTable(const AnalysisReport& report, std::string_view name, Table& out);

} // namespace xylem
