#pragma once

// Which calls were slowest (issue 23 item 4): for one run, the N slowest calls of the operation
// time, of every thread's call time and of every stage of one thread's timemap (by default the
// representative of the slowest class), each with its seq so that the call can be opened.
//
// Ranking: calls are ordered by (value, seq) ascending, as metrics.md §1 orders ties; the N
// slowest are that order's last N, listed slowest first (equal values: the later call first).
// A stage's per-call value is its span of metrics.md §4 (the timemap's mean is the mean of
// these); a proxy hop the timemap estimates as half its two-way latency ranks by half of that
// call's two-way latency.
//
// Computed on request, not in AnalysisReport: the lists need every call's stages along a
// thread's path, which the engine never forms per call (it sums timestamps, §4), and which
// thread the user wants is chosen after the analysis; a second pass over the run's calls costs
// about as much as the analysis, which analyze() (10 M tuples in 1 s) and the streaming
// analyzer should not pay for every report nobody asks outliers of.

#include "core/analysis/report.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace xylem {

struct OutlierCall
{
    std::int64_t seq = 0;
    double valueNs = 0;       // the value it was ranked by
    std::int64_t startNs = 0; // its start (min over threads of down) since the run's first down
};

struct ThreadOutliers
{
    std::string thread;
    std::vector<OutlierCall> calls; // slowest first
};

struct StageOutliers
{
    Stage stage = Stage::Down;
    Direction direction = Direction::Down;
    std::string wrapper;
    StageEstimate estimate = StageEstimate::Measured;
    std::vector<OutlierCall> calls; // slowest first
};

struct Outliers
{
    size_t count = 0;             // the N asked for; a list is shorter when the run has fewer calls
    std::int64_t firstDownNs = 0; // the run's first down (any tuple), where start times count from
    std::vector<OutlierCall> operationTime;
    std::vector<ThreadOutliers> callTime; // per thread, configuration order
    std::string stagesOf;                 // the thread whose stages are listed
    std::vector<StageOutliers> stages;    // in the order of its timemap
};

struct OutlierOptions
{
    size_t count = 10;
    std::optional<std::string> thread; // whose stages; default: the slowest class's representative
};

// report: the analysis of exactly these tuples. An unknown thread is an InvalidArgument.
Result<Outliers> findOutliers(const AnalysisReport& report, std::span<const Tuple> tuples,
                              const OutlierOptions& options = {});

// { count, first_down_ns, operation_time: [calls], call_time: {thread: [calls]}, stages_of,
//   stages: [{stage, wrapper, direction, calls}] }, a call being {seq, value_ns, start_ns}.
nlohmann::ordered_json outliersToJson(const Outliers& outliers);

} // namespace xylem
