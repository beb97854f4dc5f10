#pragma once

// A design's parent edges, indexed in linear time for validation and deployment planning
// (ScopeDesign::find and childrenOf scan every node, which made both cubic on deep designs):
// a node by id, its children, and where each node's path of parents leads — to a root, or
// into a cycle. A hand-written file may hold any edges, so cycles are found here once (each
// listed from its member first in the design's order, following parents) and nothing built
// from the index ever follows them. A parent id that names no node counts as no parent.

#include "core/live/scopedesign.h"

#include <unordered_map>
#include <vector>

namespace xylem::live {

class DesignIndex
{
public:
    explicit DesignIndex(const ScopeDesign& design);

    const DesignNode* find(int id) const;
    const DesignNode* parentOf(const DesignNode& node) const { return find(node.parent); }
    // Every node whose parent is id (filters included), in the design's order.
    const std::vector<const DesignNode*>& children(int id) const;
    // The filters attached to id, then those attached to them, ... (ScopeDesign::filterChainOf).
    std::vector<const DesignNode*> filterChain(int id) const;

    // Where the node's parents lead: the node at the top (no parent), or null when the path
    // runs into a cycle.
    const DesignNode* top(const DesignNode& node) const;
    // The cycle the node's path runs into or lies on (an index into cycles()), or -1.
    int cycleOf(const DesignNode& node) const;
    bool onCycle(const DesignNode& node) const;
    const std::vector<std::vector<const DesignNode*>>& cycles() const { return m_cycles; }

    // Every node from the roots down, parents before children (breadth first); the nodes in
    // or below a cycle are left out.
    std::vector<const DesignNode*> downwards() const;

private:
    size_t indexOf(const DesignNode& node) const;
    void followParents(size_t start, std::vector<int>& state);

    const ScopeDesign& m_design;
    std::unordered_map<int, size_t> m_byId;
    std::vector<std::vector<const DesignNode*>> m_children; // by node index
    std::vector<const DesignNode*> m_roots;                 // nodes without a parent
    std::vector<const DesignNode*> m_top;                   // by node index
    std::vector<int> m_cycle;                               // by node index
    std::vector<bool> m_onCycle;                            // by node index
    std::vector<std::vector<const DesignNode*>> m_cycles;
    static const std::vector<const DesignNode*> kNone;
};

} // namespace xylem::live
