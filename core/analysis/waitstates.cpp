#include "core/analysis/waitstates.h"

#include "core/analysis/latesender.h"
#include "core/analysis/waittally.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>

namespace xylem {

namespace {

constexpr std::array<std::string_view, kWaitPatternCount> kNames = {
    "Wait at N x N", "Late Broadcast", "Early Reduce",
    "Late Sender",   "Late Receiver",  "Wait at Barrier"};
constexpr std::array<std::string_view, kWaitPatternCount> kKeys = {
    "wait_at_nxn", "late_broadcast", "early_reduce",
    "late_sender", "late_receiver",  "wait_at_barrier"};

// The communicator's members and where each stands in it (ties rank by that position).
struct Members
{
    const MpiCommunicator* comm = nullptr;
    std::unordered_map<int, int> position;
};

Error badEvent(size_t index, const MpiEvent& e, const std::string& what)
{
    return makeError(ErrorCode::InvalidTrace, "event " + std::to_string(index) + " (" +
                                                  std::string(mpiCallName(e.call)) + " of rank " +
                                                  std::to_string(e.rank) + "): " + what);
}

Error badCommunicator(const MpiCommunicator& c, const std::string& what)
{
    return makeError(ErrorCode::InvalidTrace,
                     "communicator " + std::to_string(c.id) + " (" + c.name + ") " + what);
}

// Each communicator once, each member once: a second definition of an id would merge two
// member lists, and positions past the end of an instance would follow.
Result<std::map<std::int32_t, Members>> membersOf(const MpiTrace& trace)
{
    std::map<std::int32_t, Members> comms;
    for (const MpiCommunicator& c : trace.communicators) {
        auto [it, added] = comms.try_emplace(c.id, Members{&c, {}});
        if (!added) {
            return makeError(ErrorCode::InvalidTrace,
                             "communicator " + std::to_string(c.id) + " is defined twice (" +
                                 it->second.comm->name + " and " + c.name + ")");
        }
        for (size_t i = 0; i < c.worldRanks.size(); ++i) {
            if (!it->second.position.try_emplace(c.worldRanks[i], static_cast<int>(i)).second) {
                return badCommunicator(c,
                                       "lists rank " + std::to_string(c.worldRanks[i]) + " twice");
            }
        }
    }
    return comms;
}

Result<std::map<std::int32_t, Members>> checkTrace(const MpiTrace& trace)
{
    XYLEM_TRY(members, membersOf(trace));
    auto comms = std::move(members).value();
    const auto known = [&](std::int32_t r) {
        return r >= 0 && static_cast<size_t>(r) < trace.ranks.size();
    };
    for (size_t i = 0; i < trace.events.size(); ++i) {
        const MpiEvent& e = trace.events[i];
        const auto comm = comms.find(e.communicator);
        if (e.exit < e.enter) {
            return badEvent(i, e, "exit is before enter");
        }
        if (!known(e.rank)) {
            return badEvent(i, e, "the rank is not in the trace");
        }
        if (comm == comms.end()) {
            return badEvent(i, e, "unknown communicator " + std::to_string(e.communicator));
        }
        if (!comm->second.position.contains(e.rank)) {
            return badEvent(i, e,
                            "the rank is not in communicator " + std::to_string(e.communicator));
        }
        if (e.partner >= 0 && !known(e.partner)) {
            return badEvent(i, e, "partner " + std::to_string(e.partner) + " is not in the trace");
        }
    }
    return comms;
}

// One complete collective instance: its members' events in communicator order.
struct Instance
{
    std::int32_t communicator = 0;
    std::vector<const MpiEvent*> events;
};

// Index of the last to enter: the tail of (enter, position) ascending.
size_t lastToEnter(const Instance& inst, size_t skip)
{
    size_t last = inst.events.size();
    for (size_t i = 0; i < inst.events.size(); ++i) {
        if (i != skip &&
            (last == inst.events.size() || inst.events[i]->enter >= inst.events[last]->enter)) {
            last = i;
        }
    }
    return last;
}

size_t rootOf(const Instance& inst)
{
    const int root = inst.events.front()->partner;
    for (size_t i = 0; i < inst.events.size(); ++i) {
        if (inst.events[i]->rank == root) {
            return i;
        }
    }
    return inst.events.size();
}

bool isPrefixReduction(MpiCall call)
{
    return call == MpiCall::Scan || call == MpiCall::Exscan;
}

void analyseInstance(const Instance& inst, WaitTally& tally)
{
    const MpiCall call = inst.events.front()->call;
    const auto wait = [&](WaitPattern p, const MpiEvent& waiter, const MpiEvent& waitedFor,
                          std::int64_t ns) {
        tally.add(Wait{p, waiter.rank, waitedFor.rank, waiter.call, inst.communicator, ns, &waiter,
                       &waitedFor});
    };
    if (isPrefixReduction(call)) {
        // Rank i of a Scan needs the contributions of ranks 0..i (Exscan: 0..i-1), not of all:
        // it waits for the last of those to enter, and the ranks after it keep nobody waiting.
        const bool inclusive = call == MpiCall::Scan;
        const MpiEvent* last = nullptr;
        for (const MpiEvent* e : inst.events) {
            if (inclusive && (!last || e->enter >= last->enter)) {
                last = e;
            }
            if (last) {
                wait(WaitPattern::WaitAtNxN, *e, *last, last->enter - e->enter);
            }
            if (!inclusive && (!last || e->enter >= last->enter)) {
                last = e;
            }
        }
        return;
    }
    if (mpiCallClass(call) == MpiCallClass::Synchronizing) {
        const WaitPattern p =
            call == MpiCall::Barrier ? WaitPattern::WaitAtBarrier : WaitPattern::WaitAtNxN;
        const MpiEvent& last = *inst.events[lastToEnter(inst, inst.events.size())];
        for (const MpiEvent* e : inst.events) {
            wait(p, *e, last, last.enter - e->enter);
        }
        return;
    }
    const size_t r = rootOf(inst);
    if (r == inst.events.size()) {
        return; // a root outside the communicator: checked by the caller, nothing to attribute
    }
    const MpiEvent& root = *inst.events[r];
    if (call == MpiCall::Bcast || call == MpiCall::Scatter || call == MpiCall::Scatterv) {
        for (const MpiEvent* e : inst.events) {
            if (e != &root) {
                wait(WaitPattern::LateBroadcast, *e, root, root.enter - e->enter);
            }
        }
    } else if (inst.events.size() > 1) {
        const MpiEvent& last = *inst.events[lastToEnter(inst, r)];
        wait(WaitPattern::EarlyReduce, root, last, std::min(last.enter, root.exit) - root.enter);
    }
}

// Groups blocking collective events by (communicator, seq); complete instances are analysed.
// Non-blocking starts share the communicator's seq but wait for nobody (waitstates.h).
void analyseCollectives(const MpiTrace& trace, const std::map<std::int32_t, Members>& comms,
                        WaitTally& tally, WaitStateReport& counts)
{
    std::map<std::pair<std::int32_t, std::int64_t>, Instance> instances;
    for (const MpiEvent& e : trace.events) {
        if (!isBlockingCollective(e.call)) {
            continue;
        }
        const Members& m = comms.at(e.communicator);
        Instance& inst = instances[{e.communicator, e.seq}];
        inst.communicator = e.communicator;
        // In bounds: membersOf took the positions from this communicator's one member list.
        inst.events.resize(m.comm->worldRanks.size());
        inst.events[static_cast<size_t>(m.position.at(e.rank))] = &e;
    }
    for (const auto& [key, inst] : instances) {
        const bool complete = std::none_of(inst.events.begin(), inst.events.end(),
                                           [](const MpiEvent* e) { return e == nullptr; });
        (complete ? counts.collectiveInstances : counts.incompleteInstances) += 1;
        if (complete) {
            analyseInstance(inst, tally);
        }
    }
}

} // namespace

std::string_view waitPatternName(WaitPattern pattern)
{
    return kNames[static_cast<size_t>(pattern)];
}

std::string_view waitPatternKey(WaitPattern pattern)
{
    return kKeys[static_cast<size_t>(pattern)];
}

Result<WaitStateReport> analyzeWaitStates(const MpiTrace& trace)
{
    XYLEM_TRY(comms, checkTrace(trace));
    WaitTally tally(trace);
    WaitStateReport counts;
    analyseCollectives(trace, comms.value(), tally, counts);
    const UnmatchedMessages unmatched = findPointToPointWaits(trace, tally);
    WaitStateReport report = tally.finish(mpiCallTimeNs(trace.events));
    report.collectiveInstances = counts.collectiveInstances;
    report.incompleteInstances = counts.incompleteInstances;
    report.unmatchedSends = unmatched.sends;
    report.unmatchedReceives = unmatched.receives;
    return report;
}

Result<Ok> visitWaits(const MpiTrace& trace, const std::function<void(const Wait&)>& visit)
{
    XYLEM_TRY(comms, checkTrace(trace));
    WaitTally tally(trace);
    tally.setVisitor(visit);
    WaitStateReport counts;
    analyseCollectives(trace, comms.value(), tally, counts);
    findPointToPointWaits(trace, tally);
    return Ok{};
}

} // namespace xylem
