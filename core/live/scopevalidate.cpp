// validate(): the rules a scope design must meet to deploy (scopedesign.h). Cycles of parent
// edges are checked first and alone: every other rule assumes a forest. All of it runs in
// linear time (but for the logarithm of sets and maps) over a DesignIndex.

#include "core/live/scopedesign.h"
#include "core/live/scopedesignindex.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace xylem::live {

namespace {

// What travels: the kinds of data a node's parent (or an attached filter) can take.
enum class Data
{
    Tuples,
    Numbers,    // ring counts
    Statistics, // a collector's statistics (lines)
    Arrivals,   // a collector's last-arrival counts (lines)
    Classes,
    Any // a plugin's output: unknown, taken as fitting
};
using DataSet = std::set<Data>;

class Validator
{
public:
    explicit Validator(const ScopeDesign& design)
        : m_design(design)
        , m_index(design)
    {
    }

    std::vector<DesignIssue> run()
    {
        if (!m_index.cycles().empty()) {
            checkCycles();
            return std::move(m_issues);
        }
        checkFrontEnds();
        checkNodes();
        checkConsistency();
        for (const auto& node : m_design.nodes) {
            if (node.kind == DesignNodeKind::Filter) {
                checkFilter(node);
            }
        }
        return std::move(m_issues);
    }

private:
    void issue(const DesignNode* node, std::string message)
    {
        const int id = node ? node->id : kNoNode;
        std::string text = node ? describeNode(*node) + ": " + message : message;
        if (m_reported.emplace(id, text).second) {
            m_issues.push_back({id, std::move(text)});
        }
    }

    // Each node of a cycle is named, with the cycle (its first nodes); nodes whose path runs
    // into one, with where.
    void checkCycles()
    {
        const auto& cycles = m_index.cycles();
        std::vector<std::string> texts;
        for (const auto& cycle : cycles) {
            std::string path;
            for (size_t i = 0; i < cycle.size() && i < 6; ++i) {
                path += describeNode(*cycle[i]) + " > ";
            }
            path += cycle.size() > 6 ? "..." : describeNode(*cycle.front());
            texts.push_back("is on a cycle of " + std::to_string(cycle.size()) + " nodes: " + path +
                            ": a scope is a tree");
        }
        for (const auto& node : m_design.nodes) {
            const int cycle = m_index.cycleOf(node);
            if (cycle < 0) {
                continue;
            }
            const auto& members = cycles[static_cast<size_t>(cycle)];
            if (!m_index.onCycle(node)) {
                issue(&node, "does not reach the front-end: its path runs into the cycle at " +
                                 describeNode(*members.front()));
            } else if (members.size() == 1) {
                issue(&node, node.kind == DesignNodeKind::FrontEnd
                                 ? "is its own parent: the front-end is the root, it sends to "
                                   "no node"
                                 : "is its own parent: it must send to a node above it");
            } else {
                issue(&node, texts[static_cast<size_t>(cycle)]);
            }
        }
    }

    void checkFrontEnds()
    {
        const DesignNode* first = m_design.frontEnd();
        if (!first) {
            issue(nullptr, "the design has no front-end");
        }
        for (const auto& node : m_design.nodes) {
            if (node.kind == DesignNodeKind::FrontEnd && &node != first) {
                issue(&node, "a second front-end: a scope has one, " + describeNode(*first));
            }
            if (const DesignNode* parent = m_index.parentOf(node);
                node.kind == DesignNodeKind::FrontEnd && parent) {
                issue(&node, "the front-end is the root: it sends to no node, not to " +
                                 describeNode(*parent));
            }
        }
        if (std::none_of(m_design.nodes.begin(), m_design.nodes.end(),
                         [](const auto& n) { return n.kind == DesignNodeKind::Collector; })) {
            issue(nullptr, "the design has no collector: nothing would be gathered");
        }
    }

    void checkReach(const DesignNode& node)
    {
        const DesignNode* end = m_index.top(node); // never null: there is no cycle
        if (end->kind == DesignNodeKind::FrontEnd && end == m_design.frontEnd()) {
            return;
        }
        if (node.parent == kNoNode) {
            issue(&node, node.kind == DesignNodeKind::Filter
                             ? "attached to nothing: attach it to the node whose data it transforms"
                             : "sends to nothing: connect it to a relay or the front-end");
        } else {
            issue(&node, "does not reach the front-end: its path ends at " + describeNode(*end));
        }
    }

    void checkNodes()
    {
        std::map<std::string, const DesignNode*> collectorOfHost;
        for (const auto& node : m_design.nodes) {
            if (node.kind != DesignNodeKind::FrontEnd) {
                checkReach(node);
            }
            if (node.kind == DesignNodeKind::Filter) {
                continue;
            }
            if (node.host.empty()) {
                issue(&node, "has no host: say where it runs");
            }
            if (const DesignNode* parent = m_index.parentOf(node)) {
                if (node.kind != DesignNodeKind::FrontEnd &&
                    (parent->kind == DesignNodeKind::Filter ||
                     parent->kind == DesignNodeKind::Collector)) {
                    issue(&node, "sends to " + describeNode(*parent) +
                                     ": it must send to a relay or the front-end");
                }
            }
            if (node.kind == DesignNodeKind::Relay && treeChildren(node.id).empty()) {
                issue(&node, "has no children: connect collectors or relays to it, or remove it");
            }
            if (node.kind == DesignNodeKind::Collector && !node.host.empty()) {
                auto [it, fresh] = collectorOfHost.emplace(node.host, &node);
                if (!fresh) {
                    issue(&node, "a second collector on " + node.host + " (" +
                                     describeNode(*it->second) + "): one collector per host");
                }
            }
        }
    }

    std::vector<const DesignNode*> treeChildren(int id) const
    {
        std::vector<const DesignNode*> children;
        for (const DesignNode* child : m_index.children(id)) {
            if (child->kind != DesignNodeKind::Filter) {
                children.push_back(child);
            }
        }
        return children;
    }

    static std::string gatherText(const GatherSettings& g)
    {
        std::string sync =
            g.sync.mode == gather::SyncMode::WaitForAll ? "waits for all"
            : g.sync.mode == gather::SyncMode::DoNotWait
                ? "does not wait"
                : "times out after " + std::to_string(g.sync.timeout.count() / 1000) + " ms";
        return sync + " with " + std::to_string(g.helperThreads) + " helper thread" +
               (g.helperThreads == 1 ? "" : "s");
    }

    void checkConsistency()
    {
        const DesignNode* frontEnd = m_design.frontEnd();
        const DesignNode* firstCollector = nullptr;
        for (const auto& node : m_design.nodes) {
            if (node.kind == DesignNodeKind::Relay && frontEnd &&
                !sameGathering(node.gather, frontEnd->gather)) {
                issue(&node, gatherText(node.gather) + " but the front-end " +
                                 gatherText(frontEnd->gather) +
                                 ": the tree applies one synchronization and gathering per "
                                 "stream; set them alike");
            }
            if (node.kind != DesignNodeKind::Collector) {
                continue;
            }
            if (!firstCollector) {
                firstCollector = &node;
            } else if (node.ring != firstCollector->ring) {
                issue(&node, "its ring (" + ringText(node.ring) + ") differs from " +
                                 describeNode(*firstCollector) + "'s (" +
                                 ringText(firstCollector->ring) +
                                 "): every collector gets one ring capacity and buffer policy");
            }
        }
        checkCollectorFilters();
    }

    // Helper threads only choose parallel (2+) or sequential (1) gathering in the tree.
    static bool sameGathering(const GatherSettings& a, const GatherSettings& b)
    {
        return a.sync == b.sync && (a.helperThreads > 1) == (b.helperThreads > 1);
    }

    static std::string ringText(const RingSettings& ring)
    {
        return std::to_string(ring.capacity) + " tuples, " + ring.bufferPolicy;
    }

    // A filter at the collectors runs at every collector or at none (filterAtLeaves).
    void checkCollectorFilters()
    {
        std::map<FilterKind, const DesignNode*> anyHolder;
        std::vector<const DesignNode*> collectors;
        for (const auto& node : m_design.nodes) {
            if (node.kind == DesignNodeKind::Collector) {
                collectors.push_back(&node);
                for (FilterKind kind : directFilters(node.id)) {
                    anyHolder.emplace(kind, &node);
                }
            }
        }
        for (const auto& [kind, holder] : anyHolder) {
            for (const DesignNode* collector : collectors) {
                const auto own = directFilters(collector->id);
                if (std::find(own.begin(), own.end(), kind) == own.end()) {
                    issue(collector, std::string("has no ") + filterKindName(kind) +
                                         " filter while " + describeNode(*holder) +
                                         " has one: the tree runs a filter at every collector "
                                         "or at none");
                }
            }
        }
    }

    std::vector<FilterKind> directFilters(int id) const
    {
        std::vector<FilterKind> kinds;
        for (const DesignNode* node : m_index.children(id)) {
            if (node->kind == DesignNodeKind::Filter) {
                kinds.push_back(node->filter.kind);
            }
        }
        return kinds;
    }

    // What is available at every node for a filter attached to it, children first: a node
    // takes what its tree children pass up (their own data and their filter chains' outputs),
    // a filter its parent's output. A filter attached to nothing has nothing.
    void computeAvailable()
    {
        std::unordered_map<int, DataSet> passesUp;
        const auto order = m_index.downwards();
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const DesignNode& node = **it;
            if (node.kind == DesignNodeKind::Filter) {
                if (!m_index.parentOf(node)) { // a chain attached to nothing
                    m_available[node.id] = {};
                    (void)alongChain(node, {});
                }
                continue;
            }
            DataSet own{Data::Tuples, Data::Numbers, Data::Classes};
            if (node.kind != DesignNodeKind::Collector) {
                own.clear();
                for (const DesignNode* child : treeChildren(node.id)) {
                    own.insert(passesUp[child->id].begin(), passesUp[child->id].end());
                }
            }
            m_available[node.id] = own;
            passesUp[node.id] = alongChain(node, std::move(own));
        }
        m_availableKnown = true;
    }

    // The outputs of the filters attached to node (and to them, ...), added to passes.
    DataSet alongChain(const DesignNode& node, DataSet passes)
    {
        for (const DesignNode* filter : m_index.filterChain(node.id)) {
            DataSet out = output(*filter, m_available[filter->parent]);
            passes.insert(out.begin(), out.end());
            m_available[filter->id] = std::move(out);
        }
        return passes;
    }

    DataSet available(const DesignNode& node)
    {
        if (!m_availableKnown) {
            computeAvailable();
        }
        const auto it = m_available.find(node.id);
        return it == m_available.end() ? DataSet{} : it->second;
    }

    static DataSet output(const DesignNode& filter, const DataSet& in)
    {
        switch (filter.filter.kind) {
        case FilterKind::Reduce:
            return {Data::Numbers};
        case FilterKind::Statistics:
            return {Data::Statistics};
        case FilterKind::LastArrival:
            return {Data::Tuples};
        case FilterKind::LastArrivalCounting:
            return {Data::Arrivals};
        case FilterKind::Concatenation: {
            DataSet out = in;
            out.erase(Data::Numbers);
            return out;
        }
        case FilterKind::EquivalenceClasses:
            return {Data::Classes};
        case FilterKind::Plugin:
            return {Data::Any};
        }
        return {};
    }

    void checkFilter(const DesignNode& filter)
    {
        const DesignNode* at = m_index.parentOf(filter);
        if (!at) {
            return; // reported by checkReach
        }
        const DataSet in = available(*at);
        auto has = [&](Data d) {
            return in.count(d) > 0 || in.count(Data::Any) > 0;
        };
        const bool atCollector = at->kind == DesignNodeKind::Collector;
        switch (filter.filter.kind) {
        case FilterKind::Reduce:
            if (!has(Data::Numbers)) {
                issue(&filter, "reduce needs numbers (the collectors' ring counts), but " +
                                   describeNode(*at) + " delivers none");
            }
            checkOwnStream(filter, *at);
            break;
        case FilterKind::Statistics:
        case FilterKind::LastArrivalCounting:
            checkCollectorMonitor(filter, *at, atCollector, has);
            break;
        case FilterKind::LastArrival:
            if (!has(Data::Tuples)) {
                issue(&filter,
                      "last-arrival needs tuples, but " + describeNode(*at) + " delivers none");
            }
            break;
        case FilterKind::Concatenation:
            if (!has(Data::Tuples) && !has(Data::Statistics) && !has(Data::Arrivals)) {
                issue(&filter, "concatenation needs tuples or monitor lines, but " +
                                   describeNode(*at) + " delivers neither");
            }
            break;
        case FilterKind::EquivalenceClasses:
            if (!has(Data::Classes)) {
                issue(&filter, "equivalence needs classes, and nothing below it makes them");
            }
            checkOwnStream(filter, *at);
            break;
        case FilterKind::Plugin:
            checkOwnStream(filter, *at);
            break;
        }
    }

    template <typename Has>
    void checkCollectorMonitor(const DesignNode& filter, const DesignNode& at, bool atCollector,
                               Has has)
    {
        const bool statistics = filter.filter.kind == FilterKind::Statistics;
        const Data made = statistics ? Data::Statistics : Data::Arrivals;
        if (atCollector || has(made)) {
            return;
        }
        issue(&filter, std::string(statistics ? "statistics" : "last-arrival counts") +
                           " are computed in the collectors: attach a " +
                           filterKindName(filter.filter.kind) + " filter to every collector (" +
                           describeNode(at) + " has none to merge)");
    }

    // Reduce, equivalence and plugin filters each run as a stream of their own over what the
    // collectors make (ring counts, gather-rate classes, ring tuples: filterstreams.h), so they
    // take that, not the output of another filter.
    void checkOwnStream(const DesignNode& filter, const DesignNode& at)
    {
        if (at.kind != DesignNodeKind::Filter) {
            return;
        }
        const FilterKind kind = filter.filter.kind;
        const char* input = kind == FilterKind::Reduce   ? "the collectors' ring counts"
                            : kind == FilterKind::Plugin ? "the rings' tuples"
                                                         : "the collectors' gather-rate classes";
        issue(&filter, std::string("a ") + filterKindName(kind) + " filter runs on " + input +
                           ": attach it to a collector, relay or the front-end, not to " +
                           describeNode(at));
    }

    const ScopeDesign& m_design;
    DesignIndex m_index;
    std::vector<DesignIssue> m_issues;
    std::set<std::pair<int, std::string>> m_reported;
    std::unordered_map<int, DataSet> m_available; // by node id
    bool m_availableKnown = false;
};

} // namespace

std::vector<DesignIssue> validate(const ScopeDesign& design)
{
    return Validator(design).run();
}

} // namespace xylem::live
