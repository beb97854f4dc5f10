#pragma once

// The weighted tree's tooltips, made when the mouse asks (WeightedTreeView::viewportEvent): an
// edge's last arrivals and order distributions, a node's kind and, folded, its aggregates.
// Their strings belong to WeightedTreeView's translation context.

#include "core/analysis/report.h"
#include "views/weightedtreegraph.h"

#include <QString>

namespace xylem::views {

QString edgeToolTip(const AnalysisReport& report, const WeightedTreeGraph& graph,
                    const WeightedEdge& edge);
QString nodeToolTip(const AnalysisReport& report, const WeightedNode& node, bool folded);

} // namespace xylem::views
