#pragma once

// A node-side monitor's newest state (its result as JSON, livemonitors.h) as the typed record
// that travels up the gather tree (core/protocol/gatherrecords.h): the node-monitor source's
// content.

#include "core/model/result.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace xylem::collector {

// kind 1: LastArrivalMonitor's result, 2: StatisticsMonitor's; the record is appended to out.
Result<Ok> appendMonitorRecord(int kind, std::string_view resultJson,
                               std::vector<std::uint8_t>& out);

} // namespace xylem::collector
