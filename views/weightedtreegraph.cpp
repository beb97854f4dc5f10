#include "views/weightedtreegraph.h"

#include <algorithm>

namespace xylem::views {

namespace {

class Builder
{
public:
    explicit Builder(const AnalysisReport& report)
        : m_report(report)
        , m_config(*report.configuration)
    {
    }

    WeightedTreeGraph build()
    {
        const int root = passThrough(m_config.root());
        add(root, -1, 0);
        for (WeightedEdge& e : m_graph.edges) {
            m_graph.heaviest = std::max(m_graph.heaviest, e.lastArrivals);
        }
        const auto& path = m_report.imbalancePath;
        for (WeightedNode& n : m_graph.nodes) {
            n.onPath = std::find(path.begin(), path.end(), n.wrapper) != path.end();
        }
        for (WeightedEdge& e : m_graph.edges) {
            e.onPath = m_graph.nodes[static_cast<size_t>(e.parent)].onPath &&
                       m_graph.nodes[static_cast<size_t>(e.child)].onPath;
        }
        return std::move(m_graph);
    }

private:
    // Down through proxies and cores to the next gred or thread.
    int passThrough(int wrapper) const
    {
        while (m_config.wrapper(wrapper).kind == WrapperKind::Proxy ||
               m_config.wrapper(wrapper).kind == WrapperKind::Core) {
            wrapper = m_config.children(wrapper).front();
        }
        return wrapper;
    }

    // Adds the node and its subtree; returns its index.
    int add(int wrapper, int parent, int depth)
    {
        const int index = static_cast<int>(m_graph.nodes.size());
        const bool thread = m_config.wrapper(wrapper).kind == WrapperKind::Thread;
        m_graph.nodes.push_back({wrapper, parent, thread, false, depth, 0});
        m_graph.depth = std::max(m_graph.depth, depth);
        if (thread) {
            m_graph.nodes[static_cast<size_t>(index)].x = m_graph.leaves++;
            return index;
        }
        const GredReport* gred = m_report.gred(wrapper);
        double first = -1, last = 0;
        for (const int child : m_config.children(wrapper)) {
            const int below = add(passThrough(child), index, depth + 1);
            WeightedEdge edge{index, below, child, 0, false, nullptr};
            if (gred) {
                for (const ContributorReport& c : gred->contributors) {
                    if (c.wrapper == child) {
                        edge.lastArrivals = c.lastArrivals;
                        edge.report = &c;
                    }
                }
            }
            m_graph.edges.push_back(edge);
            const double x = m_graph.nodes[static_cast<size_t>(below)].x;
            first = first < 0 ? x : first;
            last = x;
        }
        m_graph.nodes[static_cast<size_t>(index)].x = (first + last) / 2;
        return index;
    }

    const AnalysisReport& m_report;
    const Configuration& m_config;
    WeightedTreeGraph m_graph;
};

} // namespace

int WeightedTreeGraph::nodeOf(int wrapper) const
{
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].wrapper == wrapper) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

WeightedTreeGraph buildWeightedTree(const AnalysisReport& report)
{
    return Builder(report).build();
}

} // namespace xylem::views
