#include "core/analysis/distribution.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace xylem {

namespace {

// The q-quantile (nearest rank) of every value of every series; q >= 1 is the largest.
std::int64_t pooledQuantile(const std::vector<std::span<const std::int64_t>>& series, double q)
{
    if (q >= 1.0) {
        std::int64_t largest = std::numeric_limits<std::int64_t>::min();
        for (auto values : series) {
            for (std::int64_t v : values) {
                largest = std::max(largest, v);
            }
        }
        return largest;
    }
    std::vector<std::int64_t> pooled;
    for (auto values : series) {
        pooled.insert(pooled.end(), values.begin(), values.end());
    }
    const auto rank = static_cast<size_t>(
        std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(pooled.size())));
    const size_t at = std::min(pooled.size() - 1, rank == 0 ? 0 : rank - 1);
    std::nth_element(pooled.begin(), pooled.begin() + static_cast<std::ptrdiff_t>(at),
                     pooled.end());
    return pooled[at];
}

} // namespace

std::vector<Histogram> commonHistograms(const std::vector<std::span<const std::int64_t>>& series,
                                        int bins, double upperQuantile)
{
    std::vector<Histogram> out(series.size());
    std::int64_t low = 0;
    bool any = false;
    for (auto values : series) {
        for (std::int64_t v : values) {
            low = any ? std::min(low, v) : v;
            any = true;
        }
    }
    if (!any || bins <= 0) {
        return out;
    }
    const std::int64_t high = pooledQuantile(series, upperQuantile);
    // The last bin's right edge lies just beyond high, so high itself is counted.
    const double width = std::max(1.0, static_cast<double>(high - low + 1) / bins);
    for (size_t s = 0; s < series.size(); ++s) {
        Histogram& h = out[s];
        h.lowNs = static_cast<double>(low);
        h.binNs = width;
        h.fraction.assign(static_cast<size_t>(bins), 0.0);
        for (std::int64_t v : series[s]) {
            const auto bin = static_cast<size_t>(static_cast<double>(v - low) / width);
            if (v > high || bin >= h.fraction.size()) {
                ++h.above;
            } else {
                h.fraction[bin] += 1.0;
            }
            ++h.count;
        }
        for (double& f : h.fraction) {
            f /= static_cast<double>(std::max<std::int64_t>(h.count, 1));
        }
    }
    return out;
}

} // namespace xylem
