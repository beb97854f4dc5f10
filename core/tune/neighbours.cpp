#include "core/tune/neighbours.h"

#include "core/model/durationunits.h"
#include "core/tune/logicaltree.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

namespace xylem::tune {

namespace {

std::string percent(double share)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.0f %%", share * 100.0);
    return text;
}

std::string duration(double ns)
{
    return formatDuration(ns); // "4.40 ms", "188 µs": the unit the value reads best in
}

double clampEvidence(double value)
{
    return std::isfinite(value) ? std::clamp(value, 0.0, 1.0) : 0.0;
}

double orZero(double value)
{
    return std::isfinite(value) ? value : 0.0;
}

// Collects the neighbours of one configuration, each laid out and validated.
class NeighbourFinder
{
public:
    NeighbourFinder(const AnalysisReport& report, const NeighbourOptions& options)
        : m_report(report)
        , m_config(*report.configuration)
        , m_options(options)
        , m_folded(fold(m_config))
        , m_parents(parentsOf(m_folded.tree))
        , m_hopNs(m_folded.tree.nodes.size(), 0.0)
        , m_opNs(report.operationTime.mean)
    {
        for (const ProxyReport& p : report.proxies) {
            m_hopNs[static_cast<size_t>(nodeOf(p.wrapper))] += orZero(p.twoWayLatency.mean);
        }
    }

    Result<std::vector<Neighbour>> find()
    {
        moveGreds();
        addLevels();
        removeLevels();
        moveRoot();
        regroup();
        if (m_error) {
            return *m_error;
        }
        std::stable_sort(
            m_found.begin(), m_found.end(),
            [](const Neighbour& a, const Neighbour& b) { return a.evidence > b.evidence; });
        // The same tree reached by two heuristics is tried once, under the stronger evidence.
        std::vector<Neighbour> distinct;
        for (Neighbour& n : m_found) {
            const bool seen =
                std::any_of(distinct.begin(), distinct.end(), [&](const Neighbour& d) {
                    return d.configuration.wrappers() == n.configuration.wrappers();
                });
            if (!seen && n.configuration.wrappers() != m_config.wrappers()) {
                distinct.push_back(std::move(n));
            }
        }
        return distinct;
    }

private:
    const LogicalTree& tree() const { return m_folded.tree; }
    const Node& node(int i) const { return tree().nodes[static_cast<size_t>(i)]; }
    int nodeOf(int wrapper) const { return m_folded.nodeOfWrapper[static_cast<size_t>(wrapper)]; }

    void add(Heuristic h, const std::string& name, std::string reason, double evidence,
             const LogicalTree& changed)
    {
        auto config = Configuration::create(name, m_config.hosts(), layOut(changed));
        if (!config) {
            // A heuristic made a tree the rules refuse: a bug here, not in the input.
            if (!m_error) {
                m_error = makeError(ErrorCode::InvalidConfiguration,
                                    "the " + std::string(toString(h)) + " neighbour '" + name +
                                        "' is no valid tree: " + config.error().message);
            }
            return;
        }
        m_found.emplace_back(h, name, std::move(reason), clampEvidence(evidence),
                             std::move(config.value()));
    }

    // The gred whose heaviest last-arrival edge comes from another host moves there.
    void moveGreds()
    {
        for (const GredReport& g : m_report.greds) {
            std::int64_t total = 0;
            const ContributorReport* heaviest = nullptr;
            for (const ContributorReport& c : g.contributors) {
                total += c.lastArrivals;
                if (!heaviest || c.lastArrivals >= heaviest->lastArrivals) {
                    heaviest = &c; // ties to the child listed later (metrics.md §1)
                }
            }
            if (!heaviest || total == 0) {
                continue;
            }
            const int gred = nodeOf(g.wrapper);
            const int late = nodeOf(heaviest->wrapper);
            if (node(late).host == node(gred).host) {
                continue;
            }
            const double share =
                static_cast<double>(heaviest->lastArrivals) / static_cast<double>(total);
            LogicalTree changed = tree();
            changed.nodes[static_cast<size_t>(gred)].host = node(late).host;
            // The root gred's core only stores its result: it goes along, or the move would
            // put a new hop on every path.
            const int parent = m_parents[static_cast<size_t>(gred)];
            const bool withCore = parent >= 0 && node(parent).kind == WrapperKind::Core &&
                                  node(parent).host == node(gred).host;
            if (withCore) {
                changed.nodes[static_cast<size_t>(parent)].host = node(late).host;
            }
            add(Heuristic::MoveGred, "move gred " + node(gred).id + " to " + node(late).host,
                "move gred " + node(gred).id +
                    (withCore ? " and the root " + node(parent).id : "") + " from host " +
                    node(gred).host + " to host " + node(late).host +
                    ": it holds the heaviest last-arrival edge, from " + node(late).id + " (" +
                    percent(share) + " of calls)",
                share, changed);
        }
    }

    // Groups of a gred's children, each of two or more, under new greds.
    static void joinGroups(LogicalTree& t, int gred, const std::vector<std::vector<int>>& groups,
                           const std::vector<std::string>& hosts, const std::string& idBase)
    {
        std::vector<int> children = t.nodes[static_cast<size_t>(gred)].children;
        for (size_t g = 0; g < groups.size(); ++g) {
            const std::vector<int>& group = groups[g];
            if (group.size() < 2) {
                continue;
            }
            const std::string id = freshId(t, {}, idBase + std::to_string(g));
            const int added = static_cast<int>(t.nodes.size());
            t.nodes.push_back(Node{id, WrapperKind::Gred, hosts[g], group});
            // The new gred takes its first member's place; the others leave the list.
            for (int& c : children) {
                if (c == group.front()) {
                    c = added;
                }
            }
            std::erase_if(children, [&](int c) {
                return std::find(group.begin() + 1, group.end(), c) != group.end();
            });
        }
        t.nodes[static_cast<size_t>(gred)].children = std::move(children);
    }

    // Least-squares slope of serialization[r] over r, NaN-free positions only.
    static std::optional<double> slopeOf(const std::vector<double>& s)
    {
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (size_t r = 0; r < s.size(); ++r) {
            if (!std::isfinite(s[r])) {
                continue;
            }
            const double x = static_cast<double>(r);
            n += 1;
            sx += x;
            sy += s[r];
            sxx += x * x;
            sxy += x * s[r];
        }
        const double d = n * sxx - sx * sx;
        if (n < 2 || d <= 0) {
            return std::nullopt;
        }
        return (n * sxy - sx * sy) / d;
    }

    void addLevels()
    {
        for (const GredReport& g : m_report.greds) {
            const int gred = nodeOf(g.wrapper);
            const std::vector<int>& children = node(gred).children;
            const size_t p = g.serialization.size();
            if (p < 4 || children.size() < 4 || !std::isfinite(g.serialization.back())) {
                continue;
            }
            const auto slope = slopeOf(g.serialization);
            const double rise = slope ? *slope * static_cast<double>(p - 1) : 0.0;
            const double last = g.serialization.back();
            if (rise <= 0 || last <= 0 || rise / last < m_options.steepShare) {
                continue;
            }
            std::vector<std::vector<int>> groups;
            std::vector<std::string> hosts;
            std::map<std::string, size_t> groupOfHost;
            for (int c : children) {
                auto [it, fresh] = groupOfHost.emplace(node(c).host, groups.size());
                if (fresh) {
                    groups.emplace_back();
                    hosts.push_back(node(c).host);
                }
                groups[it->second].push_back(c);
            }
            std::string how = "by host";
            if (groups.size() == 1) {
                // One host: √P groups in their order, as the paper adds a level on an SMP.
                const size_t k = static_cast<size_t>(std::ceil(std::sqrt(static_cast<double>(p))));
                const size_t size = (children.size() + k - 1) / k;
                groups.clear();
                hosts.clear();
                for (size_t first = 0; first < children.size(); first += size) {
                    const size_t end = std::min(children.size(), first + size);
                    groups.emplace_back(children.begin() + static_cast<long>(first),
                                        children.begin() + static_cast<long>(end));
                    hosts.push_back(node(gred).host);
                }
                how = "in " + std::to_string(groups.size()) + " groups";
            }
            if (std::none_of(groups.begin(), groups.end(),
                             [](const auto& grp) { return grp.size() >= 2; })) {
                continue;
            }
            LogicalTree changed = tree();
            joinGroups(changed, gred, groups, hosts, node(gred).id + ".l");
            add(Heuristic::AddLevel, "add a level under " + node(gred).id,
                "add a level under gred " + node(gred).id + ": its departures serialize (" +
                    duration(rise) + " from first to last of " + std::to_string(p) + ", " +
                    percent(rise / last) + " of its last departure); its children join " + how +
                    " first",
                m_opNs > 0 ? rise / m_opNs : 0.0, changed);
        }
    }

    void removeLevels()
    {
        for (const GredReport& g : m_report.greds) {
            const int gred = nodeOf(g.wrapper);
            const int parent = m_parents[static_cast<size_t>(gred)];
            if (parent < 0 || node(parent).kind != WrapperKind::Gred) {
                continue; // the root, or under the core (which keeps exactly one child)
            }
            const std::vector<int>& children = node(gred).children;
            const bool noFanIn = children.size() == 1;
            const bool sameHostPair = children.size() <= 2 && node(gred).host == node(parent).host;
            if (!noFanIn && !sameHostPair) {
                continue;
            }
            const double cost = orZero(g.downLatency.mean) + orZero(g.upLatency.mean) +
                                m_hopNs[static_cast<size_t>(gred)];
            LogicalTree changed = tree();
            std::vector<int>& up = changed.nodes[static_cast<size_t>(parent)].children;
            const auto at = std::find(up.begin(), up.end(), gred);
            const auto pos = up.erase(at);
            up.insert(pos, children.begin(), children.end());
            add(Heuristic::RemoveLevel, "remove gred " + node(gred).id,
                "remove gred " + node(gred).id + ": it joins " +
                    (noFanIn ? std::string("only one path") : "two paths on its parent's host") +
                    " and adds " + duration(cost) + "; its children join gred " + node(parent).id +
                    " directly",
                m_opNs > 0 ? cost / m_opNs : 0.0, changed);
        }
    }

    void moveRoot()
    {
        const int root = tree().root;
        if (node(root).kind != WrapperKind::Core || node(root).children.size() != 1) {
            return;
        }
        const int below = node(root).children.front();
        if (node(below).host == node(root).host) {
            return;
        }
        const double hop = m_hopNs[static_cast<size_t>(below)];
        LogicalTree changed = tree();
        changed.nodes[static_cast<size_t>(root)].host = node(below).host;
        add(Heuristic::MoveRoot, "move the root to " + node(below).host,
            "move the root " + node(root).id + " from host " + node(root).host + " to host " +
                node(below).host + ", where " + node(below).id +
                " is: every path loses the hop between them (" + duration(hop) + " two-way, " +
                percent(m_opNs > 0 ? hop / m_opNs : 0.0) + " of the operation)",
            m_opNs > 0 ? hop / m_opNs : 0.0, changed);
    }

    // Children crossing to a gred one by one from one remote cluster (or, in its own cluster,
    // from one remote host) are joined first under a new gred there: one hop to the gred's host
    // for them all, and less work for that host.
    void regroup()
    {
        for (const GredReport& g : m_report.greds) {
            const int gred = nodeOf(g.wrapper);
            const std::string ownHost = node(gred).host;
            const std::string ownCluster = m_config.clusterOf(ownHost);
            std::vector<std::vector<int>> groups;
            std::vector<std::string> keys;
            for (int c : node(gred).children) {
                const std::string& host = node(c).host;
                const std::string cluster = m_config.clusterOf(host);
                if (host == ownHost) {
                    continue;
                }
                const std::string key =
                    cluster != ownCluster ? "cluster " + cluster : "host " + host;
                const auto it = std::find(keys.begin(), keys.end(), key);
                if (it == keys.end()) {
                    keys.push_back(key);
                    groups.push_back({c});
                } else {
                    groups[static_cast<size_t>(it - keys.begin())].push_back(c);
                }
            }
            std::vector<std::string> hosts;
            double saved = 0;
            std::string what;
            for (size_t k = 0; k < groups.size(); ++k) {
                hosts.push_back(busiestHost(groups[k]));
                if (groups[k].size() < 2) {
                    continue;
                }
                double hops = 0;
                for (int c : groups[k]) {
                    hops += m_hopNs[static_cast<size_t>(c)];
                }
                const double m = static_cast<double>(groups[k].size());
                saved += hops / m * (m - 1) / m;
                what += (what.empty() ? "" : ", ") + std::to_string(groups[k].size()) +
                        " paths from " + keys[k] + " under a gred on " + hosts.back();
            }
            if (what.empty()) {
                continue;
            }
            LogicalTree changed = tree();
            joinGroups(changed, gred, groups, hosts, node(gred).id + ".r");
            // Fewer hops into a gred is half a cure at most: they ran in parallel.
            add(Heuristic::Regroup, "regroup the children of " + node(gred).id,
                "regroup the children of gred " + node(gred).id + " (on " + ownHost + "): " + what +
                    ", one hop instead of several and less load on " + ownHost,
                m_opNs > 0 ? 0.5 * saved / m_opNs : 0.0, changed);
        }
    }

    // The host holding most of the nodes, the first such in their order.
    std::string busiestHost(const std::vector<int>& nodes) const
    {
        std::map<std::string, int> count;
        std::string best;
        int most = 0;
        for (int c : nodes) {
            const int k = ++count[node(c).host];
            if (k > most) {
                most = k;
                best = node(c).host;
            }
        }
        return best;
    }

    const AnalysisReport& m_report;
    const Configuration& m_config;
    NeighbourOptions m_options;
    Folded m_folded;
    std::vector<int> m_parents;
    std::vector<double> m_hopNs; // per node: two-way time of the proxies above it
    double m_opNs;
    std::vector<Neighbour> m_found;
    std::optional<Error> m_error;
};

} // namespace

std::string_view toString(Heuristic heuristic)
{
    switch (heuristic) {
    case Heuristic::MoveGred:
        return "move gred";
    case Heuristic::AddLevel:
        return "add level";
    case Heuristic::RemoveLevel:
        return "remove level";
    case Heuristic::MoveRoot:
        return "move root";
    case Heuristic::Regroup:
        return "regroup";
    }
    return "unknown";
}

Result<std::vector<Neighbour>> neighboursOf(const AnalysisReport& report,
                                            const NeighbourOptions& options)
{
    if (!report.configuration) {
        return makeError(ErrorCode::InvalidArgument,
                         "the analysis carries no configuration to find neighbours of");
    }
    if (report.calls < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "the analysis of '" + report.configuration->name() +
                             "' has no complete call: nothing points at a better tree");
    }
    return NeighbourFinder(report, options).find();
}

} // namespace xylem::tune
