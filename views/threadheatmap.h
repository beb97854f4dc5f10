#pragma once

// The threads' panel of the view over time: every thread's mean call time per bucket
// (core/analysis/overtime.h, ThreadOverTime). A few threads get a line each; more get a heatmap,
// threads (configuration order, so a host's threads are neighbours) down, buckets across.
// A heatmap has at most kHeatmapRows rows so that none is lost between pixels at 4 096 threads:
// a row then stands for a group of consecutive threads, and its cell shows the shortest mean
// of the group, since the thread that arrives late is the one with the shortest call time (the
// others wait for it) and it must stay visible. Empty buckets are left blank.

#include "views/culpritstrip.h"
#include "views/overtimeview.h"

#include <vector>

class QCPAxisRect;
class QCPLegend;

namespace xylem::views {

inline constexpr size_t kHeatmapRows = 256;

// Threads per heatmap row for `threads` threads.
size_t threadsPerHeatmapRow(size_t threads);

// Draws the panel in rect, x in ns / nsPerX: lines (legend entries in legend) for at most
// kOverTimeThreadLines threads, else a heatmap whose colour scale takes column 1 of row `row`
// of the plot's layout, with every bucket's culprit a dot in its row (in its strip colour).
// Returns true for a heatmap.
bool drawThreadPanel(QCPAxisRect* rect, QCPLegend* legend, int row, const OverTimeData& data,
                     const CulpritColours& colours, double nsPerX);

} // namespace xylem::views
