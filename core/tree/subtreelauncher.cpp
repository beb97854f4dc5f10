#include "core/tree/subtreelauncher.h"

#include "core/model/textreplace.h"
#include "core/tree/hostport.h"

namespace xylem::tree {

std::vector<std::string> childCommand(const gather::Topology& topology, std::uint32_t child,
                                      const LaunchSettings& settings, const std::string& parentHost,
                                      std::uint16_t parentPort)
{
    const std::string parent = toString(HostPort{parentHost, parentPort});
    if (topology.nodes[child].role == gather::NodeRole::Relay) {
        std::vector<std::string> command{settings.relayExecutable,
                                         "--parent",
                                         parent,
                                         "--node",
                                         std::to_string(child),
                                         "--listen",
                                         settings.childListen,
                                         "--collector",
                                         settings.collectorExecutable};
        if (!settings.launcher.empty()) {
            command.insert(command.end(), {"--launcher", settings.launcher});
        }
        for (const std::string& a : settings.collectorArguments) {
            command.insert(command.end(), {"--collector-arg", a});
        }
        return command;
    }
    std::vector<std::string> command{settings.collectorExecutable, "--parent", parent, "--node",
                                     std::to_string(child)};
    for (const std::string& a : settings.collectorArguments) {
        command.push_back(substituteLeaf(a, topology.nodes[child]));
    }
    return command;
}

std::string substituteLeaf(std::string text, const gather::TopologyNode& leaf)
{
    return replaceAll(replaceAll(std::move(text), "{host}", leaf.host), "{rank}",
                      std::to_string(leaf.rank));
}

std::vector<std::string> childHosts(const gather::Topology& topology, std::uint32_t self,
                                    const LaunchSettings& settings)
{
    std::vector<std::string> hosts;
    for (const std::uint32_t child : topology.nodes[self].children) {
        const bool attaches =
            settings.leavesAttach && topology.nodes[child].role == gather::NodeRole::Leaf;
        if (attaches || !settings.launcher.empty()) {
            hosts.push_back(topology.nodes[child].host);
        }
    }
    return hosts;
}

Result<Ok> launchChildren(Spawner& spawner, const gather::Topology& topology, std::uint32_t self,
                          const LaunchSettings& settings, const std::string& host,
                          std::uint16_t port, const std::string& token,
                          std::vector<std::pair<std::uint32_t, pid_t>>* started)
{
    for (const std::uint32_t child : topology.nodes[self].children) {
        if (settings.leavesAttach && topology.nodes[child].role == gather::NodeRole::Leaf) {
            continue;
        }
        auto pid =
            spawner.spawn(SpawnRequest{topology.nodes[child].host,
                                       childCommand(topology, child, settings, host, port), token});
        if (!pid) {
            return makeError(pid.error().code, "cannot start " + topology.nodes[child].name() +
                                                   ": " + pid.error().message);
        }
        if (started) {
            started->emplace_back(child, pid.value());
        }
    }
    return Ok{};
}

} // namespace xylem::tree
