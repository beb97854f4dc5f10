#pragma once

// Departure serialization of a subtree (metrics.md §5): for departure position r, the mean over
// calls of t4_(r) - t3, with t3 from the subtree root's parent edge and t4 from the subtree's
// threads. (Per-gred curves are in every AnalysisReport; this is the on-demand subtree form.)

#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <span>
#include <vector>

namespace xylem {

Result<std::vector<double>> subtreeSerialization(const Configuration& config,
                                                 std::span<const Tuple> tuples, int subtreeRoot);

// Least-squares line through (r, curve[r]): the introduced latency and the serialization.
struct LineFit
{
    double intercept = 0;
    double slope = 0;
};
LineFit fitLine(const std::vector<double>& curve);

} // namespace xylem
