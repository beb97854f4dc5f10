#pragma once

// Starts the children of one node: relays (which start their own children: subtrees start in
// parallel, as in MRNet) and leaves (collector daemons), each told where its parent listens and
// which node it is; the token goes on stdin. A relay chooses its own address (listenaddress.h):
// the address its parent listens on may not even exist on the relay's host.

#include "core/gather/topology.h"
#include "core/tree/spawner.h"

#include <string>
#include <vector>

namespace xylem::tree {

struct LaunchSettings
{
    std::string relayExecutable;                 // xylem-relay
    std::string collectorExecutable;             // xylem-collector
    std::string launcher;                        // "" or e.g. "ssh {host} {command}"
    std::string childListen = "auto";            // --listen of the relays started
    std::vector<std::string> collectorArguments; // extra arguments for every leaf ({host}, {rank})
    bool leavesAttach = false;                   // do not start leaves
};

// The command line that starts node `child` whose parent listens at parentHost:parentPort.
std::vector<std::string> childCommand(const gather::Topology& topology, std::uint32_t child,
                                      const LaunchSettings& settings, const std::string& parentHost,
                                      std::uint16_t parentPort);

// The hosts of `self`'s children that may be other machines: those started through the launcher
// and the leaves that attach by themselves (listenaddress.h routes to the first of them).
std::vector<std::string> childHosts(const gather::Topology& topology, std::uint32_t self,
                                    const LaunchSettings& settings);

// A leaf's argument with {host} and {rank} replaced by the leaf's (e.g. a ring prefix per host).
std::string substituteLeaf(std::string text, const gather::TopologyNode& leaf);

// Starts every child of `self`, which listens at host:port (its advertised address); errors name
// the child that could not be started. Adds each started child's (node, pid) to `started`.
Result<Ok> launchChildren(Spawner& spawner, const gather::Topology& topology, std::uint32_t self,
                          const LaunchSettings& settings, const std::string& host,
                          std::uint16_t port, const std::string& token,
                          std::vector<std::pair<std::uint32_t, pid_t>>* started = nullptr);

} // namespace xylem::tree
