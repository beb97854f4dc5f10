#include "views/scopecompactlayout.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace xylem::views {

namespace {

using live::DesignNodeKind;

constexpr double kColumn = 210; // as the generator's (core/live/scopegenerator.cpp)
constexpr double kRow = 140;

class CompactPlacer
{
public:
    CompactPlacer(const live::ScopeDesign& design, const std::map<int, int>& folded)
        : m_design(design)
    {
        for (const live::DesignNode& n : design.nodes) {
            if (folded.count(n.id) == 0) {
                m_children[n.parent].push_back(n.id);
                m_collectors += n.kind == DesignNodeKind::Collector ? 1 : 0;
            }
        }
        // Columns: a grid of collectors (a relay above each group: 2 rows a band) as wide as
        // 1.6 times its height: C * 210 = 1.6 * (n / C) * 280, C^2 = 2.13 n; at least 8.
        m_columns = std::max(8, static_cast<int>(std::ceil(std::sqrt(2.13 * m_collectors))));
    }

    std::map<int, QPointF> place()
    {
        std::vector<std::vector<int>> levels; // the nodes above the grid, by depth
        std::vector<Group> groups;
        for (const int root : m_children[live::kNoNode]) {
            collect(root, 0, levels, groups);
        }
        double y = 0;
        for (const auto& level : levels) {
            y = placeRow(level, y);
        }
        placeGrid(groups, y + kRow / 2);
        return std::move(m_places);
    }

private:
    bool isCollector(int id) const { return m_design.find(id)->kind == DesignNodeKind::Collector; }

    struct Group
    {
        int head = live::kNoNode; // a relay drawn above its collectors, or none
        std::vector<int> members;
    };

    // Depth-first, so that siblings sit side by side in their level's row. A node's collectors
    // make a group of the grid; a relay with nothing but collectors heads it there.
    void collect(int id, size_t depth, std::vector<std::vector<int>>& levels,
                 std::vector<Group>& groups)
    {
        if (isCollector(id)) {
            groups.push_back({live::kNoNode, {id}}); // a collector of its own, detached
            return;
        }
        const std::vector<int>& kids = m_children[id];
        std::vector<int> collectors;
        std::copy_if(kids.begin(), kids.end(), std::back_inserter(collectors),
                     [this](int c) { return isCollector(c); });
        const bool heads = m_design.find(id)->kind == DesignNodeKind::Relay &&
                           !collectors.empty() && collectors.size() == kids.size();
        if (!collectors.empty()) {
            groups.push_back({heads ? id : live::kNoNode, collectors});
        }
        if (heads) {
            return;
        }
        if (levels.size() <= depth) {
            levels.resize(depth + 1);
        }
        levels[depth].push_back(id);
        for (const int c : kids) {
            if (!isCollector(c)) {
                collect(c, depth + 1, levels, groups);
            }
        }
    }

    // One level: rows of at most m_columns nodes; returns the y below them.
    double placeRow(const std::vector<int>& level, double y)
    {
        for (size_t i = 0; i < level.size(); ++i) {
            if (i > 0 && i % static_cast<size_t>(m_columns) == 0) {
                y += kRow;
            }
            m_places[level[i]] = {static_cast<double>(i % static_cast<size_t>(m_columns)) * kColumn,
                                  y};
        }
        return y + kRow;
    }

    // The groups in bands: a relay heading its collectors; a group that does not fit what is
    // left of the band starts a new one (and one wider than the grid takes several rows).
    void placeGrid(const std::vector<Group>& groups, double top)
    {
        int column = 0;
        for (const auto& [head, members] : groups) {
            const int width = std::min(m_columns, static_cast<int>(members.size()));
            if (column > 0 && column + width > m_columns) {
                column = 0;
                top += 2 * kRow;
            }
            const bool headed = head != live::kNoNode;
            if (headed) {
                m_places[head] = {(column + (width - 1) / 2.0) * kColumn, top};
            }
            const double first = headed ? top + kRow : top;
            for (size_t k = 0; k < members.size(); ++k) {
                const auto row = static_cast<int>(k) / m_columns;
                m_places[members[k]] = {(column + static_cast<int>(k) % m_columns) * kColumn,
                                        first + row * kRow};
            }
            const int rows = (static_cast<int>(members.size()) + m_columns - 1) / m_columns;
            if (rows > 1) {
                column = 0;
                top = first + rows * kRow;
            } else {
                column += width;
            }
        }
    }

    const live::ScopeDesign& m_design;
    std::map<int, std::vector<int>> m_children;
    std::map<int, QPointF> m_places;
    int m_collectors = 0;
    int m_columns = 8;
};

} // namespace

bool isBigDesign(const live::ScopeDesign& design)
{
    return std::count_if(design.nodes.begin(), design.nodes.end(), [](const live::DesignNode& n) {
               return n.kind == DesignNodeKind::Collector;
           }) > kCompactAbove;
}

std::map<int, int> foldedFilters(const live::ScopeDesign& design)
{
    std::map<int, int> folded;
    for (const live::DesignNode& n : design.nodes) {
        if (n.kind != DesignNodeKind::Filter) {
            continue;
        }
        const live::DesignNode* at = design.find(n.parent);
        for (size_t hops = 0;
             at && at->kind == DesignNodeKind::Filter && hops < design.nodes.size(); ++hops) {
            at = design.find(at->parent);
        }
        if (at && at->kind == DesignNodeKind::Collector) {
            folded[n.id] = at->id;
        }
    }
    return folded;
}

std::map<int, QPointF> compactPlaces(const live::ScopeDesign& design,
                                     const std::map<int, int>& folded)
{
    return CompactPlacer(design, folded).place();
}

} // namespace xylem::views
