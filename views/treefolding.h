#pragma once

// Which nodes of a weighted tree are folded and which a filter keeps: plain state over a
// WeightedTreeGraph, no drawing. A big tree (more than kFoldAbove threads) opens with its hosts
// folded — every gred whose children are all threads — except those on the imbalance path, so
// the finding is always in sight. A folded gred stands for its subtree (its thread count and
// critical arrivals are the graph's aggregates).
//
// The filter: given which nodes match, it keeps the matching nodes, their ancestors (the way to
// them), the subtrees of matching greds and the imbalance path; a folded gred that does not
// match itself but has matches below opens while the filter is on, so a thread filter ("t3")
// shows those threads. Clearing the filter restores the folding as it was.

#include "views/weightedtreegraph.h"

#include <vector>

namespace xylem::views {

class TreeFolding
{
public:
    // Trees of more threads than this open with their hosts folded and are laid out compactly.
    static constexpr int kFoldAbove = 64;

    TreeFolding() = default;
    explicit TreeFolding(const WeightedTreeGraph* graph);

    bool isBig() const;
    // Folds every gred whose children are all threads and that is not on the imbalance path.
    void foldHosts();
    void unfoldAll();
    void setFolded(int node, bool folded); // threads never fold
    bool isFolded(int node) const;

    // matches[node]: the filter's verdict per node; an empty vector switches the filter off.
    void setMatches(std::vector<bool> matches);
    bool isFiltering() const { return !m_matches.empty(); }
    bool matches(int node) const;

    // Drawn as one node standing for its subtree: folded and not opened by the filter.
    bool isCollapsed(int node) const;
    // Drawn at all: no collapsed ancestor, and kept by the filter when there is one.
    bool isShown(int node) const;
    int shownThreads() const;

private:
    void update();

    const WeightedTreeGraph* m_graph = nullptr;
    std::vector<bool> m_folded;
    std::vector<bool> m_matches;
    std::vector<bool> m_collapsed; // derived by update()
    std::vector<bool> m_shown;
};

} // namespace xylem::views
