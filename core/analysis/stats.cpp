#include "core/analysis/stats.h"

#include "core/analysis/medianselect.h"
#include "core/model/int128.h"

#include <algorithm>
#include <array>
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

PercentileRanks percentileRanks(size_t n, double q)
{
    const double h = static_cast<double>(n - 1) * std::clamp(q, 0.0, 1.0);
    PercentileRanks at;
    at.lower = std::min(static_cast<size_t>(std::floor(h)), n - 1);
    at.upper = std::min(at.lower + 1, n - 1);
    at.fraction = at.upper == at.lower ? 0.0 : h - static_cast<double>(at.lower);
    return at;
}

namespace {

double interpolate(const PercentileRanks& at, const MedianSelector::ValuePair& values)
{
    return static_cast<double>(values.first) +
           at.fraction * static_cast<double>(values.second - values.first);
}

// The median and the tail percentiles from the counted selector, in one more pass.
void setRankedFields(Stats& s, const MedianSelector& selector, std::span<const std::int64_t> values)
{
    const size_t n = values.size();
    const std::array tails{percentileRanks(n, 0.90), percentileRanks(n, 0.99),
                           percentileRanks(n, 0.999)};
    const std::array<MedianSelector::RankPair, 4> wanted{{{(n - 1) / 2, n / 2},
                                                          {tails[0].lower, tails[0].upper},
                                                          {tails[1].lower, tails[1].upper},
                                                          {tails[2].lower, tails[2].upper}}};
    const auto found = selector.ranks(values, wanted);
    s.median = (static_cast<double>(found[0].first) + static_cast<double>(found[0].second)) / 2.0;
    s.p90 = interpolate(tails[0], found[1]);
    s.p99 = interpolate(tails[1], found[2]);
    s.p999 = interpolate(tails[2], found[3]);
}

} // namespace

double percentileOf(std::span<const std::int64_t> values, double q)
{
    if (values.empty()) {
        return kNoValue;
    }
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    MedianSelector selector(*lo, *hi, values.size());
    if (selector.wantsCounts()) {
        for (size_t i = 0; i < values.size(); ++i) {
            selector.count(values[i], i);
        }
    }
    const PercentileRanks at = percentileRanks(values.size(), q);
    const MedianSelector::RankPair pair{at.lower, at.upper};
    return interpolate(at, selector.ranks(values, std::span(&pair, 1)).front());
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
    // One more pass for both the variance and the histogram of the median and percentiles.
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
    setRankedFields(s, median, values);
    return s;
}

} // namespace xylem
