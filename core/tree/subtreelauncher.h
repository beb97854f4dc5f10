#pragma once

// Starts the children of one node: relays (which start their own children: subtrees start in
// parallel, as in MRNet) and leaves (collector daemons), each told where its parent listens and
// which node it is; the token goes on stdin.

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
    std::string listenAddress = "127.0.0.1";     // where relays listen for their children
    std::vector<std::string> collectorArguments; // extra arguments for every leaf ({host}, {rank})
    bool leavesAttach = false;                   // do not start leaves
};

// The command line that starts node `child` whose parent listens at parentIp:parentPort.
std::vector<std::string> childCommand(const gather::Topology& topology, std::uint32_t child,
                                      const LaunchSettings& settings, const std::string& parentIp,
                                      std::uint16_t parentPort);

// A leaf's argument with {host} and {rank} replaced by the leaf's (e.g. a ring prefix per host).
std::string substituteLeaf(std::string text, const gather::TopologyNode& leaf);

// Starts every child of `self`; errors name the child that could not be started. Adds each
// started child's (node, pid) to `started` when given.
Result<Ok> launchChildren(Spawner& spawner, const gather::Topology& topology, std::uint32_t self,
                          const LaunchSettings& settings, std::uint16_t port,
                          const std::string& token,
                          std::vector<std::pair<std::uint32_t, pid_t>>* started = nullptr);

} // namespace xylem::tree
