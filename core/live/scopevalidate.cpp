// validate(): the rules a scope design must meet to deploy (scopedesign.h).

#include "core/live/scopedesign.h"

#include <algorithm>
#include <map>
#include <set>

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
    {
    }

    std::vector<DesignIssue> run()
    {
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
        if (std::none_of(m_issues.begin(), m_issues.end(),
                         [&](const auto& i) { return i.nodeId == id && i.message == text; })) {
            m_issues.push_back({id, std::move(text)});
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
        }
        if (std::none_of(m_design.nodes.begin(), m_design.nodes.end(),
                         [](const auto& n) { return n.kind == DesignNodeKind::Collector; })) {
            issue(nullptr, "the design has no collector: nothing would be gathered");
        }
    }

    // Where a node's parents lead: the front-end, or the node where the chain stops.
    const DesignNode* top(const DesignNode& node) const
    {
        const DesignNode* current = &node;
        for (size_t step = 0; step <= m_design.nodes.size(); ++step) {
            const DesignNode* parent = m_design.find(current->parent);
            if (!parent) {
                return current;
            }
            current = parent;
        }
        return current; // a cycle (only in a hand-written file): reported as not reaching
    }

    void checkReach(const DesignNode& node)
    {
        const DesignNode* end = top(node);
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
            if (const DesignNode* parent = m_design.find(node.parent)) {
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

    std::vector<int> treeChildren(int id) const
    {
        std::vector<int> children;
        for (int child : m_design.childrenOf(id)) {
            if (m_design.find(child)->kind != DesignNodeKind::Filter) {
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
        for (int child : m_design.childrenOf(id)) {
            const DesignNode* node = m_design.find(child);
            if (node->kind == DesignNodeKind::Filter) {
                kinds.push_back(node->filter.kind);
            }
        }
        return kinds;
    }

    // What is available at a node for a filter attached to it.
    DataSet available(const DesignNode& node, size_t depth = 0) const
    {
        if (depth > m_design.nodes.size()) {
            return {};
        }
        switch (node.kind) {
        case DesignNodeKind::Collector:
            return {Data::Tuples, Data::Numbers, Data::Classes};
        case DesignNodeKind::Filter: {
            const DesignNode* parent = m_design.find(node.parent);
            return parent ? output(node, available(*parent, depth + 1)) : DataSet{};
        }
        default:
            break;
        }
        DataSet set;
        for (int child : treeChildren(node.id)) {
            const DesignNode* c = m_design.find(child);
            set.merge(available(*c, depth + 1));
            for (int f : m_design.filterChainOf(child)) {
                set.merge(available(*m_design.find(f), depth + 1));
            }
        }
        return set;
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
        const DesignNode* at = m_design.find(filter.parent);
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
    std::vector<DesignIssue> m_issues;
};

} // namespace

std::vector<DesignIssue> validate(const ScopeDesign& design)
{
    return Validator(design).run();
}

} // namespace xylem::live
