#pragma once

// Generators and presets for scope designs (issue 10): a design laid out from a host list
// (flat, k-ary, k-nomial, hierarchy-aware: gather::generateTopology), host lists taken from a
// configuration or a running tree, and the monitors' presets placing the right filters.

#include "core/gather/topology.h"
#include "core/live/eventscope.h"
#include "core/live/scopedesign.h"
#include "core/model/configuration.h"

#include <string>
#include <vector>

namespace xylem::live {

struct HostList
{
    std::vector<std::string> hosts;    // one collector each, in this order
    std::vector<std::string> clusters; // parallel to hosts, or empty (one cluster)
    bool operator==(const HostList&) const = default;
};

struct DesignSpec
{
    gather::TopologyShape shape = gather::TopologyShape::Kary;
    std::uint32_t fanout = 4;
    std::string frontEndHost = "localhost";
    HostList hosts;
    std::string name = "scope";
};

// The nodes of the generated topology (front-end, relays, collectors: no filters), laid out on
// the canvas top-down (front-end at y 0, one row per level). Errors: no hosts, a fanout < 2 for
// k-ary and k-nomial, clusters not parallel to hosts, a host twice.
Result<ScopeDesign> generateDesign(const DesignSpec& spec);
// A design of an existing topology (a running tree's): one node per topology node.
Result<ScopeDesign> designFromTopology(const gather::Topology& topology, std::string name);

// The hosts (and clusters) of a configuration, in its order.
HostList hostsOfConfiguration(const Configuration& configuration);
// The collectors' hosts of a topology (a running tree's), in tree order; no clusters.
HostList hostsOfTopology(const gather::Topology& topology);
// The same, from a running tree's address file (tree/addressfile.h).
Result<HostList> hostsOfAddressFile(const std::string& path);

// Adds the filters of a monitor to design (others' filters stay; a preset already present is
// not added twice):
//   Raw                     a concatenation at the front-end (every tuple travels)
//   LoadBalance             a last-arrival filter on every collector (reduce at the source)
//   LoadBalanceDistributed  a last-arrival counting filter on every collector
//   Statistics              a statistics filter on every collector
// Errors: a design without a front-end or collectors.
Result<Ok> applyPreset(ScopeDesign& design, Monitor preset);

} // namespace xylem::live
