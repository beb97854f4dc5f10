#include "core/analysis/rootedsummary.h"

#include <algorithm>
#include <map>

namespace xylem {

namespace {

struct Slot
{
    std::int64_t arrival = 0;
    std::int64_t departure = 0;
    bool arrived = false;
    bool departed = false;
    int root = -1;
};

bool isOneToAll(MpiCall call)
{
    using enum MpiCall;
    return call == Bcast || call == Scatter || call == Scatterv || call == Ibcast ||
           call == Iscatter || call == Iscatterv;
}

// (seq) -> slots in communicator-rank order.
std::map<std::int64_t, std::vector<Slot>> slotsOf(const MpiTrace& trace,
                                                  const MpiCommunicator& comm, MpiCall call)
{
    std::map<int, size_t> position;
    for (size_t i = 0; i < comm.worldRanks.size(); ++i) {
        position[comm.worldRanks[i]] = i;
    }
    std::map<std::int64_t, std::vector<Slot>> instances;
    for (const MpiEvent& e : trace.events) {
        const auto at = position.find(e.rank);
        if (e.communicator != comm.id || e.call != call || at == position.end()) {
            continue;
        }
        auto& slots = instances[e.seq];
        slots.resize(comm.worldRanks.size());
        Slot& s = slots[at->second];
        s = Slot{e.enter, e.exit, true, isBlockingCollective(call), e.partner};
    }
    if (isBlockingCollective(call)) {
        return instances;
    }
    for (const MpiEvent& e : trace.events) {
        const auto at = position.find(e.rank);
        const auto inst = instances.find(e.seq);
        if (e.completes != MpiCompletion::Collective || e.communicator != comm.id ||
            at == position.end() || inst == instances.end()) {
            continue;
        }
        Slot& s = inst->second[at->second];
        s.departure = s.departed ? std::max(s.departure, e.exit) : std::max(e.exit, s.arrival);
        s.departed = s.arrived;
    }
    return instances;
}

} // namespace

Result<RootedSummary> summarizeRooted(const MpiTrace& trace, std::int32_t communicator,
                                      MpiCall call)
{
    if (!isRooted(call)) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string(mpiCallName(call)) + " has no root");
    }
    const MpiCommunicator* comm = trace.communicator(communicator);
    if (!comm || comm->worldRanks.empty()) {
        return makeError(ErrorCode::NotFound, "no communicator " + std::to_string(communicator) +
                                                  " with members in this trace");
    }
    RootedSummary out;
    out.communicator = communicator;
    out.call = call;
    out.oneToAll = isOneToAll(call);
    const size_t n = comm->worldRanks.size();
    for (const int r : comm->worldRanks) {
        out.ranks.push_back(RootedRank{r});
    }
    std::vector<std::vector<std::int64_t>> callTimes(n);
    std::vector<std::int64_t> waits, rootTimes, nonRootTimes;
    const auto instances = slotsOf(trace, *comm, call);
    out.instances = static_cast<std::int64_t>(instances.size());
    for (const auto& [seq, slots] : instances) {
        const bool complete = std::all_of(slots.begin(), slots.end(), [](const Slot& s) {
            return s.arrived && s.departed;
        });
        const auto rootAt = std::find(comm->worldRanks.begin(), comm->worldRanks.end(),
                                      slots.empty() ? -1 : slots.front().root);
        if (!complete || rootAt == comm->worldRanks.end()) {
            continue;
        }
        ++out.complete;
        const auto root = static_cast<size_t>(rootAt - comm->worldRanks.begin());
        ++out.ranks[root].asRoot;
        std::int64_t wait = 0;
        size_t late = root;
        for (size_t i = 0; i < n; ++i) {
            const std::int64_t t = slots[i].departure - slots[i].arrival;
            callTimes[i].push_back(t);
            (i == root ? rootTimes : nonRootTimes).push_back(t);
            if (i == root) {
                continue;
            }
            if (out.oneToAll && slots[root].arrival > slots[i].arrival) {
                const std::int64_t w =
                    std::min(slots[root].arrival, slots[i].departure) - slots[i].arrival;
                out.ranks[i].waitNs += w;
                wait += w;
            }
            if (!out.oneToAll && (late == root || slots[i].arrival > slots[late].arrival)) {
                late = i;
            }
        }
        if (!out.oneToAll && late != root && slots[late].arrival > slots[root].arrival) {
            wait = std::min(slots[late].arrival, slots[root].departure) - slots[root].arrival;
            out.ranks[root].waitNs += wait;
        }
        waits.push_back(wait);
        if (wait > 0) {
            out.ranks[late].causedNs += wait;
            ++out.ranks[late].lateCount;
        }
    }
    out.waitPerInstance = computeStats(waits);
    out.rootCallTime = computeStats(rootTimes);
    out.nonRootCallTime = computeStats(nonRootTimes);
    std::int64_t most = 0;
    for (size_t i = 0; i < n; ++i) {
        out.ranks[i].callTime = computeStats(callTimes[i]);
        if (out.ranks[i].causedNs > most) {
            most = out.ranks[i].causedNs;
            out.lateRank = out.ranks[i].rank;
        }
    }
    return out;
}

} // namespace xylem
