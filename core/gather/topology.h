#pragma once

// The shape of a gather tree: which process runs where and whose child it is. Node 0 is the
// front-end (the root); inner nodes are relays; leaves are collectors (one per host).
//
// Read from MRNet's topology format or from JSON, or generated from a host list:
//
//   # MRNet style: host:rank => child child ... ;     (rank: the n-th process on that host)
//   fe:0 => r1:0 r2:0 ;
//   r1:0 => n1:0 n2:0 ;
//   r2:0 => n3:0 ;
//
//   {"format": "xylem-gather/1", "nodes": [{"host": "fe", "parent": null},
//                                           {"host": "r1", "parent": 0}, ...]}

#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::gather {

enum class NodeRole : std::uint8_t
{
    FrontEnd = 0,
    Relay = 1,
    Leaf = 2
};

struct TopologyNode
{
    std::string host;                    // where it runs ("localhost" style names are fine)
    std::uint32_t rank = 0;              // n-th process of the tree on that host
    std::int32_t parent = -1;            // index into Topology::nodes; -1 for the front-end
    std::vector<std::uint32_t> children; // indices, in the order given
    NodeRole role = NodeRole::Leaf;

    std::string name() const { return host + ":" + std::to_string(rank); }
    bool operator==(const TopologyNode&) const = default;
};

struct Topology
{
    std::vector<TopologyNode> nodes; // nodes[0] is the front-end; parents before children

    std::vector<std::uint32_t> leaves() const; // indices, in tree order
    std::uint32_t depth() const;               // edges on the longest root-to-leaf path
    // The nodes of the subtree rooted at node (itself first), in tree order.
    std::vector<std::uint32_t> subtree(std::uint32_t node) const;

    bool operator==(const Topology&) const = default;
};

// Checks: exactly one root at index 0, every parent index valid and earlier, no node twice
// (same host and rank), children lists consistent with parents, at least one leaf, roles
// derived (root FrontEnd, inner Relay, no children Leaf). Errors name the node and the rule.
Result<Topology> makeTopology(std::vector<TopologyNode> nodes);
// Rebuilds every node's children list from the parents, siblings in index order (for callers
// that only know the parents; makeTopology then checks the rest).
void linkChildren(std::vector<TopologyNode>& nodes);

inline constexpr std::string_view kTopologyFormat = "xylem-gather/1";

// Parsers: errors name the line (MRNet) or the node (JSON) and the problem.
Result<Topology> parseMrnetTopology(const std::string& text);
Result<Topology> parseTopologyJson(const std::string& text);
Result<Topology> readTopologyFile(const std::string& path); // by content: '{' → JSON, else MRNet
std::string toMrnetText(const Topology& topology);
std::string toJson(const Topology& topology);

enum class TopologyShape : std::uint8_t
{
    Flat,      // every leaf a child of the front-end
    Kary,      // full k-ary tree of relays over the leaves (balanced)
    Knomial,   // k-nomial tree (MRNet's): node i's children i + j*k^l ... over the front-end
               // (position 0) and the hosts; a host with children gets a relay over its leaf
    Hierarchy, // one relay per cluster, leaves (one per host) under their cluster's relay;
               // k-ary within a cluster over fanout and above the clusters; one cluster: Kary
};

struct TopologySpec
{
    TopologyShape shape = TopologyShape::Kary;
    std::uint32_t fanout = 4; // k for Kary / Knomial
    std::string frontEndHost = "localhost";
    // Leaves: one per host, hosts as given; clusters (for Hierarchy) parallel to hosts.
    std::vector<std::string> hosts;
    std::vector<std::string> clusters; // empty: one cluster
    // Relays run on the hosts of the leaves they serve unless relayHosts names hosts for them
    // (round-robin); each relay gets a fresh rank on its host.
    std::vector<std::string> relayHosts;
    bool balanced = true; // false: fill the first relays to fanout, the last one gets the rest
};

// Relays are only created where a node would otherwise have more than fanout children.
Result<Topology> generateTopology(const TopologySpec& spec);

// "fe-1-4-16" style shapes for benchmarks and tests: levels[i] = nodes at depth i+1, each
// level spread evenly over the one above (all on `host`, ranks 0, 1, 2 ...).
Result<Topology> levelTopology(const std::vector<std::uint32_t>& levels,
                               const std::string& host = "localhost");

} // namespace xylem::gather
