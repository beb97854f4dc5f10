#pragma once

// The content of the node-counts stream (collectors/collector/leafsources.cpp): a Bytes batch of
// JSON lines, one per collector and wave, concatenated on the way up, so that the front-end sees
// every collector's own ring accounting (the ring-counts stream sums them) and its host's CPU —
// the figures a scope design shows per node (core/live/scopefigures.h):
//
//   {"host": "h0", "written": 120, "read": 118, "overwritten": 2, "rings": 3,
//    "now_ns": 1700000000123456789, "cpu_busy_pct": 12.5}
//
// Counts are totals since the collector started; now_ns is when the collector made the line, on
// the tuples' clock (CLOCK_REALTIME); cpu_busy_pct is the host's newest CPU sample (absent
// before the first).

#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::gather {

struct NodeCounts
{
    std::string host;
    std::uint64_t written = 0;
    std::uint64_t read = 0;
    std::uint64_t overwritten = 0;
    std::uint32_t rings = 0;
    std::int64_t nowNs = 0;
    std::optional<double> cpuBusyPct;
    bool operator==(const NodeCounts&) const = default;
};

// One line, ending in '\n'.
std::string encodeNodeCountLine(const NodeCounts& counts);
// Every line of the text, empty lines skipped; an error names the first line that is not one.
Result<std::vector<NodeCounts>> decodeNodeCountLines(std::string_view text);

} // namespace xylem::gather
