#include "core/model/mpikinds.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

namespace xylem {

namespace {

struct Member
{
    std::int64_t arrival = 0;
    std::optional<std::int64_t> departure;
};

struct Instance
{
    MpiCall call = MpiCall::Barrier;
    std::map<std::int32_t, Member> members; // by world rank
};

using Key = std::pair<std::int32_t, std::int64_t>; // (communicator, seq)

std::map<Key, Instance> instancesOf(const MpiTrace& trace)
{
    std::map<Key, Instance> instances;
    for (const MpiEvent& e : trace.events) {
        if (!isCollective(e.call)) {
            continue;
        }
        Instance& inst = instances[{e.communicator, e.seq}];
        inst.call = e.call;
        const bool blocking = isBlockingCollective(e.call);
        inst.members[e.rank] = Member{e.enter, blocking ? std::optional(e.exit) : std::nullopt};
    }
    for (const MpiEvent& e : trace.events) {
        if (e.completes != MpiCompletion::Collective) {
            continue;
        }
        const auto it = instances.find({e.communicator, e.seq});
        if (it == instances.end()) {
            continue;
        }
        const auto member = it->second.members.find(e.rank);
        if (member != it->second.members.end()) {
            member->second.departure = std::max(member->second.departure.value_or(e.exit), e.exit);
        }
    }
    return instances;
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string shortName(MpiCall call)
{
    return lowered(mpiCallName(call).substr(4)); // "MPI_" off
}

} // namespace

bool isPrefix(MpiCall call)
{
    using enum MpiCall;
    return call == Scan || call == Exscan || call == Iscan || call == Iexscan;
}

bool formsStageTree(MpiCall call)
{
    const MpiCallClass c = mpiCallClass(call);
    return !isPrefix(call) &&
           (c == MpiCallClass::Synchronizing ||
            (c == MpiCallClass::NonBlockingCollective && !isRooted(call)));
}

std::vector<MpiKindGroup> collectiveKinds(const MpiTrace& trace)
{
    std::map<std::pair<std::int32_t, MpiCall>, MpiKindGroup> groups;
    for (const auto& [key, inst] : instancesOf(trace)) {
        MpiKindGroup& g = groups[{key.first, inst.call}];
        g.communicator = key.first;
        g.call = inst.call;
        ++g.instances;
        size_t departed = 0;
        for (const auto& [rank, m] : inst.members) {
            if (m.departure) {
                g.timeNs += *m.departure - m.arrival;
                ++departed;
            }
        }
        const MpiCommunicator* comm = trace.communicator(key.first);
        if (comm && departed == comm->worldRanks.size() &&
            inst.members.size() == comm->worldRanks.size()) {
            ++g.complete;
        }
    }
    std::vector<MpiKindGroup> out;
    for (auto& [key, g] : groups) {
        out.push_back(g);
    }
    std::stable_sort(out.begin(), out.end(), [](const MpiKindGroup& a, const MpiKindGroup& b) {
        return std::tuple(-a.timeNs, a.communicator, static_cast<int>(a.call)) <
               std::tuple(-b.timeNs, b.communicator, static_cast<int>(b.call));
    });
    return out;
}

std::optional<MpiKindGroup> defaultKind(const std::vector<MpiKindGroup>& groups,
                                        bool stageTreeOnly)
{
    std::optional<MpiKindGroup> best;
    for (const MpiKindGroup& g : groups) {
        if (g.complete == 0 || (stageTreeOnly && !formsStageTree(g.call))) {
            continue;
        }
        if (!best || std::tuple(-g.timeNs, g.communicator, static_cast<int>(g.call)) <
                         std::tuple(-best->timeNs, best->communicator,
                                    static_cast<int>(best->call))) {
            best = g;
        }
    }
    return best;
}

std::string kindLabel(const MpiTrace& trace, std::int32_t communicator, MpiCall call)
{
    const MpiCommunicator* comm = trace.communicator(communicator);
    const std::string name = comm && !comm->name.empty()
                                 ? comm->name
                                 : "communicator " + std::to_string(communicator);
    return std::string(mpiCallName(call)) + " on " + name;
}

std::optional<MpiCall> collectiveFromName(std::string_view name)
{
    const std::string wanted = lowered(name);
    for (int c = 0; c < kMpiCallCount; ++c) {
        const auto call = static_cast<MpiCall>(c);
        if (isCollective(call) &&
            (wanted == lowered(mpiCallName(call)) || wanted == shortName(call))) {
            return call;
        }
    }
    return std::nullopt;
}

std::string collectiveShortNames()
{
    std::string text;
    for (int c = 0; c < kMpiCallCount; ++c) {
        const auto call = static_cast<MpiCall>(c);
        if (isCollective(call)) {
            text += (text.empty() ? "" : ", ") + shortName(call);
        }
    }
    return text;
}

} // namespace xylem
