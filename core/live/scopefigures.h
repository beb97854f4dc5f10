#pragma once

// Live figures per design node (issue 10, "deploy and tune live"): what the canvas shows on each
// collector, relay and the front-end while a design is deployed, and the thresholds that colour
// them. Plain data; scopedeploy.h fills it from the tree, `xylem-cli record --design F
// --figures-json` prints it as one JSON line per poll:
//
//   {"figures": {"3": {"tuples_per_s": 1.2e5, "gather_rate_pct": 100, "overwritten": 0,
//                      "delay_ms": 2.5, "cpu_pct": 12, "lost": false, "level": "ok"}, ...}}
//
// Filter nodes of a reduce, equivalence or plugin filter show their stream's newest result
// (filterstreams.h) instead.
//
// Where they come from: the node-counts stream (core/gather/nodecountlines.h): every
// collector's own ring counts (written, read, overwritten; the ring-counts stream sums them),
// its host's newest CPU sample, and the time it made the line. tuples_per_s: tuples read in the
// last poll over the time between the collector's two lines; gather rate and overwrites: since
// the (re)deployment; delay: from the collector making its line to the front-end taking the
// wave (how far the front-end's view lags behind the collector; the hosts' clock offsets are
// not applied, so on one machine it is exact). A relay's or the front-end's figures are those
// of the collectors below it: tuples summed, gather rate over their rings together, overwrites
// summed, delay the largest, CPU that of a collector on its own host (none: unknown).

#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace xylem::live {

struct NodeFigures
{
    double tuplesPerSecond = 0;    // recorded tuples read by the collectors, per second
    double gatherRatePct = 100;    // read / (read + overwritten) since the deployment
    std::uint64_t overwritten = 0; // tuples lost to full rings since the deployment
    std::optional<double> delayMs; // record to front-end; unknown without tuples travelling
    std::optional<double> cpuPct;  // the host's CPU busy share (all cores: 100 = every core)
    bool lost = false;             // the node (or one below it) is lost and not back
    bool operator==(const NodeFigures&) const = default;
};

// Keyed by design node id (scopedesign.h).
using DesignFigures = std::map<int, NodeFigures>;

// The newest result of a filter stream, as a person reads it on the canvas.
struct FilterOutput
{
    std::uint64_t wave = 0;
    std::uint32_t contributors = 0; // collectors whose data is in it
    std::string text;               // one to three short lines
    bool operator==(const FilterOutput&) const = default;
};
using FilterOutputs = std::map<int, FilterOutput>; // by design node id

enum class FigureLevel : std::uint8_t
{
    Ok,
    Warning,
    Critical
};

// The limits (the worst of them wins):
//   gather rate   < 99.9 % warning (performance.md's target), < 95 % critical
//   delay         > 1 s warning, > 5 s critical (the monitor lags behind the program)
//   CPU           > 80 % warning, > 95 % critical (the host cannot keep up)
//   lost          critical
inline constexpr double kGatherRateWarningPct = 99.9;
inline constexpr double kGatherRateCriticalPct = 95.0;
inline constexpr double kDelayWarningMs = 1000.0;
inline constexpr double kDelayCriticalMs = 5000.0;
inline constexpr double kCpuWarningPct = 80.0;
inline constexpr double kCpuCriticalPct = 95.0;

FigureLevel figureLevel(const NodeFigures& figures);
const char* figureLevelName(FigureLevel level); // "ok", "warning", "critical"

// One JSON line (no newline) as above, with the filter nodes' outputs when there are any:
//   ..., "outputs": {"9": {"wave": 12, "contributors": 4, "text": "87 %: n3\n100 %: n1 n2"}}}
// and back, for the GUI's parser and the tests (a line without outputs has none). Errors name
// the node id and the field.
std::string figuresToJson(const DesignFigures& figures, const FilterOutputs& outputs = {});
struct LiveFigures
{
    DesignFigures nodes;
    FilterOutputs outputs;
};
// Both parts of one line, parsed once (the GUI reads every line so).
Result<LiveFigures> liveFiguresFromJson(const std::string& line);
// One part each (for the tests and tools that need only one).
Result<DesignFigures> figuresFromJson(const std::string& line);
Result<FilterOutputs> filterOutputsFromJson(const std::string& line);

} // namespace xylem::live
