#include "core/model/ranktree.h"

#include "core/model/jsondocument.h"
#include "core/model/textfile.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace xylem {

namespace {

constexpr int kMaxArity = 1 << 16;
constexpr const char* kShapes = "native, flat, binomial, k-ary:K, hierarchy[:K] or a *.tree.json";

Error specError(std::string_view text, const std::string& why)
{
    return makeError(ErrorCode::InvalidArgument,
                     "tree '" + std::string(text) + "': " + why + " (" + kShapes + ")");
}

Result<int> arityOf(std::string_view text, std::string_view digits)
{
    int k = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
        return specError(text, "K is no whole number");
    }
    if (k < 1 || k > kMaxArity) {
        return specError(text, "K must be 1 to " + std::to_string(kMaxArity));
    }
    return k;
}

// Edges on the longest path down from the root (the tree is checked: each rank reached once).
int depthOf(const RankTree& t)
{
    std::vector<int> level(static_cast<size_t>(t.size()), 0);
    std::vector<int> stack{t.root};
    int depth = 0;
    while (!stack.empty()) {
        const int r = stack.back();
        stack.pop_back();
        for (const int c : t.children[static_cast<size_t>(r)]) {
            level[static_cast<size_t>(c)] = level[static_cast<size_t>(r)] + 1;
            depth = std::max(depth, level[static_cast<size_t>(c)]);
            stack.push_back(c);
        }
    }
    return depth;
}

void finish(RankTree& t, const std::vector<std::string>& hosts)
{
    const int n = t.size();
    t.children.assign(static_cast<size_t>(n), {});
    t.crossesHost.assign(static_cast<size_t>(n), false);
    for (int r = 0; r < n; ++r) {
        if (const int p = t.parent[static_cast<size_t>(r)]; p >= 0) {
            t.children[static_cast<size_t>(p)].push_back(r); // ascending: the fixed order
            t.crossesHost[static_cast<size_t>(r)] =
                !hosts.empty() && hosts[static_cast<size_t>(r)] != hosts[static_cast<size_t>(p)];
        } else {
            t.root = r;
        }
    }
    t.depth = depthOf(t);
}

// Parents of the binomial tree over positions 0..n-1: position i's parent is i with its lowest
// set bit cleared.
std::vector<int> binomialParents(int n)
{
    std::vector<int> parents(static_cast<size_t>(n), -1);
    for (int i = 1; i < n; ++i) {
        parents[static_cast<size_t>(i)] = i & (i - 1);
    }
    return parents;
}

// Indices 0..keys.size()-1 grouped by key, the groups in the order of their first index, each
// ascending.
std::vector<std::vector<int>> groupsOf(const std::vector<std::string>& keys)
{
    std::vector<std::vector<int>> groups;
    std::map<std::string, size_t> index;
    for (int i = 0; i < static_cast<int>(keys.size()); ++i) {
        const auto [at, added] = index.emplace(keys[static_cast<size_t>(i)], groups.size());
        if (added) {
            groups.emplace_back();
        }
        groups[at->second].push_back(i);
    }
    return groups;
}

// Each of members (ranks, in order) under the binomial tree of their positions.
void binomialOver(const std::vector<int>& members, std::vector<int>& parents)
{
    const auto positions = binomialParents(static_cast<int>(members.size()));
    for (size_t i = 1; i < members.size(); ++i) {
        parents[static_cast<size_t>(members[i])] = members[static_cast<size_t>(positions[i])];
    }
}

std::vector<int> hierarchyParents(const std::vector<std::string>& hosts,
                                  const std::vector<std::string>& clusters, int k)
{
    std::vector<int> parents(hosts.size(), -1);
    std::vector<int> leaders;
    std::vector<std::string> clusterOfLeader;
    for (const auto& ranks : groupsOf(hosts)) {
        for (size_t j = 1; j < ranks.size(); ++j) {
            parents[static_cast<size_t>(ranks[j])] = ranks[(j - 1) / static_cast<size_t>(k)];
        }
        leaders.push_back(ranks.front());
        clusterOfLeader.push_back(clusters.empty() ? std::string()
                                                   : clusters[static_cast<size_t>(ranks.front())]);
    }
    std::vector<int> clusterLeaders;
    for (const auto& group : groupsOf(clusterOfLeader)) {
        std::vector<int> members;
        for (const int g : group) {
            members.push_back(leaders[static_cast<size_t>(g)]);
        }
        binomialOver(members, parents);
        clusterLeaders.push_back(members.front());
    }
    binomialOver(clusterLeaders, parents);
    return parents;
}

// The checks of a parent list: in range, one root, every rank reached from it.
Result<Ok> checkParents(const std::vector<int>& parents, const std::string& where)
{
    const int n = static_cast<int>(parents.size());
    if (n == 0) {
        return makeError(ErrorCode::InvalidConfiguration, "the tree has no ranks", where);
    }
    int root = -1;
    for (int r = 0; r < n; ++r) {
        const int p = parents[static_cast<size_t>(r)];
        if (p < -1 || p >= n) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "rank " + std::to_string(r) + " has parent " + std::to_string(p) +
                                 ", not a rank of 0.." + std::to_string(n - 1),
                             where);
        }
        if (p == r) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "rank " + std::to_string(r) + " is its own parent", where);
        }
        if (p == -1) {
            if (root >= 0) {
                return makeError(ErrorCode::InvalidConfiguration,
                                 "two roots: ranks " + std::to_string(root) + " and " +
                                     std::to_string(r) + " have no parent",
                                 where);
            }
            root = r;
        }
    }
    if (root < 0) {
        return makeError(ErrorCode::InvalidConfiguration,
                         "no root: every rank has a parent, so the tree has a cycle", where);
    }
    // Each rank walks up to the root; a walk longer than n ranks is a cycle.
    std::vector<int> state(static_cast<size_t>(n), 0); // 0 unseen, 1 on this walk, 2 reaches root
    state[static_cast<size_t>(root)] = 2;
    for (int r = 0; r < n; ++r) {
        std::vector<int> walk;
        int at = r;
        while (state[static_cast<size_t>(at)] == 0) {
            state[static_cast<size_t>(at)] = 1;
            walk.push_back(at);
            at = parents[static_cast<size_t>(at)];
        }
        if (state[static_cast<size_t>(at)] == 1) {
            std::string cycle = std::to_string(at);
            for (int c = parents[static_cast<size_t>(at)]; c != at;
                 c = parents[static_cast<size_t>(c)]) {
                cycle += " -> " + std::to_string(c);
            }
            return makeError(ErrorCode::InvalidConfiguration,
                             "a cycle: " + cycle + " -> " + std::to_string(at) +
                                 " (not reached from the root " + std::to_string(root) + ")",
                             where);
        }
        for (const int w : walk) {
            state[static_cast<size_t>(w)] = 2;
        }
    }
    return Ok{};
}

} // namespace

int ceilLog2(int n)
{
    int bits = 0;
    while ((1LL << bits) < n) {
        ++bits;
    }
    return bits;
}

Result<std::vector<int>> parseRankTreeJson(std::string_view json, const std::string& where)
{
    auto object = parseJsonObject(json, "the tree file");
    if (!object) {
        Error e = object.error();
        e.where = where + (e.where.empty() ? "" : ": " + e.where);
        return e;
    }
    const nlohmann::json& o = object.value();
    const auto ranks = o.find("ranks");
    const auto parents = o.find("parents");
    if (ranks == o.end() || !ranks->is_number_integer() || ranks->get<std::int64_t>() < 1) {
        return makeError(ErrorCode::InvalidConfiguration,
                         "\"ranks\" must be the number of ranks (1 or more)", where);
    }
    if (parents == o.end() || !parents->is_array()) {
        return makeError(ErrorCode::InvalidConfiguration,
                         "\"parents\" must be the list of each rank's parent (-1: the root)",
                         where);
    }
    const auto n = ranks->get<std::int64_t>();
    if (static_cast<std::int64_t>(parents->size()) != n) {
        return makeError(ErrorCode::InvalidConfiguration,
                         "missing ranks: " + std::to_string(parents->size()) + " parents for " +
                             std::to_string(n) + " ranks",
                         where);
    }
    std::vector<int> list;
    for (const auto& p : *parents) {
        if (!p.is_number_integer()) {
            return makeError(
                ErrorCode::InvalidConfiguration,
                "the parent of rank " + std::to_string(list.size()) + " is no whole number", where);
        }
        const auto v = p.get<std::int64_t>();
        list.push_back(v < -1 || v >= n ? -2 : static_cast<int>(v));
        if (list.back() == -2) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "rank " + std::to_string(list.size() - 1) + " has parent " +
                                 std::to_string(v) + ", not a rank of 0.." + std::to_string(n - 1),
                             where);
        }
    }
    XYLEM_TRY(checked, checkParents(list, where));
    return list;
}

Result<RankTreeSpec> parseRankTreeSpec(std::string_view text)
{
    RankTreeSpec spec;
    spec.text = std::string(text);
    const auto colon = text.find(':');
    const std::string_view name = text.substr(0, colon);
    const bool hasK = colon != std::string_view::npos;
    const std::string_view digits = hasK ? text.substr(colon + 1) : std::string_view{};
    if (text.ends_with(".tree.json")) {
        XYLEM_TRY(json, readTextFile(std::string(text)));
        XYLEM_TRY(parents, parseRankTreeJson(json.value(), std::string(text)));
        spec.shape = RankTreeShape::File;
        spec.path = std::string(text);
        spec.parents = std::move(parents).value();
        return spec;
    }
    if (name == "k-ary") {
        if (!hasK) {
            return specError(text, "k-ary needs its K, e.g. k-ary:4");
        }
        XYLEM_TRY(k, arityOf(text, digits));
        spec.shape = RankTreeShape::KAry;
        spec.arity = k.value();
        return spec;
    }
    if (name == "hierarchy") {
        spec.shape = RankTreeShape::Hierarchy;
        if (hasK) {
            XYLEM_TRY(k, arityOf(text, digits));
            spec.arity = k.value();
        }
        return spec;
    }
    const std::pair<std::string_view, RankTreeShape> plain[] = {
        {"native", RankTreeShape::Native},
        {"flat", RankTreeShape::Flat},
        {"binomial", RankTreeShape::Binomial}};
    for (const auto& [word, shape] : plain) {
        if (name == word) {
            if (hasK) {
                return specError(text, std::string(word) + " takes no K");
            }
            spec.shape = shape;
            return spec;
        }
    }
    return specError(text, "unknown shape '" + std::string(name) + "'");
}

Result<RankTree> buildRankTree(const RankTreeSpec& spec, const std::vector<std::string>& hosts,
                               const std::vector<std::string>& clusters)
{
    const int n = static_cast<int>(hosts.size());
    if (n < 1) {
        return makeError(ErrorCode::InvalidArgument, "a tree needs at least one rank");
    }
    RankTree t;
    switch (spec.shape) {
    case RankTreeShape::Native:
        return makeError(ErrorCode::InvalidArgument, "the native collectives have no tree");
    case RankTreeShape::Flat:
        t.parent.assign(static_cast<size_t>(n), 0);
        t.parent[0] = -1;
        break;
    case RankTreeShape::Binomial:
        t.parent = binomialParents(n);
        break;
    case RankTreeShape::KAry:
        t.parent.assign(static_cast<size_t>(n), -1);
        for (int r = 1; r < n; ++r) {
            t.parent[static_cast<size_t>(r)] = (r - 1) / spec.arity;
        }
        break;
    case RankTreeShape::Hierarchy:
        if (!clusters.empty() && clusters.size() != hosts.size()) {
            return makeError(ErrorCode::InvalidArgument, "a cluster for each rank, or none");
        }
        t.parent = hierarchyParents(hosts, clusters, spec.arity);
        break;
    case RankTreeShape::File:
        if (static_cast<int>(spec.parents.size()) != n) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "the tree covers " + std::to_string(spec.parents.size()) +
                                 " ranks, the job has " + std::to_string(n),
                             spec.path);
        }
        t.parent = spec.parents;
        break;
    }
    finish(t, hosts);
    return t;
}

RankTree rerooted(const RankTree& tree, int newRoot)
{
    if (newRoot == tree.root || newRoot < 0 || newRoot >= tree.size()) {
        return tree;
    }
    RankTree t = tree;
    // The path newRoot = v0, v1 = parent(v0), ..., vk = root: v(i+1)'s parent becomes v(i).
    int previous = -1;
    for (int v = newRoot; v >= 0;) {
        const int up = tree.parent[static_cast<size_t>(v)];
        t.parent[static_cast<size_t>(v)] = previous;
        auto& kids = t.children[static_cast<size_t>(v)];
        if (previous >= 0) {
            kids.erase(std::find(kids.begin(), kids.end(), previous));
        }
        if (up >= 0) {
            kids.push_back(up); // the old parent joins last
            t.crossesHost[static_cast<size_t>(up)] = tree.crossesHost[static_cast<size_t>(v)];
        }
        previous = v;
        v = up;
    }
    t.crossesHost[static_cast<size_t>(newRoot)] = false;
    t.root = newRoot;
    t.depth = depthOf(t);
    return t;
}

} // namespace xylem
