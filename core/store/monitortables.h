#pragma once

// A run's stored monitor results (core/store/monitorresults.h) as tables (core/model/table.h):
// one set of rows that the CLI's Monitors section prints and writes as JSON and the GUI's
// Monitors view shows. Durations are in columns ending in "_ns".

#include "core/model/table.h"
#include "core/store/monitorresults.h"

namespace xylem::store {

// "collectors": host, rings, written, read, overwritten, gather_rate_pct — one row per
// collector's newest counts.
Table collectorTable(const StoredAccounting& accounting);
// "episodes": episode ("lost", "slow"), role, host, node, from_s, to_s (empty: to the end),
// reason, back — one row per lost or slow episode, in time order.
Table episodeTable(const StoredAccounting& accounting);
// "last_arrivals": form, gred, contributor, last_arrivals, last_share (of the gred's calls),
// on_path ("yes" when the edge is on the form's imbalance path).
Table lastArrivalTable(const MonitorResults& results);
// "order_counts": form, gred, contributor, direction, position, calls — only when recorded.
Table orderTable(const MonitorResults& results);
// "statistics": host, wrapper, contributor, measure, count, mean_ns, window_median_ns, min_ns,
// max_ns, stddev_ns — one row per measure of every host's statistics monitor.
Table statisticsTable(const MonitorResults& results);

// "down_latency" -> "down latency"; a measure as the tables name it, for people.
std::string measureName(const std::string& measure);

} // namespace xylem::store
