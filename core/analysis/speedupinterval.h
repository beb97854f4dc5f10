#pragma once

// The speedup's confidence interval (metrics.md §9): a percentile bootstrap of the ratio of the
// mean operation times of run A and run B. Each run's calls are resampled with replacement to
// the same count, `resamples` times; the interval is the (1-c)/2 and (1+c)/2 percentiles (§9's
// percentile) of mean_op(A*) / mean_op(B*). It contains 1: no significant difference.

#include "core/model/result.h"

#include <cstdint>
#include <span>

namespace xylem {

struct BootstrapOptions
{
    int resamples = 2000;
    std::uint64_t seed = 1;
    double confidence = 0.95;
    // Worker threads; 0: the machine's cores. The result does not depend on it: every
    // resample draws from its own random stream.
    unsigned threads = 0;
};

struct SpeedupInterval
{
    double lower = 0;
    double upper = 0;
    double confidence = 0.95;
    int resamples = 0;
    std::uint64_t seed = 0;

    // The interval contains 1: the runs' difference may be chance.
    bool noSignificantDifference() const { return lower <= 1.0 && 1.0 <= upper; }
};

// a, b: the operation time of every call of run A and of run B (any order). An empty run, no
// resample or a confidence outside (0, 1) is an InvalidArgument.
Result<SpeedupInterval> speedupInterval(std::span<const std::int64_t> a,
                                        std::span<const std::int64_t> b,
                                        const BootstrapOptions& options = {});

} // namespace xylem
