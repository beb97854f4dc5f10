#include "views/treefolding.h"

namespace xylem::views {

TreeFolding::TreeFolding(const WeightedTreeGraph* graph)
    : m_graph(graph)
    , m_folded(graph->nodes.size(), false)
{
    update();
}

bool TreeFolding::isBig() const
{
    return m_graph && m_graph->leaves > kFoldAbove;
}

void TreeFolding::foldHosts()
{
    if (!m_graph) {
        return;
    }
    const auto& nodes = m_graph->nodes;
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].isThread || nodes[i].onPath) {
            continue;
        }
        // All children threads: the subtree is the node and its threads.
        m_folded[i] = m_folded[i] || nodes[i].size == nodes[i].threads + 1;
    }
    update();
}

void TreeFolding::unfoldAll()
{
    m_folded.assign(m_folded.size(), false);
    update();
}

void TreeFolding::setFolded(int node, bool folded)
{
    if (node < 0 || static_cast<size_t>(node) >= m_folded.size() ||
        m_graph->nodes[static_cast<size_t>(node)].isThread) {
        return;
    }
    m_folded[static_cast<size_t>(node)] = folded;
    update();
}

bool TreeFolding::isFolded(int node) const
{
    return node >= 0 && static_cast<size_t>(node) < m_folded.size() &&
           m_folded[static_cast<size_t>(node)];
}

void TreeFolding::setMatches(std::vector<bool> matches)
{
    m_matches = matches.size() == m_folded.size() ? std::move(matches) : std::vector<bool>{};
    update();
}

bool TreeFolding::matches(int node) const
{
    return isFiltering() && m_matches[static_cast<size_t>(node)];
}

bool TreeFolding::isCollapsed(int node) const
{
    return node >= 0 && static_cast<size_t>(node) < m_collapsed.size() &&
           m_collapsed[static_cast<size_t>(node)];
}

bool TreeFolding::isShown(int node) const
{
    return node >= 0 && static_cast<size_t>(node) < m_shown.size() &&
           m_shown[static_cast<size_t>(node)];
}

int TreeFolding::shownThreads() const
{
    int shown = 0;
    for (size_t i = 0; i < m_shown.size(); ++i) {
        shown += m_shown[i] && m_graph->nodes[i].isThread ? 1 : 0;
    }
    return shown;
}

void TreeFolding::update()
{
    if (!m_graph) {
        return;
    }
    const size_t n = m_folded.size();
    const auto& nodes = m_graph->nodes;
    std::vector<bool> below(n, false); // a strict descendant matches
    std::vector<bool> above(n, false); // a strict ancestor matches
    if (isFiltering()) {
        for (size_t i = n; i-- > 1;) {
            const auto p = static_cast<size_t>(nodes[i].parent);
            below[p] = below[p] || below[i] || m_matches[i];
        }
        for (size_t i = 1; i < n; ++i) {
            const auto p = static_cast<size_t>(nodes[i].parent);
            above[i] = above[p] || m_matches[p];
        }
    }
    m_collapsed.assign(n, false);
    m_shown.assign(n, false);
    for (size_t i = 0; i < n; ++i) {
        const bool opened = isFiltering() && !m_matches[i] && below[i];
        m_collapsed[i] = m_folded[i] && !opened;
        const bool kept = !isFiltering() || m_matches[i] || below[i] || above[i] || nodes[i].onPath;
        const int p = nodes[i].parent;
        m_shown[i] =
            kept &&
            (p < 0 || (m_shown[static_cast<size_t>(p)] && !m_collapsed[static_cast<size_t>(p)]));
    }
}

} // namespace xylem::views
