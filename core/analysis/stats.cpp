#include "core/analysis/stats.h"

#include "core/model/int128.h"

#include <algorithm>
#include <cmath>

namespace xylem {

double medianOf(std::span<std::int64_t> values)
{
    if (values.empty()) {
        return kNoValue;
    }
    const size_t half = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<long>(half), values.end());
    const double upper = static_cast<double>(values[half]);
    if (values.size() % 2 == 1) {
        return upper;
    }
    // After nth_element everything left of half is <= values[half]: the lower middle is their max.
    const double lower = static_cast<double>(*std::max_element(values.begin(), values.begin() + static_cast<long>(half)));
    return (lower + upper) / 2.0;
}

Stats computeStats(std::span<std::int64_t> values)
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
    double squares = 0.0;
    for (const std::int64_t v : values) {
        const double d = static_cast<double>(v) - s.mean;
        squares += d * d;
    }
    s.stddev = std::sqrt(squares / n);
    s.median = medianOf(values);
    return s;
}

} // namespace xylem
