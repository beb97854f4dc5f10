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
        WeightedNode node{wrapper, parent, thread, false, depth, 0};
        m_graph.nodes.push_back(node);
        m_graph.depth = std::max(m_graph.depth, depth);
        if (thread) {
            WeightedNode& n = m_graph.nodes[static_cast<size_t>(index)];
            n.x = m_graph.leaves++;
            n.threads = 1;
            const ThreadReport* report = m_report.thread(wrapper);
            n.criticalArrivals = report ? report->criticalArrivals : 0;
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
            m_graph.nodes[static_cast<size_t>(below)].incoming =
                static_cast<int>(m_graph.edges.size());
            m_graph.edges.push_back(edge);
            const WeightedNode& sub = m_graph.nodes[static_cast<size_t>(below)];
            WeightedNode& self = m_graph.nodes[static_cast<size_t>(index)];
            self.threads += sub.threads;
            self.criticalArrivals += sub.criticalArrivals;
            const double x = sub.x;
            first = first < 0 ? x : first;
            last = x;
        }
        WeightedNode& self = m_graph.nodes[static_cast<size_t>(index)];
        self.x = (first + last) / 2;
        self.size = static_cast<int>(m_graph.nodes.size()) - index;
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

std::vector<int> WeightedTreeGraph::childrenOf(int node) const
{
    std::vector<int> children;
    const int end = node + nodes[static_cast<size_t>(node)].size;
    for (int c = node + 1; c < end; c += nodes[static_cast<size_t>(c)].size) {
        children.push_back(c);
    }
    return children;
}

WeightedTreeGraph buildWeightedTree(const AnalysisReport& report)
{
    return Builder(report).build();
}

} // namespace xylem::views
