#pragma once

// The run over time in one call: its series (overtime.h) and its periodic outliers
// (periodicity.h), from one matching of the tuples into calls. What `xylem-cli analyze --json`
// prints under "over_time" and "periodic_outliers" (overtimejson.h).

#include "core/analysis/overtime.h"
#include "core/analysis/periodicity.h"
#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <span>

namespace xylem {

struct OverTimeAnalysis
{
    OverTime series;
    PeriodicOutliers periodic;
};

// Tuples as for analyze() (analyzer.h).
OverTimeAnalysis analyzeOverTime(const Configuration& config, std::span<const Tuple> tuples,
                                 const OverTimeOptions& options = {});

} // namespace xylem
