#pragma once

// How sure a run's mean operation time is (metrics.md §13, sweeps): the mean of the calls'
// values and its 95 % interval by Student's t, mean ± t(0.975, n−1)·s/√n with s the sample
// standard deviation (n−1). t is the table value up to 30 degrees of freedom and its
// Cornish–Fisher expansion about the normal quantile above (within 1e-4). It assumes
// independent calls; comparing two runs is speedupinterval.h's bootstrap.

#include "core/analysis/report.h"

#include <cstdint>
#include <span>

namespace xylem {

struct MeanInterval
{
    double mean = kNoValue;  // NaN without values
    double lower = kNoValue; // NaN with fewer than two values
    double upper = kNoValue;
};

MeanInterval meanInterval(std::span<const std::int64_t> values);

} // namespace xylem
