#pragma once

// The rows of one call's Gantt (views/callview.h), in tree order from the root down: one row
// per wrapper, indented by its depth, with the edge above it (down to up), a thread's row split
// into its stages of metrics.md §4. Plain layout, no drawing, so that it can be checked.
//
// Folding: a tree of thousands of threads cannot give each a readable row. Folded, only the
// wrappers on the two paths that explain the call stay rows of their own — the slowest thread's
// path and the chain of last arrivals from the root (metrics.md §3) — and the other children of
// every gred on them share one row, their edges overlaid, so their spread of arrivals and
// departures still shows; a gred's last arrival is marked on its own row or on the shared row
// that holds it.

#include "core/analysis/calldetail.h"

#include <cstdint>
#include <vector>

namespace xylem::views {

enum class CallRowKind
{
    Root,   // the root wrapper: no edge above it; spans the call
    Edge,   // a gred or proxy (or the core's child): its edge's down to up
    Thread, // a thread: its edge split into its stages
    Folded  // several children of one gred, their edges overlaid
};

struct CallGanttRow
{
    CallRowKind kind = CallRowKind::Edge;
    int wrapper = -1;               // Folded: the gred whose children these are
    int depth = 0;                  // 0 = the root
    std::vector<int> members;       // Folded: the children folded into the row
    std::int64_t downNs = 0;        // the edge (Root: the call's start; Folded: the earliest down)
    std::int64_t upNs = 0;          // (Root: start + operation time; Folded: the latest up)
    bool lastArrival = false;       // was (Folded: holds) the last arrival at its parent gred
    bool onLastArrivalPath = false; // on the chain of last arrivals from the root
    bool slowest = false;           // the call's slowest thread
    int thread = -1;                // Thread: index into CallDetail::threads
};

// More wrappers than this fold by default.
inline constexpr int kCallRowsFoldAbove = 40;

std::vector<CallGanttRow> callGanttRows(const CallDetail& detail, bool folded);

} // namespace xylem::views
