#pragma once

// Where the shown nodes of a weighted tree go, in leaf slots (x) and levels (y): the tidy layout
// of WeightedTreeGraph (leaves side by side, a parent centred over its children) for a small
// tree, exactly as before; in a big tree (TreeFolding::isBig) a gred whose children would make
// too wide a row lays them out in rows of bounded width instead, under a trunk that leaves it
// on the left, each row hanging from a rail: 512 folded hosts become a block of about 29 x 18
// that fits a 16:10 window, and an unfolded host takes its threads' width in its row.

#include "views/treefolding.h"
#include "views/weightedtreegraph.h"

#include <vector>

namespace xylem::views {

struct TreePlacement
{
    std::vector<double> x; // per node; meaningful for shown nodes only
    std::vector<double> y;
    // Per node: the level of the rail its edge comes along when its parent's children are in
    // rows (the edge goes down the parent's trunk, along the rail, down to the node); a
    // negative value when the edge is a straight line.
    std::vector<double> rail;
    double width = 0;  // slots
    double height = 0; // levels
};

// Rows of a big tree's wrapped children: a row of leaves is this many levels high, its rail
// this far above the row.
constexpr double kWrappedRowLevels = 0.8;
constexpr double kRailAbove = 0.32;

TreePlacement placeTree(const WeightedTreeGraph& graph, const TreeFolding& folding);

} // namespace xylem::views
