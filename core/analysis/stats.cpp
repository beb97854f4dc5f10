#include "core/analysis/stats.h"

#include "core/analysis/medianselect.h"
#include "core/model/int128.h"

#include <algorithm>
#include <cmath>

namespace xylem {

double medianOf(std::span<const std::int64_t> values)
{
    if (values.empty()) {
        return kNoValue;
    }
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return selectMedian(values, *lo, *hi);
}

Stats computeStats(std::span<const std::int64_t> values)
{
    Stats s;
    s.count = static_cast<std::int64_t>(values.size());
    if (values.empty()) {
        return s;
    }
    Int128 sum = 0;
    std::int64_t lo = values.front();
    std::int64_t hi = values.front();
    for (const std::int64_t v : values) {
        sum += v;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    const double n = static_cast<double>(values.size());
    s.mean = static_cast<double>(sum) / n;
    s.min = static_cast<double>(lo);
    s.max = static_cast<double>(hi);
    // One more pass for both the variance and the median's histogram.
    MedianSelector median(lo, hi, values.size());
    double squares = 0.0;
    if (median.wantsCounts()) {
        for (size_t i = 0; i < values.size(); ++i) {
            const double d = static_cast<double>(values[i]) - s.mean;
            squares += d * d;
            median.count(values[i], i);
        }
    } else {
        for (const std::int64_t v : values) {
            const double d = static_cast<double>(v) - s.mean;
            squares += d * d;
        }
    }
    s.stddev = std::sqrt(squares / n);
    s.median = median.finish(values);
    return s;
}

} // namespace xylem
