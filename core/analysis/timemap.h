#pragma once

// A thread's path in stages (metrics.md §4): the down stages from the thread to the root, the
// root's stages, then the up stages back; each with its mean over calls.

#include "core/analysis/pathsums.h"
#include "core/analysis/report.h"
#include "core/analysis/topology.h"

#include <vector>

namespace xylem {

// halfTwoWay (per wrapper, empty for none): proxies whose one-way down and up are each taken
// as half the hop's two-way latency (clockcoverage.h); the stages still add up to the call time.
std::vector<TimemapStage> computeTimemap(const Topology& topology, const PathSums& sums,
                                         size_t threadSlot,
                                         const std::vector<bool>& halfTwoWay = {});

// Where each stage lies on the timemap: x = 0 where the down path reaches the root, down
// stages at x < 0, up stages at x > 0; the depth scaled to [0, 1] so that paths of different
// lengths line up (metrics.md §6).
struct TimemapSpan
{
    double startNs = 0;
    double endNs = 0;
    double scaledDepth = 0;
};
std::vector<TimemapSpan> layoutTimemap(const ThreadReport& thread);

} // namespace xylem
