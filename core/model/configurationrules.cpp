#include "core/model/configurationrules.h"

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace xylem {

namespace {

std::string quoted(std::string_view id)
{
    return "'" + std::string(id) + "'";
}

Error ruleError(std::string_view wrapperId, std::string message)
{
    return makeError(ErrorCode::InvalidConfiguration, std::move(message),
                     "wrapper " + quoted(wrapperId));
}

Result<Ok> checkHosts(const std::vector<Host>& hosts)
{
    std::unordered_set<std::string_view> seen;
    for (const Host& h : hosts) {
        const std::string where = "host " + quoted(h.id);
        if (!isValidId(h.id)) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "invalid host id (empty, or contains a comma, quote or space)", where);
        }
        if (!seen.insert(h.id).second) {
            return makeError(ErrorCode::InvalidConfiguration, "duplicate host id", where);
        }
    }
    return Ok{};
}

// Ids, kinds and hosts of each wrapper on its own.
Result<std::vector<WrapperKind>> checkWrappers(const std::vector<Host>& hosts,
                                               const std::vector<WrapperSpec>& wrappers)
{
    std::unordered_set<std::string_view> hostIds;
    for (const Host& h : hosts) {
        hostIds.insert(h.id);
    }
    std::unordered_map<std::string_view, size_t> firstIndex;
    std::vector<WrapperKind> kinds;
    for (size_t i = 0; i < wrappers.size(); ++i) {
        const WrapperSpec& w = wrappers[i];
        if (!isValidId(w.id)) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "invalid wrapper id (empty, or contains a comma, quote or space)",
                             "wrapper #" + std::to_string(i + 1) + " " + quoted(w.id));
        }
        if (!firstIndex.emplace(w.id, i).second) {
            return ruleError(w.id, "duplicate id (also wrapper #" +
                                       std::to_string(firstIndex[w.id] + 1) + ")");
        }
        const auto kind = wrapperKindFromString(w.kind);
        if (!kind) {
            return ruleError(w.id, "unknown kind " + quoted(w.kind) +
                                       " (expected thread, gred, proxy or core)");
        }
        if (!hostIds.contains(w.host)) {
            return ruleError(w.id, "unknown host " + quoted(w.host) + " (not in \"hosts\")");
        }
        kinds.push_back(*kind);
    }
    return kinds;
}

Result<std::vector<int>> resolveParents(const std::vector<WrapperSpec>& wrappers)
{
    std::unordered_map<std::string_view, int> indexById;
    for (size_t i = 0; i < wrappers.size(); ++i) {
        indexById.emplace(wrappers[i].id, static_cast<int>(i));
    }
    std::vector<int> parents(wrappers.size(), -1);
    for (size_t i = 0; i < wrappers.size(); ++i) {
        if (!wrappers[i].parent) {
            continue;
        }
        const auto it = indexById.find(*wrappers[i].parent);
        if (it == indexById.end()) {
            return ruleError(wrappers[i].id, "unknown parent " + quoted(*wrappers[i].parent) +
                                                 " (no such wrapper)");
        }
        parents[i] = it->second;
    }
    return parents;
}

// Walks each parent chain once (three colours); a chain that meets itself is a cycle.
Result<Ok> checkAcyclic(const std::vector<WrapperSpec>& wrappers, const std::vector<int>& parents)
{
    enum class Mark
    {
        Unvisited,
        OnChain,
        Done
    };
    std::vector<Mark> marks(parents.size(), Mark::Unvisited);
    for (size_t start = 0; start < parents.size(); ++start) {
        std::vector<int> chain;
        int w = static_cast<int>(start);
        while (w >= 0 && marks[static_cast<size_t>(w)] == Mark::Unvisited) {
            marks[static_cast<size_t>(w)] = Mark::OnChain;
            chain.push_back(w);
            w = parents[static_cast<size_t>(w)];
        }
        if (w >= 0 && marks[static_cast<size_t>(w)] == Mark::OnChain) {
            std::string cycle = wrappers[static_cast<size_t>(w)].id;
            for (int c = parents[static_cast<size_t>(w)]; c != w;
                 c = parents[static_cast<size_t>(c)]) {
                cycle += " -> " + wrappers[static_cast<size_t>(c)].id;
            }
            cycle += " -> " + wrappers[static_cast<size_t>(w)].id;
            return ruleError(wrappers[static_cast<size_t>(w)].id, "is on a cycle: " + cycle);
        }
        for (int c : chain) {
            marks[static_cast<size_t>(c)] = Mark::Done;
        }
    }
    return Ok{};
}

Result<int> findRoot(const std::vector<WrapperSpec>& wrappers, const std::vector<int>& parents)
{
    int root = -1;
    for (size_t i = 0; i < parents.size(); ++i) {
        if (parents[i] >= 0) {
            continue;
        }
        if (root >= 0) {
            return ruleError(wrappers[i].id, "two roots (" +
                                                 quoted(wrappers[static_cast<size_t>(root)].id) +
                                                 " and " + quoted(wrappers[i].id) +
                                                 "); exactly one wrapper has no parent");
        }
        root = static_cast<int>(i);
    }
    if (root < 0) {
        return makeError(ErrorCode::InvalidConfiguration,
                         "no wrappers: a configuration needs a root and at least one thread");
    }
    return root;
}

std::string childList(const std::vector<WrapperSpec>& wrappers, const std::vector<int>& children)
{
    std::string list;
    for (int c : children) {
        list += (list.empty() ? "" : ", ") + quoted(wrappers[static_cast<size_t>(c)].id);
    }
    return list;
}

// What each kind allows: a thread is a leaf, a proxy and a core have exactly one child, a core
// and a gred may be the root, a gred has children.
Result<Ok> checkKinds(const std::vector<WrapperSpec>& wrappers,
                      const std::vector<WrapperKind>& kinds, const std::vector<int>& parents,
                      int root)
{
    std::vector<std::vector<int>> children(wrappers.size());
    for (size_t i = 0; i < parents.size(); ++i) {
        if (parents[i] >= 0) {
            children[static_cast<size_t>(parents[i])].push_back(static_cast<int>(i));
        }
    }
    for (size_t i = 0; i < wrappers.size(); ++i) {
        const std::string& id = wrappers[i].id;
        const size_t n = children[i].size();
        const bool isRoot = static_cast<int>(i) == root;
        switch (kinds[i]) {
        case WrapperKind::Thread:
            if (n > 0) {
                return ruleError(id, "thread has children (" + childList(wrappers, children[i]) +
                                         "); a thread is always a leaf");
            }
            if (isRoot) {
                return ruleError(id, "thread is the root; the root is a gred or a core");
            }
            break;
        case WrapperKind::Proxy:
            if (n != 1) {
                return ruleError(id, "proxy has " + std::to_string(n) + " children" +
                                         (n ? " (" + childList(wrappers, children[i]) + ")" : "") +
                                         "; a proxy has exactly one child");
            }
            if (isRoot) {
                return ruleError(id, "proxy is the root; the root is a gred or a core");
            }
            break;
        case WrapperKind::Core:
            if (!isRoot) {
                return ruleError(id, "core is not the root; a core is only the root");
            }
            if (n != 1) {
                return ruleError(id, "core has " + std::to_string(n) +
                                         " children; a core has exactly one child");
            }
            break;
        case WrapperKind::Gred:
            if (n == 0) {
                return ruleError(id, "gred has no children; a gred joins one or more paths");
            }
            break;
        }
    }
    return Ok{};
}

} // namespace

bool isValidId(std::string_view id)
{
    if (id.empty()) {
        return false;
    }
    for (char c : id) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || c == ',' || c == '"' || c == '\'' || u == 0x7f) {
            return false;
        }
    }
    return true;
}

Result<ValidatedTree> checkConfigurationRules(const std::vector<Host>& hosts,
                                              const std::vector<WrapperSpec>& wrappers)
{
    if (auto ok = checkHosts(hosts); !ok) {
        return ok.error();
    }
    auto kinds = checkWrappers(hosts, wrappers);
    if (!kinds) {
        return kinds.error();
    }
    auto parents = resolveParents(wrappers);
    if (!parents) {
        return parents.error();
    }
    if (auto ok = checkAcyclic(wrappers, parents.value()); !ok) {
        return ok.error();
    }
    auto root = findRoot(wrappers, parents.value());
    if (!root) {
        return root.error();
    }
    if (auto ok = checkKinds(wrappers, kinds.value(), parents.value(), root.value()); !ok) {
        return ok.error();
    }
    return ValidatedTree{root.value(), std::move(kinds).value(), std::move(parents).value()};
}

} // namespace xylem
