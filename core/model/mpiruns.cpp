#include "core/model/mpiruns.h"

#include "core/model/mpikinds.h"
#include "core/model/mpitreerun.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace xylem {

namespace {

std::string hostName(const MpiTrace& trace, int rank)
{
    const std::string& host = trace.ranks[static_cast<size_t>(rank)].host;
    return host.empty() ? "unknown" : host;
}

const std::string& clusterName(const MpiTrace& trace, int rank)
{
    return trace.ranks[static_cast<size_t>(rank)].cluster;
}

struct Levels
{
    bool hosts = false;
    bool clusters = false;
};

Levels levelsOf(const MpiTrace& trace, const MpiCommunicator& comm, RunShape shape)
{
    if (shape == RunShape::Flat) {
        return {};
    }
    std::set<std::string> hosts;
    std::set<std::string> clusters;
    bool everyCluster = true;
    for (const int r : comm.worldRanks) {
        hosts.insert(hostName(trace, r));
        clusters.insert(clusterName(trace, r));
        everyCluster = everyCluster && !clusterName(trace, r).empty();
    }
    return {hosts.size() >= 2, everyCluster && clusters.size() >= 2};
}

// Wrappers listed leaves first, in communicator-rank order (that order ranks ties).
Result<Configuration> configurationFor(const MpiTrace& trace, const MpiCommunicator& comm,
                                       RunShape shape)
{
    const Levels levels = levelsOf(trace, comm, shape);
    const std::string root = "comm" + std::to_string(comm.id);
    std::vector<Host> hosts;
    std::vector<WrapperSpec> threads, hostGreds, clusterGreds;
    std::set<std::string> seenHosts, seenClusters;
    for (const int r : comm.worldRanks) {
        const std::string host = hostName(trace, r);
        const std::string& cluster = clusterName(trace, r);
        const std::string clusterParent = levels.clusters ? "cluster:" + cluster : root;
        const std::string hostParent = levels.hosts ? "host:" + host : clusterParent;
        threads.push_back({rankWrapperId(r), "thread", host, hostParent});
        if (seenHosts.insert(host).second) {
            hosts.push_back(Host{host, cluster});
            if (levels.hosts) {
                hostGreds.push_back({"host:" + host, "gred", host, clusterParent});
            }
        }
        if (levels.clusters && seenClusters.insert(cluster).second) {
            clusterGreds.push_back({"cluster:" + cluster, "gred", host, root});
        }
    }
    std::vector<WrapperSpec> wrappers = std::move(threads);
    wrappers.insert(wrappers.end(), hostGreds.begin(), hostGreds.end());
    wrappers.insert(wrappers.end(), clusterGreds.begin(), clusterGreds.end());
    wrappers.push_back({root, "gred", hosts.front().id, std::nullopt});
    return Configuration::create(comm.name.empty() ? root : comm.name, std::move(hosts),
                                 std::move(wrappers));
}

Error badEvent(size_t index, const MpiEvent& e, const std::string& what)
{
    return makeError(ErrorCode::InvalidTrace, "event " + std::to_string(index) + " (" +
                                                  std::string(mpiCallName(e.call)) + " of rank " +
                                                  std::to_string(e.rank) + ", seq " +
                                                  std::to_string(e.seq) + "): " + what);
}

struct Slot
{
    bool present = false;
    std::int64_t down = 0;
    std::int64_t up = 0;
};

struct Instance
{
    std::vector<Slot> slots; // per wrapper
    MpiCall call = MpiCall::Barrier;
    size_t firstEvent = 0;
};

// The thread slot of every instance of `kind` on the communicator; every collective of the
// communicator is checked (one call per instance, members only). A non-blocking kind's slot is
// filled only when the Wait/Test event completing it is there (its exit is the departure).
Result<std::map<std::int64_t, Instance>> gatherInstances(const MpiTrace& trace,
                                                         const MpiCommunicator& comm, MpiCall kind,
                                                         const Configuration& config)
{
    std::map<std::int64_t, Instance> instances;
    std::map<std::pair<std::int64_t, int>, std::int64_t> departures; // (seq, rank) -> completion
    const std::set<int> members(comm.worldRanks.begin(), comm.worldRanks.end());
    for (size_t i = 0; i < trace.events.size(); ++i) {
        const MpiEvent& e = trace.events[i];
        if (e.communicator == comm.id && e.completes == MpiCompletion::Collective) {
            auto [it, fresh] = departures.try_emplace({e.seq, e.rank}, e.exit);
            it->second = std::max(it->second, e.exit);
        }
        if (e.communicator != comm.id || !isCollective(e.call)) {
            continue;
        }
        if (e.exit < e.enter) {
            return badEvent(i, e, "exit is before enter");
        }
        if (!members.contains(e.rank)) {
            return badEvent(i, e, "the rank is not in communicator " + std::to_string(comm.id));
        }
        auto [it, fresh] = instances.try_emplace(e.seq);
        Instance& inst = it->second;
        if (fresh) {
            inst.slots.resize(static_cast<size_t>(config.wrapperCount()));
            inst.call = e.call;
            inst.firstEvent = i;
        } else if (inst.call != e.call) {
            return badEvent(i, e,
                            "the instance began as " + std::string(mpiCallName(inst.call)) +
                                " (event " + std::to_string(inst.firstEvent) + ")");
        }
        Slot& slot = inst.slots[static_cast<size_t>(config.indexOf(rankWrapperId(e.rank)))];
        if (slot.present) {
            return badEvent(i, e, "the rank calls this instance twice");
        }
        slot = Slot{true, e.enter, e.exit};
    }
    std::erase_if(instances, [kind](const auto& entry) { return entry.second.call != kind; });
    if (!isBlockingCollective(kind)) {
        for (auto& [seq, inst] : instances) {
            for (const int r : comm.worldRanks) {
                Slot& slot = inst.slots[static_cast<size_t>(config.indexOf(rankWrapperId(r)))];
                const auto done = departures.find({seq, r});
                slot.present = slot.present && done != departures.end();
                slot.up = slot.present ? std::max(done->second, slot.down) : 0;
            }
        }
    }
    return instances;
}

// Non-root greds come after their children in the listing, so one pass in index order fills
// every inner edge from complete children.
void deriveInnerEdges(const Configuration& config, Instance& inst)
{
    for (int w = 0; w < config.wrapperCount(); ++w) {
        if (w == config.root() || config.wrapper(w).kind != WrapperKind::Gred) {
            continue;
        }
        Slot derived{true, std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max()};
        for (const int c : config.children(w)) {
            const Slot& child = inst.slots[static_cast<size_t>(c)];
            derived.present = derived.present && child.present;
            derived.down = std::max(derived.down, child.down);
            derived.up = std::min(derived.up, child.up);
        }
        inst.slots[static_cast<size_t>(w)] = derived.present ? derived : Slot{};
    }
}

} // namespace

std::string rankWrapperId(int rank)
{
    return "r" + std::to_string(rank);
}

Result<Run> collectiveRun(const MpiTrace& trace, std::int32_t communicator, MpiCall kind,
                          RunShape shape)
{
    const MpiCommunicator* comm = trace.communicator(communicator);
    if (!comm || comm->worldRanks.empty()) {
        return makeError(ErrorCode::NotFound, "no communicator " + std::to_string(communicator) +
                                                  " with members in this trace");
    }
    if (!formsStageTree(kind)) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string(mpiCallName(kind)) +
                             " does not synchronize every member (a rooted or prefix collective, "
                             "or no collective): it has no stage tree");
    }
    for (const int r : comm->worldRanks) {
        if (r < 0 || static_cast<size_t>(r) >= trace.ranks.size()) {
            return makeError(ErrorCode::InvalidTrace, "communicator " + std::to_string(comm->id) +
                                                          " names unknown rank " +
                                                          std::to_string(r));
        }
    }
    XYLEM_TRY(parents, treeParents(trace, communicator, kind));
    if (parents.value()) {
        return treeCollectiveRun(trace, communicator, kind);
    }
    XYLEM_TRY(config, configurationFor(trace, *comm, shape));
    XYLEM_TRY(instances, gatherInstances(trace, *comm, kind, config.value()));
    Run run{config.value(), {}};
    for (auto& [seq, inst] : instances.value()) {
        deriveInnerEdges(run.configuration, inst);
        for (int w = 0; w < run.configuration.wrapperCount(); ++w) {
            const Slot& s = inst.slots[static_cast<size_t>(w)];
            if (s.present && w != run.configuration.root()) {
                run.tuples.push_back(Tuple{seq, s.down, s.up, static_cast<std::uint32_t>(w),
                                           static_cast<std::uint16_t>(inst.call), 0});
            }
        }
    }
    return run;
}

Result<Run> collectiveRun(const MpiTrace& trace, std::int32_t communicator, RunShape shape)
{
    std::vector<MpiKindGroup> ofComm;
    for (const MpiKindGroup& g : collectiveKinds(trace)) {
        if (g.communicator == communicator) {
            ofComm.push_back(g);
        }
    }
    const auto chosen = defaultKind(ofComm, true);
    if (!chosen) {
        // No complete synchronizing instance: the first such kind (incomplete instances are
        // still a run to count), else an empty run of MPI_Barrier.
        const auto any = std::find_if(ofComm.begin(), ofComm.end(),
                                      [](const MpiKindGroup& g) { return formsStageTree(g.call); });
        return collectiveRun(trace, communicator, any == ofComm.end() ? MpiCall::Barrier : any->call,
                             shape);
    }
    return collectiveRun(trace, communicator, chosen->call, shape);
}

} // namespace xylem
