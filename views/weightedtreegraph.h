#pragma once

// The arrival-order weighted tree of metrics.md §3 as a drawable graph: gred and thread nodes
// (proxies and cores collapsed into the edges that pass through them), a tidy layout (leaves
// side by side in configuration order, a parent centred over its children, depth downwards),
// edges weighted by last arrivals, and the imbalance path marked. Every number comes from the
// report; this only places it.

#include "core/analysis/report.h"

#include <cstdint>
#include <vector>

namespace xylem::views {

struct WeightedNode
{
    int wrapper = -1;
    int parent = -1; // index into nodes, -1 for the root
    bool isThread = false;
    bool onPath = false; // on the imbalance path
    int depth = 0;
    double x = 0; // in leaf slots
    // The subtree (this node first): nodes are depth-first, so it is [index, index + size).
    int size = 1;
    int threads = 0; // threads in the subtree
    // Calls whose chain of last arrivals from the root ends in the subtree: the sum of its
    // threads' critical arrivals (metrics.md §3), as the report gives them.
    std::int64_t criticalArrivals = 0;
    int incoming = -1; // the edge from the parent, -1 for the root
};

struct WeightedEdge
{
    int parent = -1; // node indices
    int child = -1;
    int contributor = -1; // the gred's child wrapper the edge leaves through (maybe a proxy)
    std::int64_t lastArrivals = 0;
    bool onPath = false;
    const ContributorReport* report = nullptr; // its arrival and departure orders
};

struct WeightedTreeGraph
{
    std::vector<WeightedNode> nodes; // the root first, then depth-first in configuration order
    std::vector<WeightedEdge> edges;
    std::int64_t heaviest = 0; // the largest edge weight
    int leaves = 0;
    int depth = 0;

    int nodeOf(int wrapper) const; // -1 when the wrapper is no node (a proxy, a core)
    // Node indices of a node's children, in configuration order.
    std::vector<int> childrenOf(int node) const;
};

WeightedTreeGraph buildWeightedTree(const AnalysisReport& report);

} // namespace xylem::views
