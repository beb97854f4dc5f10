#include "core/model/mpitreerun.h"

#include "core/model/mpiruns.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace xylem {

namespace {

std::string hostOf(const MpiTrace& trace, int rank)
{
    const std::string& host = trace.ranks[static_cast<std::size_t>(rank)].host;
    return host.empty() ? "unknown" : host;
}

Error badTree(std::int32_t communicator, MpiCall kind, const std::string& what)
{
    return makeError(ErrorCode::InvalidTrace, "the tree edges of " +
                                                  std::string(mpiCallName(kind)) +
                                                  " on communicator " +
                                                  std::to_string(communicator) + ": " + what);
}

struct TreeShape
{
    int root = -1;
    std::vector<int> parent;                // by world rank; -1: root or not a member
    std::vector<std::vector<int>> children; // ascending: the reduction's order
    std::vector<bool> crossing;             // edge r -> parent[r] joins two hosts
};

// Wrappers children first: for a rank, its children's subtrees in order (each ending with the
// child's top wrapper and, on a host-crossing edge, its proxy), then its thread, then its gred.
// So every gred's children are listed in the reduction's order, its own thread last.
std::vector<WrapperSpec> wrappersOf(const MpiTrace& trace, const TreeShape& t)
{
    std::vector<WrapperSpec> out;
    auto top = [&](int r) {
        return r == t.root || !t.children[static_cast<std::size_t>(r)].empty() ? treeGredId(r)
                                                                                : rankWrapperId(r);
    };
    auto parentOf = [&](int r) -> std::optional<std::string> {
        const int p = t.parent[static_cast<std::size_t>(r)];
        if (p < 0) {
            return std::nullopt;
        }
        return t.crossing[static_cast<std::size_t>(r)] ? treeProxyId(r) : treeGredId(p);
    };
    // Iterative post-order (a chain of thousands of ranks is a deep tree).
    std::vector<std::pair<int, std::size_t>> stack{{t.root, 0}};
    while (!stack.empty()) {
        auto& [r, next] = stack.back();
        const auto& kids = t.children[static_cast<std::size_t>(r)];
        if (next < kids.size()) {
            const int c = kids[next++];
            stack.emplace_back(c, 0);
            continue;
        }
        const int v = r;
        stack.pop_back();
        const std::string host = hostOf(trace, v);
        const bool gred = top(v) != rankWrapperId(v);
        out.push_back({rankWrapperId(v), "thread", host,
                       gred ? std::optional<std::string>(treeGredId(v)) : parentOf(v)});
        if (gred) {
            out.push_back({treeGredId(v), "gred", host, parentOf(v)});
        }
        if (const int p = t.parent[static_cast<std::size_t>(v)];
            p >= 0 && t.crossing[static_cast<std::size_t>(v)]) {
            out.push_back({treeProxyId(v), "proxy", host, treeGredId(p)});
        }
    }
    return out;
}

std::vector<Host> hostsOf(const MpiTrace& trace, const std::vector<int>& members)
{
    std::vector<int> sorted = members;
    std::sort(sorted.begin(), sorted.end());
    std::vector<Host> hosts;
    std::set<std::string> seen;
    for (const int r : sorted) {
        if (seen.insert(hostOf(trace, r)).second) {
            hosts.push_back(Host{hostOf(trace, r), trace.ranks[static_cast<std::size_t>(r)].cluster});
        }
    }
    return hosts;
}

struct Slot
{
    bool present = false;
    std::int64_t down = 0;
    std::int64_t up = 0;
};

} // namespace

std::string treeGredId(int rank)
{
    return "g" + std::to_string(rank);
}

std::string treeProxyId(int rank)
{
    return "p" + std::to_string(rank);
}

Result<std::optional<std::vector<int>>> treeParents(const MpiTrace& trace,
                                                    std::int32_t communicator, MpiCall kind)
{
    std::vector<int> parent(trace.ranks.size(), -1);
    bool any = false;
    for (const MpiTreeEdge& e : trace.treeEdges) {
        if (e.communicator != communicator || e.call != kind) {
            continue;
        }
        const auto n = static_cast<int>(parent.size());
        if (e.rank < 0 || e.rank >= n || e.parent < 0 || e.parent >= n || e.rank == e.parent) {
            return badTree(communicator, kind,
                           "edge " + std::to_string(e.rank) + " -> " + std::to_string(e.parent) +
                               " names no rank of the trace");
        }
        int& p = parent[static_cast<std::size_t>(e.rank)];
        if (p >= 0 && p != e.parent) {
            return badTree(communicator, kind,
                           "rank " + std::to_string(e.rank) + " has two parents, " +
                               std::to_string(p) + " and " + std::to_string(e.parent));
        }
        p = e.parent;
        any = true;
    }
    if (!any) {
        return std::optional<std::vector<int>>();
    }
    return std::optional<std::vector<int>>(std::move(parent));
}

Result<Run> treeCollectiveRun(const MpiTrace& trace, std::int32_t communicator, MpiCall kind)
{
    const MpiCommunicator* comm = trace.communicator(communicator);
    if (!comm || comm->worldRanks.empty()) {
        return makeError(ErrorCode::NotFound, "no communicator " + std::to_string(communicator) +
                                                  " with members in this trace");
    }
    XYLEM_TRY(parents, treeParents(trace, communicator, kind));
    if (!parents.value()) {
        return makeError(ErrorCode::NotFound, std::string(mpiCallName(kind)) +
                                                  " on communicator " +
                                                  std::to_string(communicator) +
                                                  " did not go through a tree");
    }
    TreeShape t;
    t.parent = std::move(*parents.value());
    t.children.resize(t.parent.size());
    t.crossing.resize(t.parent.size(), false);
    const std::set<int> members(comm->worldRanks.begin(), comm->worldRanks.end());
    for (const int r : comm->worldRanks) {
        const int p = t.parent[static_cast<std::size_t>(r)];
        if (p < 0) {
            if (t.root >= 0) {
                return badTree(communicator, kind,
                               "ranks " + std::to_string(t.root) + " and " + std::to_string(r) +
                                   " both have no parent (a rank's edges are missing)");
            }
            t.root = r;
        } else if (!members.contains(p)) {
            return badTree(communicator, kind,
                           "parent " + std::to_string(p) + " of rank " + std::to_string(r) +
                               " is not a member");
        } else {
            t.children[static_cast<std::size_t>(p)].push_back(r);
            t.crossing[static_cast<std::size_t>(r)] = hostOf(trace, r) != hostOf(trace, p);
        }
    }
    if (t.root < 0) {
        return badTree(communicator, kind, "no root: the edges make a cycle");
    }
    XYLEM_TRY(config, Configuration::create(comm->name.empty() ? "tree" : comm->name,
                                            hostsOf(trace, comm->worldRanks),
                                            wrappersOf(trace, t)));
    if (config->threads().size() != comm->worldRanks.size()) {
        return badTree(communicator, kind, "the edges do not reach every member from the root");
    }
    const Configuration& c = config.value();
    std::map<std::int64_t, std::vector<Slot>> instances;
    auto slotOf = [&](std::int64_t seq, const std::string& id) -> Slot& {
        auto [it, fresh] = instances.try_emplace(seq);
        if (fresh) {
            it->second.resize(static_cast<std::size_t>(c.wrapperCount()));
        }
        return it->second[static_cast<std::size_t>(c.indexOf(id))];
    };
    for (const MpiEvent& e : trace.events) {
        if (e.communicator == communicator && e.call == kind && members.contains(e.rank)) {
            slotOf(e.seq, rankWrapperId(e.rank)) = Slot{true, e.enter, e.exit};
        }
    }
    std::set<std::int64_t> throughTree;
    for (const MpiTreeEdge& e : trace.treeEdges) {
        if (e.communicator != communicator || e.call != kind) {
            continue;
        }
        throughTree.insert(e.seq);
        const Slot s{true, e.down, e.up};
        if (e.atParent) {
            if (t.crossing[static_cast<std::size_t>(e.rank)]) {
                slotOf(e.seq, treeProxyId(e.rank)) = s;
            }
        } else if (!t.children[static_cast<std::size_t>(e.rank)].empty()) {
            slotOf(e.seq, treeGredId(e.rank)) = s; // a leaf's edge is its call's
        }
    }
    Run run{c, {}};
    for (const auto& [seq, slots] : instances) {
        if (!throughTree.contains(seq)) {
            continue; // MPI's own call (a fallback): not this tree's
        }
        for (int w = 0; w < c.wrapperCount(); ++w) {
            const Slot& s = slots[static_cast<std::size_t>(w)];
            if (s.present && w != c.root()) {
                run.tuples.push_back(Tuple{seq, s.down, s.up, static_cast<std::uint32_t>(w),
                                           static_cast<std::uint16_t>(kind), 0});
            }
        }
    }
    return run;
}

} // namespace xylem
