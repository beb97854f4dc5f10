#include "core/live/scopedesignindex.h"

#include <algorithm>

namespace xylem::live {

const std::vector<const DesignNode*> DesignIndex::kNone;

DesignIndex::DesignIndex(const ScopeDesign& design)
    : m_design(design)
    , m_children(design.nodes.size())
    , m_top(design.nodes.size(), nullptr)
    , m_cycle(design.nodes.size(), -1)
    , m_onCycle(design.nodes.size(), false)
{
    m_byId.reserve(design.nodes.size());
    for (size_t i = 0; i < design.nodes.size(); ++i) {
        m_byId.emplace(design.nodes[i].id, i); // the first of a repeated id (refused elsewhere)
    }
    for (const DesignNode& node : design.nodes) {
        const auto parent = m_byId.find(node.parent);
        if (node.parent == kNoNode || parent == m_byId.end()) {
            m_roots.push_back(&node);
        } else {
            m_children[parent->second].push_back(&node);
        }
    }
    std::vector<int> state(design.nodes.size(), 0);
    for (size_t i = 0; i < design.nodes.size(); ++i) {
        if (state[i] == 0) {
            followParents(i, state);
        }
    }
}

// Walks up from start until a root, a node already placed, or a node of this walk (a cycle);
// every node on the way is placed once, so all walks together take linear time.
void DesignIndex::followParents(size_t start, std::vector<int>& state)
{
    enum
    {
        Unvisited = 0,
        OnThisWalk = 1,
        Placed = 2
    };
    std::vector<size_t> path;
    const DesignNode* top = nullptr;
    int cycle = -1;
    for (size_t at = start;;) {
        if (state[at] == Placed) {
            top = m_top[at];
            cycle = m_cycle[at];
            break;
        }
        if (state[at] == OnThisWalk) {
            cycle = static_cast<int>(m_cycles.size());
            const auto from = std::find(path.begin(), path.end(), at);
            std::vector<size_t> members(from, path.end());
            std::rotate(members.begin(), std::min_element(members.begin(), members.end()),
                        members.end());
            std::vector<const DesignNode*> listed;
            for (const size_t m : members) {
                m_onCycle[m] = true;
                listed.push_back(&m_design.nodes[m]);
            }
            m_cycles.push_back(std::move(listed));
            break;
        }
        state[at] = OnThisWalk;
        path.push_back(at);
        const auto parent = m_byId.find(m_design.nodes[at].parent);
        if (m_design.nodes[at].parent == kNoNode || parent == m_byId.end()) {
            top = &m_design.nodes[at];
            break;
        }
        at = parent->second;
    }
    for (const size_t i : path) {
        state[i] = Placed;
        m_top[i] = top;
        m_cycle[i] = cycle;
    }
}

size_t DesignIndex::indexOf(const DesignNode& node) const
{
    return static_cast<size_t>(&node - m_design.nodes.data());
}

const DesignNode* DesignIndex::find(int id) const
{
    const auto it = m_byId.find(id);
    return it == m_byId.end() ? nullptr : &m_design.nodes[it->second];
}

const std::vector<const DesignNode*>& DesignIndex::children(int id) const
{
    const auto it = m_byId.find(id);
    return it == m_byId.end() ? kNone : m_children[it->second];
}

std::vector<const DesignNode*> DesignIndex::filterChain(int id) const
{
    std::vector<const DesignNode*> chain;
    std::vector<int> frontier{id};
    for (size_t next = 0; next < frontier.size(); ++next) {
        for (const DesignNode* child : children(frontier[next])) {
            if (child->kind == DesignNodeKind::Filter && !onCycle(*child)) {
                chain.push_back(child);
                frontier.push_back(child->id);
            }
        }
    }
    return chain;
}

const DesignNode* DesignIndex::top(const DesignNode& node) const
{
    return m_top[indexOf(node)];
}

int DesignIndex::cycleOf(const DesignNode& node) const
{
    return m_cycle[indexOf(node)];
}

bool DesignIndex::onCycle(const DesignNode& node) const
{
    return m_onCycle[indexOf(node)];
}

std::vector<const DesignNode*> DesignIndex::downwards() const
{
    std::vector<const DesignNode*> order(m_roots.begin(), m_roots.end());
    for (size_t next = 0; next < order.size(); ++next) {
        const auto& below = m_children[indexOf(*order[next])];
        order.insert(order.end(), below.begin(), below.end());
    }
    return order;
}

} // namespace xylem::live
