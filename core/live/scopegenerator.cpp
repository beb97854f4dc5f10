#include "core/live/scopegenerator.h"

#include "core/tree/addressfile.h"

#include <algorithm>
#include <set>

namespace xylem::live {

namespace {

// The canvas draws a node about 190 × 62 (82 with live figures): a column and a row leave room
// for one node and the edges between.
constexpr double kRowHeight = 140;
constexpr double kColumnWidth = 210;

DesignNodeKind kindOf(gather::NodeRole role)
{
    switch (role) {
    case gather::NodeRole::FrontEnd:
        return DesignNodeKind::FrontEnd;
    case gather::NodeRole::Relay:
        return DesignNodeKind::Relay;
    case gather::NodeRole::Leaf:
        break;
    }
    return DesignNodeKind::Collector;
}

// Depth of every topology node (parents come before children).
std::vector<std::uint32_t> depths(const gather::Topology& topology)
{
    std::vector<std::uint32_t> depth(topology.nodes.size(), 0);
    for (size_t i = 1; i < topology.nodes.size(); ++i) {
        depth[i] = depth[static_cast<size_t>(topology.nodes[i].parent)] + 1;
    }
    return depth;
}

// A tidy layout: leaves side by side in tree order, every inner node centred over its children.
std::vector<double> columns(const gather::Topology& topology)
{
    std::vector<double> x(topology.nodes.size(), 0);
    double next = 0;
    for (const std::uint32_t leaf : topology.leaves()) {
        x[leaf] = next++ * kColumnWidth;
    }
    for (size_t i = topology.nodes.size(); i-- > 0;) { // children come after their parent
        const auto& children = topology.nodes[i].children;
        if (!children.empty()) {
            double sum = 0;
            for (const std::uint32_t c : children) {
                sum += x[c];
            }
            x[i] = sum / static_cast<double>(children.size());
        }
    }
    return x;
}

} // namespace

Result<ScopeDesign> designFromTopology(const gather::Topology& topology, std::string name)
{
    if (topology.nodes.empty()) {
        return makeError(ErrorCode::InvalidArgument, "the topology has no nodes");
    }
    ScopeDesign design;
    design.name = std::move(name);
    const auto depth = depths(topology);
    const auto x = columns(topology);
    for (size_t i = 0; i < topology.nodes.size(); ++i) {
        const auto& t = topology.nodes[i];
        DesignNode node;
        node.id = static_cast<int>(i) + 1; // topology index + 1: stable for a running tree
        node.kind = kindOf(t.role);
        node.host = t.host;
        node.parent = t.parent < 0 ? kNoNode : t.parent + 1;
        node.y = depth[i] * kRowHeight;
        node.x = x[i];
        XYLEM_TRY(added, addNode(design, std::move(node)));
    }
    return design;
}

Result<ScopeDesign> generateDesign(const DesignSpec& spec)
{
    if (spec.hosts.hosts.empty()) {
        return makeError(ErrorCode::InvalidArgument, "no hosts to place collectors on");
    }
    if (!spec.hosts.clusters.empty() && spec.hosts.clusters.size() != spec.hosts.hosts.size()) {
        return makeError(ErrorCode::InvalidArgument,
                         std::to_string(spec.hosts.clusters.size()) + " clusters for " +
                             std::to_string(spec.hosts.hosts.size()) +
                             " hosts: give one cluster per host, or none");
    }
    std::set<std::string> seen;
    for (const auto& host : spec.hosts.hosts) {
        if (!seen.insert(host).second) {
            return makeError(ErrorCode::InvalidArgument,
                             "the host " + host + " is listed twice: one collector per host");
        }
    }
    if (spec.shape != gather::TopologyShape::Flat && spec.fanout < 2) {
        return makeError(ErrorCode::InvalidArgument, "a fanout of " + std::to_string(spec.fanout) +
                                                         " makes no tree: use 2 or more");
    }
    gather::TopologySpec topologySpec;
    topologySpec.shape = spec.shape;
    topologySpec.fanout = spec.fanout;
    topologySpec.frontEndHost = spec.frontEndHost;
    topologySpec.hosts = spec.hosts.hosts;
    topologySpec.clusters = spec.hosts.clusters;
    XYLEM_TRY(topology, gather::generateTopology(topologySpec));
    return designFromTopology(topology.value(), spec.name);
}

HostList hostsOfConfiguration(const Configuration& configuration)
{
    HostList list;
    bool anyCluster = false;
    for (const auto& host : configuration.hosts()) {
        list.hosts.push_back(host.id);
        list.clusters.push_back(host.cluster);
        anyCluster = anyCluster || !host.cluster.empty();
    }
    if (!anyCluster) {
        list.clusters.clear();
    }
    return list;
}

HostList hostsOfTopology(const gather::Topology& topology)
{
    HostList list;
    for (std::uint32_t leaf : topology.leaves()) {
        list.hosts.push_back(topology.nodes[leaf].host);
    }
    return list;
}

Result<HostList> hostsOfAddressFile(const std::string& path)
{
    XYLEM_TRY(book, tree::readAddressFile(path));
    return hostsOfTopology(book->topology);
}

namespace {

bool hasFilter(const ScopeDesign& design, int at, FilterKind kind)
{
    for (int child : design.childrenOf(at)) {
        const DesignNode* node = design.find(child);
        if (node->kind == DesignNodeKind::Filter && node->filter.kind == kind) {
            return true;
        }
    }
    return false;
}

Result<Ok> attach(ScopeDesign& design, const DesignNode& at, FilterKind kind)
{
    if (hasFilter(design, at.id, kind)) {
        return Ok{};
    }
    DesignNode filter;
    filter.kind = DesignNodeKind::Filter;
    filter.parent = at.id;
    filter.filter.kind = kind;
    // Under a collector (the lowest row); else half a column right, between the rows.
    const bool leaf = at.kind == DesignNodeKind::Collector;
    filter.x = at.x + (leaf ? 0 : kColumnWidth / 2);
    filter.y = at.y + (leaf ? 105 : -60);
    XYLEM_TRY(added, addNode(design, std::move(filter)));
    return Ok{};
}

} // namespace

Result<Ok> applyPreset(ScopeDesign& design, Monitor preset)
{
    const DesignNode* frontEnd = design.frontEnd();
    if (!frontEnd) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string("the ") + monitorName(preset) +
                             " preset needs a front-end: the design has none");
    }
    std::vector<DesignNode> collectors;
    std::copy_if(design.nodes.begin(), design.nodes.end(), std::back_inserter(collectors),
                 [](const auto& n) { return n.kind == DesignNodeKind::Collector; });
    if (collectors.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string("the ") + monitorName(preset) +
                             " preset needs collectors: the design has none");
    }
    if (preset == Monitor::Raw) {
        return attach(design, *frontEnd, FilterKind::Concatenation);
    }
    const FilterKind kind = preset == Monitor::LoadBalance  ? FilterKind::LastArrival
                            : preset == Monitor::Statistics ? FilterKind::Statistics
                                                            : FilterKind::LastArrivalCounting;
    for (const auto& collector : collectors) {
        XYLEM_TRY(attached, attach(design, collector, kind));
    }
    return Ok{};
}

} // namespace xylem::live
