#include "core/gather/topology.h"

#include <algorithm>
#include <map>
#include <utility>

namespace xylem::gather {

namespace {

// Pre-order walk from `start`; calls visit(index, depth). Skips indices out of range and nodes
// seen before, so a hand-built (unchecked) topology cannot make it loop.
template <typename Visit> void walk(const Topology& topology, std::uint32_t start, Visit visit)
{
    const auto& nodes = topology.nodes;
    if (start >= nodes.size()) {
        return;
    }
    std::vector<bool> seen(nodes.size(), false);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{start, 0}};
    while (!stack.empty()) {
        const auto [node, depth] = stack.back();
        stack.pop_back();
        if (node >= nodes.size() || seen[node]) {
            continue;
        }
        seen[node] = true;
        visit(node, depth);
        const auto& children = nodes[node].children;
        for (auto it = children.rbegin(); it != children.rend(); ++it) {
            stack.emplace_back(*it, depth + 1);
        }
    }
}

std::string describeNode(const std::vector<TopologyNode>& nodes, size_t index)
{
    return "node " + std::to_string(index) + " (" + nodes[index].name() + ")";
}

Error ruleError(const std::vector<TopologyNode>& nodes, size_t index, std::string message)
{
    return makeError(ErrorCode::InvalidConfiguration, std::move(message),
                     describeNode(nodes, index));
}

// Host names end up in MRNet text, where whitespace, ';', '#' and "=>" are syntax.
bool validHost(const std::string& host)
{
    if (host.empty() || host.find("=>") != std::string::npos) {
        return false;
    }
    return std::none_of(host.begin(), host.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u <= ' ' || u == 0x7f || c == ';' || c == '#';
    });
}

Result<Ok> checkParents(const std::vector<TopologyNode>& nodes)
{
    std::map<std::pair<std::string, std::uint32_t>, size_t> byName;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const TopologyNode& n = nodes[i];
        if (!validHost(n.host)) {
            return ruleError(nodes, i,
                             "host name must be non-empty, without spaces, ';', '#' or \"=>\"");
        }
        const auto [it, fresh] = byName.emplace(std::make_pair(n.host, n.rank), i);
        if (!fresh) {
            return ruleError(nodes, i, "same host and rank as " + describeNode(nodes, it->second));
        }
        if (i == 0 && n.parent != -1) {
            return ruleError(nodes, i, "the front-end (node 0) must have no parent");
        }
        if (i > 0 && n.parent == -1) {
            return ruleError(nodes, i, "a second root: only node 0 may have no parent");
        }
        if (i > 0 && (n.parent < 0 || static_cast<size_t>(n.parent) >= i)) {
            return ruleError(nodes, i,
                             "parent " + std::to_string(n.parent) +
                                 " is not an earlier node (parents come before their children)");
        }
    }
    return Ok{};
}

Result<Ok> checkChildren(const std::vector<TopologyNode>& nodes)
{
    std::vector<std::uint32_t> childCount(nodes.size(), 0);
    for (size_t i = 1; i < nodes.size(); ++i) {
        ++childCount[static_cast<size_t>(nodes[i].parent)];
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        std::vector<bool> listed(nodes.size(), false);
        for (const std::uint32_t c : nodes[i].children) {
            if (c >= nodes.size()) {
                return ruleError(nodes, i, "child " + std::to_string(c) + " does not exist");
            }
            if (nodes[c].parent != static_cast<std::int32_t>(i)) {
                return ruleError(nodes, i,
                                 "lists child " + describeNode(nodes, c) + " whose parent is " +
                                     std::to_string(nodes[c].parent));
            }
            if (listed[c]) {
                return ruleError(nodes, i, "lists child " + describeNode(nodes, c) + " twice");
            }
            listed[c] = true;
        }
        if (nodes[i].children.size() != childCount[i]) {
            for (size_t c = i + 1; c < nodes.size(); ++c) {
                if (nodes[c].parent == static_cast<std::int32_t>(i) && !listed[c]) {
                    return ruleError(nodes, c,
                                     "missing from the children of its parent " +
                                         describeNode(nodes, i));
                }
            }
        }
    }
    return Ok{};
}

} // namespace

std::vector<std::uint32_t> Topology::leaves() const
{
    std::vector<std::uint32_t> out;
    walk(*this, 0, [&](std::uint32_t node, std::uint32_t) {
        if (node != 0 && nodes[node].children.empty()) {
            out.push_back(node);
        }
    });
    return out;
}

std::uint32_t Topology::depth() const
{
    std::uint32_t deepest = 0;
    walk(*this, 0, [&](std::uint32_t, std::uint32_t d) { deepest = std::max(deepest, d); });
    return deepest;
}

std::vector<std::uint32_t> Topology::subtree(std::uint32_t node) const
{
    std::vector<std::uint32_t> out;
    walk(*this, node, [&](std::uint32_t n, std::uint32_t) { out.push_back(n); });
    return out;
}

void linkChildren(std::vector<TopologyNode>& nodes)
{
    for (TopologyNode& n : nodes) {
        n.children.clear();
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto p = nodes[i].parent;
        if (p >= 0 && static_cast<size_t>(p) < nodes.size() && static_cast<size_t>(p) != i) {
            nodes[static_cast<size_t>(p)].children.push_back(static_cast<std::uint32_t>(i));
        }
    }
}

Result<Topology> makeTopology(std::vector<TopologyNode> nodes)
{
    if (nodes.empty()) {
        return makeError(ErrorCode::InvalidConfiguration, "a topology needs at least one node");
    }
    if (auto ok = checkParents(nodes); !ok) {
        return ok.error();
    }
    if (auto ok = checkChildren(nodes); !ok) {
        return ok.error();
    }
    if (nodes[0].children.empty()) {
        return ruleError(nodes, 0, "the front-end has no children: a tree needs a leaf");
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        nodes[i].role = i == 0                      ? NodeRole::FrontEnd
                        : nodes[i].children.empty() ? NodeRole::Leaf
                                                    : NodeRole::Relay;
    }
    return Topology{std::move(nodes)};
}

} // namespace xylem::gather
