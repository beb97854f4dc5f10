#include "views/treelayout.h"

#include <algorithm>
#include <cmath>

namespace xylem::views {

namespace {

// The widest row of wrapped children, in slots, from the leaves of the whole drawing: about as
// many columns as make a block of square-ish cells (a slot 70 px wide, a row 0.8 x 90 px high)
// fit a 16:10 window, so columns^2 ~ 1.6 * 0.8 * 90 / 70 * slots ~ 1.65 * slots; never under
// 16. One bound for the tree, so that clusters of hosts stack as blocks of the same width.
double rowBound(double slots)
{
    return std::max(16.0, std::ceil(std::sqrt(1.65 * slots)));
}

class Placer
{
public:
    Placer(const WeightedTreeGraph& graph, const TreeFolding& folding)
        : m_graph(graph)
        , m_folding(folding)
        , m_wrap(folding.isBig())
    {
        const size_t n = graph.nodes.size();
        m_result.x.assign(n, 0);
        m_result.y.assign(n, 0);
        m_result.rail.assign(n, -1);
        m_width.assign(n, 1);
        m_height.assign(n, 1);
        m_rows.assign(n, {});
        m_wrapped.assign(n, false);
    }

    TreePlacement place()
    {
        if (!m_graph.nodes.empty()) {
            m_bound = rowBound(leafSlots(0));
            measure(0);
            put(0, 0, 0);
            m_result.width = m_width[0];
            m_result.height = m_height[0];
        }
        return std::move(m_result);
    }

private:
    std::vector<int> shownChildren(int node) const
    {
        std::vector<int> shown;
        if (m_folding.isCollapsed(node)) {
            return shown;
        }
        for (const int c : m_graph.childrenOf(node)) {
            if (m_folding.isShown(c)) {
                shown.push_back(c);
            }
        }
        return shown;
    }

    // The leaves of the drawing below a node: shown threads, collapsed greds.
    double leafSlots(int node) const
    {
        const std::vector<int> kids = shownChildren(node);
        double slots = kids.empty() ? 1 : 0;
        for (const int c : kids) {
            slots += leafSlots(c);
        }
        return slots;
    }

    void measure(int node)
    {
        const auto i = static_cast<size_t>(node);
        const std::vector<int> kids = shownChildren(node);
        if (kids.empty()) {
            return; // a leaf slot
        }
        double sum = 0, tallest = 0;
        for (const int c : kids) {
            measure(c);
            sum += m_width[static_cast<size_t>(c)];
            tallest = std::max(tallest, m_height[static_cast<size_t>(c)]);
        }
        const double bound = m_bound;
        if (!m_wrap || kids.size() < 2 || sum <= bound) {
            m_rows[i] = {kids};
            m_width[i] = sum;
            m_height[i] = 1 + tallest;
            return;
        }
        m_wrapped[i] = true;
        m_rows[i] = {{}};
        double rowWidth = 0, widest = 0;
        for (const int c : kids) {
            const double w = m_width[static_cast<size_t>(c)];
            if (!m_rows[i].back().empty() && rowWidth + w > bound) {
                m_rows[i].emplace_back();
                rowWidth = 0;
            }
            m_rows[i].back().push_back(c);
            rowWidth += w;
            widest = std::max(widest, rowWidth);
        }
        m_width[i] = 0.5 + widest; // the trunk's half slot on the left
        m_height[i] = 1;
        for (const auto& row : m_rows[i]) {
            m_height[i] += rowHeight(row);
        }
    }

    double rowHeight(const std::vector<int>& row) const
    {
        double tallest = 1;
        for (const int c : row) {
            tallest = std::max(tallest, m_height[static_cast<size_t>(c)]);
        }
        return tallest - 1 + kWrappedRowLevels;
    }

    void put(int node, double left, double top)
    {
        const auto i = static_cast<size_t>(node);
        m_result.y[i] = top;
        m_result.x[i] = left;
        if (m_rows[i].empty()) {
            return;
        }
        if (!m_wrapped[i]) {
            double cursor = left;
            for (const int c : m_rows[i].front()) {
                put(c, cursor, top + 1);
                cursor += m_width[static_cast<size_t>(c)];
            }
            m_result.x[i] = (m_result.x[static_cast<size_t>(m_rows[i].front().front())] +
                             m_result.x[static_cast<size_t>(m_rows[i].front().back())]) /
                            2;
            return;
        }
        double rowTop = top + 1;
        for (const auto& row : m_rows[i]) {
            double cursor = left + 0.5;
            for (const int c : row) {
                m_result.rail[static_cast<size_t>(c)] = rowTop - kRailAbove;
                put(c, cursor, rowTop);
                cursor += m_width[static_cast<size_t>(c)];
            }
            rowTop += rowHeight(row);
        }
    }

    const WeightedTreeGraph& m_graph;
    const TreeFolding& m_folding;
    const bool m_wrap;
    double m_bound = 16; // the widest row, the same for every gred of the tree
    TreePlacement m_result;
    std::vector<double> m_width;
    std::vector<double> m_height;
    std::vector<std::vector<std::vector<int>>> m_rows; // per node: its children's rows
    std::vector<bool> m_wrapped; // its children in rows under a trunk, not one tidy row
};

} // namespace

TreePlacement placeTree(const WeightedTreeGraph& graph, const TreeFolding& folding)
{
    return Placer(graph, folding).place();
}

} // namespace xylem::views
