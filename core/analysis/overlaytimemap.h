#pragma once

// The chosen thread's timemap in each of N runs, to overlay them in one plot (metrics.md §6):
// in every run the thread a comparison with the reference run would compare (compareRuns: the
// thread of the same id, else the representative of its class, else the run's slowest thread),
// its stages laid out as layoutTimemap does, x = 0 where the down path reaches the root and the
// depth along the path scaled to [0, 1] (depth / path length: the root at 1), so that paths of
// different lengths line up. Built from the reports alone.

#include "core/analysis/report.h"
#include "core/analysis/timemap.h"
#include "core/model/result.h"

#include <optional>
#include <string>
#include <vector>

namespace xylem {

struct OverlayTimemap
{
    std::string thread;             // the thread drawn for this run; empty: the run has none
    double callTimeNs = kNoValue;   // its mean call time
    int pathLength = 0;             // wrappers from the thread to the root
    std::vector<TimemapStage> stages;
    std::vector<TimemapSpan> spans; // one per stage, same order: where it lies, scaled depth
    std::vector<std::string> wrappers; // one per stage: its wrapper's id
};

// thread: a thread of reference (nullopt: reference's slowest thread, as compareRuns chooses).
// runs may include reference itself; one OverlayTimemap per run, in order. An error when thread
// is not a thread of reference.
Result<std::vector<OverlayTimemap>> overlayTimemaps(const AnalysisReport& reference,
                                                    const std::vector<const AnalysisReport*>& runs,
                                                    const std::optional<std::string>& thread =
                                                        std::nullopt);

} // namespace xylem
