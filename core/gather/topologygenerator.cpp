// Topologies generated from a host list (one leaf per host) and from level sizes. The shape is
// built first as a tree of placeholders; hosts and ranks are assigned once it is complete.

#include "core/gather/topology.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>

namespace xylem::gather {

namespace {

constexpr std::uint64_t kMaxNodes = 1u << 20;

Error specError(std::string message)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message));
}

struct Placeholder
{
    bool relay = false;
    size_t firstLeaf = 0; // host index of the first leaf it serves
    std::vector<size_t> children;
};

class Shaper
{
public:
    Shaper(std::uint32_t fanout, bool balanced)
        : m_fanout(fanout)
        , m_balanced(balanced)
    {
        m_items.push_back({});
    }

    std::vector<Placeholder>& items() { return m_items; }

    size_t leaf(size_t host)
    {
        m_items.push_back({false, host, {}});
        return m_items.size() - 1;
    }

    size_t relay(std::vector<size_t> children)
    {
        const size_t first = m_items[children.front()].firstLeaf;
        m_items.push_back({true, first, std::move(children)});
        return m_items.size() - 1;
    }

    // The children a node gets to reach `items`: the items themselves if they fit the fanout,
    // else up to fanout groups, each a relay over its items (recursively) or a lone item.
    std::vector<size_t> group(const std::vector<size_t>& items)
    {
        if (items.size() <= m_fanout) {
            return items;
        }
        std::vector<size_t> out;
        size_t at = 0;
        for (const size_t size : groupSizes(items.size())) {
            std::vector<size_t> part(items.begin() + static_cast<std::ptrdiff_t>(at),
                                     items.begin() + static_cast<std::ptrdiff_t>(at + size));
            at += size;
            out.push_back(size == 1 ? part.front() : relay(group(part)));
        }
        return out;
    }

private:
    // Balanced: fanout groups differing by at most one. Unbalanced: groups as full as a
    // subtree of the minimal depth holds (fanout^(depth-1)), the last one the rest.
    std::vector<size_t> groupSizes(size_t n) const
    {
        std::vector<size_t> sizes;
        if (m_balanced) {
            for (size_t i = 0; i < m_fanout; ++i) {
                sizes.push_back(n / m_fanout + (i < n % m_fanout ? 1 : 0));
            }
            return sizes;
        }
        std::uint64_t capacity = 1;
        while (capacity * m_fanout < n) {
            capacity *= m_fanout;
        }
        for (size_t left = n; left > 0; left -= std::min<std::uint64_t>(left, capacity)) {
            sizes.push_back(static_cast<size_t>(std::min<std::uint64_t>(left, capacity)));
        }
        return sizes;
    }

    std::uint32_t m_fanout;
    bool m_balanced;
    std::vector<Placeholder> m_items; // [0] is the front-end
};

// k-nomial positions: 0 is the front-end, p >= 1 the leaf of host p-1. Position p's children
// are p + j*k^l (j = 1..k-1) for every l with k^l > p. A position with children becomes a relay
// on its host whose first child is that host's leaf.
size_t knomial(Shaper& shaper, std::uint64_t p, std::uint64_t last, std::uint64_t k)
{
    std::vector<size_t> children;
    if (p > 0) {
        children.push_back(shaper.leaf(static_cast<size_t>(p - 1)));
    }
    std::uint64_t step = 1;
    while (step <= p) {
        step *= k;
    }
    for (; p + step <= last; step *= k) {
        for (std::uint64_t j = 1; j < k && p + j * step <= last; ++j) {
            children.push_back(knomial(shaper, p + j * step, last, k));
        }
    }
    if (p == 0) {
        shaper.items()[0].children = std::move(children);
        return 0;
    }
    return children.size() == 1 ? children.front() : shaper.relay(std::move(children));
}

std::vector<size_t> clusterRoots(Shaper& shaper, const TopologySpec& spec)
{
    std::vector<std::string> order;
    std::map<std::string, std::vector<size_t>> members;
    for (size_t i = 0; i < spec.hosts.size(); ++i) {
        const std::string& cluster = spec.clusters.empty() ? std::string() : spec.clusters[i];
        if (members.count(cluster) == 0) {
            order.push_back(cluster);
        }
        members[cluster].push_back(shaper.leaf(i));
    }
    if (order.size() == 1) { // one cluster: the front-end is its relay
        return shaper.group(members[order.front()]);
    }
    std::vector<size_t> roots;
    for (const std::string& cluster : order) {
        const auto& leaves = members[cluster];
        roots.push_back(leaves.size() == 1 ? leaves.front() : shaper.relay(shaper.group(leaves)));
    }
    return shaper.group(roots);
}

Result<Ok> checkSpec(const TopologySpec& spec)
{
    if (spec.hosts.empty()) {
        return specError("the host list is empty");
    }
    if (spec.frontEndHost.empty()) {
        return specError("the front-end host is empty");
    }
    if (spec.shape != TopologyShape::Flat && spec.fanout < 2) {
        return specError("fanout must be at least 2, not " + std::to_string(spec.fanout));
    }
    if (!spec.clusters.empty() && spec.clusters.size() != spec.hosts.size()) {
        return specError("clusters: " + std::to_string(spec.clusters.size()) + " given for " +
                         std::to_string(spec.hosts.size()) + " hosts");
    }
    if (spec.hosts.size() >= kMaxNodes / 2) {
        return specError("too many hosts: " + std::to_string(spec.hosts.size()));
    }
    std::set<std::string> seen;
    for (size_t i = 0; i < spec.hosts.size(); ++i) {
        if (spec.hosts[i].empty() || !seen.insert(spec.hosts[i]).second) {
            return specError("host #" + std::to_string(i + 1) + " '" + spec.hosts[i] +
                             "' is empty or listed twice (one leaf per host)");
        }
    }
    for (const std::string& h : spec.relayHosts) {
        if (h.empty()) {
            return specError("relayHosts has an empty host name");
        }
    }
    return Ok{};
}

// Breadth-first numbering; ranks: the front-end first, then the leaves in host order, then the
// relays in tree order, each taking the next free rank on its host.
Result<Topology> assign(std::vector<Placeholder>& items, const TopologySpec& spec)
{
    std::vector<size_t> order{0};
    std::vector<std::int32_t> parentOf(items.size(), -1);
    std::vector<std::int32_t> indexOf(items.size(), -1);
    indexOf[0] = 0;
    for (size_t at = 0; at < order.size(); ++at) {
        for (const size_t c : items[order[at]].children) {
            indexOf[c] = static_cast<std::int32_t>(order.size());
            parentOf[c] = static_cast<std::int32_t>(at);
            order.push_back(c);
        }
    }
    std::map<std::string, std::uint32_t> nextRank{{spec.frontEndHost, 1}};
    std::vector<TopologyNode> nodes(order.size());
    nodes[0] = {spec.frontEndHost, 0, -1, {}, NodeRole::FrontEnd};
    std::vector<std::int32_t> leafIndex(spec.hosts.size(), -1);
    for (size_t i = 1; i < order.size(); ++i) {
        if (!items[order[i]].relay) {
            leafIndex[items[order[i]].firstLeaf] = static_cast<std::int32_t>(i);
        }
    }
    for (size_t h = 0; h < spec.hosts.size(); ++h) {
        nodes[static_cast<size_t>(leafIndex[h])] = {
            spec.hosts[h], nextRank[spec.hosts[h]]++, 0, {}, NodeRole::Leaf};
    }
    size_t relays = 0;
    for (size_t i = 0; i < order.size(); ++i) {
        const Placeholder& p = items[order[i]];
        if (i > 0 && p.relay) {
            const std::string host = spec.relayHosts.empty()
                                         ? spec.hosts[p.firstLeaf]
                                         : spec.relayHosts[relays++ % spec.relayHosts.size()];
            nodes[i] = {host, nextRank[host]++, 0, {}, NodeRole::Relay};
        }
        nodes[i].parent = parentOf[order[i]];
        for (const size_t c : p.children) {
            nodes[i].children.push_back(static_cast<std::uint32_t>(indexOf[c]));
        }
    }
    return makeTopology(std::move(nodes));
}

} // namespace

Result<Topology> generateTopology(const TopologySpec& spec)
{
    if (auto ok = checkSpec(spec); !ok) {
        return ok.error();
    }
    Shaper shaper(spec.shape == TopologyShape::Flat ? 0 : spec.fanout, spec.balanced);
    std::vector<size_t> leaves;
    switch (spec.shape) {
    case TopologyShape::Flat:
    case TopologyShape::Kary:
        for (size_t i = 0; i < spec.hosts.size(); ++i) {
            leaves.push_back(shaper.leaf(i));
        }
        shaper.items()[0].children =
            spec.shape == TopologyShape::Flat ? leaves : shaper.group(leaves);
        break;
    case TopologyShape::Knomial:
        knomial(shaper, 0, spec.hosts.size(), spec.fanout);
        break;
    case TopologyShape::Hierarchy:
        shaper.items()[0].children = clusterRoots(shaper, spec);
        break;
    }
    return assign(shaper.items(), spec);
}

Result<Topology> levelTopology(const std::vector<std::uint32_t>& levels, const std::string& host)
{
    if (levels.empty()) {
        return specError("no levels: give the node count of each level below the front-end");
    }
    std::uint64_t total = 1;
    for (size_t i = 0; i < levels.size(); ++i) {
        const std::uint32_t above = i == 0 ? 1 : levels[i - 1];
        if (levels[i] < above) {
            return specError("level " + std::to_string(i + 1) + " has " +
                             std::to_string(levels[i]) + " nodes, fewer than the " +
                             std::to_string(above) + " above it");
        }
        total += levels[i];
    }
    if (total > kMaxNodes) {
        return specError("too many nodes: " + std::to_string(total));
    }
    std::vector<TopologyNode> nodes{{host, 0, -1, {}, NodeRole::FrontEnd}};
    size_t aboveStart = 0;
    std::uint32_t aboveCount = 1;
    for (const std::uint32_t count : levels) {
        const size_t start = nodes.size();
        for (std::uint32_t p = 0; p < aboveCount; ++p) { // even spread, the first get the extra
            const std::uint32_t share = count / aboveCount + (p < count % aboveCount ? 1 : 0);
            for (std::uint32_t j = 0; j < share; ++j) {
                const auto rank = static_cast<std::uint32_t>(nodes.size());
                nodes.push_back({host, rank, static_cast<std::int32_t>(aboveStart + p), {}, {}});
            }
        }
        aboveStart = start;
        aboveCount = count;
    }
    linkChildren(nodes);
    return makeTopology(std::move(nodes));
}

} // namespace xylem::gather
