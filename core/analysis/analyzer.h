#pragma once

// The batch form of the engine: a configuration and its tuples in, the whole report out.

#include "core/analysis/clockcoverage.h"
#include "core/analysis/report.h"
#include "core/analysis/slidingwindowmedian.h"
#include "core/model/configuration.h"
#include "core/model/run.h"
#include "core/model/tuple.h"

#include <span>

namespace xylem {

// Bumped whenever a change to the engine changes any number of a report: cached reports of
// another version are recomputed.
inline constexpr int kAnalysisEngineVersion = 3; // 2: proxy hops without a clock model; 3: percentiles

struct AnalysisOptions
{
    size_t medianWindow = kDefaultMedianWindow;
    // Which hosts have a clock model (clockcoverage.h); by default not known, and every
    // proxy's one-way stages are measured from the timestamps as they are.
    ClockCoverage clocks;
};

// Tuples must satisfy findTupleProblem() (the readers and the store check that); a repeated
// (collector, seq) would keep its first tuple.
AnalysisReport analyze(const Configuration& config, std::span<const Tuple> tuples,
                       const AnalysisOptions& options = {});
inline AnalysisReport analyze(const Run& run, const AnalysisOptions& options = {})
{
    return analyze(run.configuration, run.tuples, options);
}

} // namespace xylem
