#include "core/record/remotehosts.h"

#include "core/record/siblingprogram.h"
#include "core/tree/launchcheck.h"
#include "core/tree/spawner.h"

#include <map>
#include <set>

namespace xylem::record {

namespace {

// What the front-end itself starts through the launcher on other machines: its relays (each
// starts the collector beside it) and, unless they attach, its leaves. Deeper nodes are started
// by their relays, from hosts that may reach machines this one cannot (a cluster's compute
// nodes behind its head node); a failure there is a node that did not join, named as such.
// Unless someone else starts it (attached), the program runs on every remote host: xylem-gsum
// must be there too (the launch itself starts it through the same launcher).
std::map<std::string, std::set<std::string>> programsOnRemoteHosts(const RecordPlan& plan,
                                                                   const std::string& relay,
                                                                   const std::string& collector,
                                                                   const std::string& gsum)
{
    std::map<std::string, std::set<std::string>> programs;
    if (plan.attachFile.empty()) {
        for (const std::string& host : plan.remoteHosts) {
            programs[host].insert(gsum);
        }
    }
    for (const std::uint32_t child : plan.topology.nodes[0].children) {
        const gather::TopologyNode& n = plan.topology.nodes[child];
        if (tree::Spawner::isLocal(n.host)) {
            continue;
        }
        if (n.role == gather::NodeRole::Relay) {
            programs[n.host].insert({relay, collector});
        } else if (plan.attachFile.empty()) {
            programs[n.host].insert(collector);
        }
    }
    return programs;
}

} // namespace

Result<Ok> checkRemoteHosts(const RecordPlan& plan, std::chrono::milliseconds timeout)
{
    if (plan.remoteHosts.empty()) {
        return Ok{};
    }
    XYLEM_TRY(relay, findSiblingProgram("xylem-relay"));
    XYLEM_TRY(collector, findSiblingProgram("xylem-collector"));
    XYLEM_TRY(gsum, findSiblingProgram("xylem-gsum"));
    std::vector<tree::LaunchCheck> checks;
    for (const auto& [host, programs] :
         programsOnRemoteHosts(plan, relay.value(), collector.value(), gsum.value())) {
        checks.push_back(tree::LaunchCheck{host, {programs.begin(), programs.end()}});
    }
    XYLEM_TRY(reached, tree::checkLaunches(plan.launcher, checks, timeout));
    return Ok{};
}

} // namespace xylem::record
