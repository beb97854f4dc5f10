#pragma once

// Distributions of per-call values (e.g. operation times) to compare runs: histograms over one
// common set of bins, so the bars of run A and run B stand on the same intervals, each as the
// fraction of its run's calls (runs with different call counts compare).

#include <cstdint>
#include <span>
#include <vector>

namespace xylem {

struct Histogram
{
    double lowNs = 0;             // left edge of the first bin
    double binNs = 0;             // width of every bin
    std::vector<double> fraction; // per bin: the share of the values in [low + i*bin, +bin)
    std::int64_t count = 0;       // values counted
    std::int64_t above = 0;       // values beyond the last bin (not in any fraction)
};

// One histogram per series over common bins from the smallest value of all series to the
// upper quantile `upperQuantile` of the values of all series (values above it count in
// `above`; 1.0 keeps every value). Series may be empty; with no value at all every histogram
// has no bins.
std::vector<Histogram> commonHistograms(const std::vector<std::span<const std::int64_t>>& series,
                                        int bins, double upperQuantile = 1.0);

} // namespace xylem
