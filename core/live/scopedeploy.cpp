#include "core/live/scopedeploy.h"

#include "core/live/scopedesignindex.h"

#include <algorithm>
#include <array>
#include <deque>
#include <set>

namespace xylem::live {

namespace {

bool isTreeNode(const DesignNode& node)
{
    return node.kind != DesignNodeKind::Filter;
}

// Breadth-first from the front-end, children in design order: parents before children. The
// design is validated (no cycle); a node met twice is refused all the same, so that no input
// can make this loop grow without bound.
Result<Ok> buildTopology(const ScopeDesign& design, const DesignIndex& index, DeployPlan& plan)
{
    std::vector<gather::TopologyNode> nodes;
    std::map<std::string, std::uint32_t> ranks;
    std::deque<std::pair<const DesignNode*, std::int32_t>> queue{{design.frontEnd(), -1}};
    while (!queue.empty()) {
        const auto [node, parent] = queue.front();
        queue.pop_front();
        const int id = node->id;
        if (nodes.size() >= design.nodes.size() || plan.treeNodeOf.contains(id)) {
            return makeError(ErrorCode::InvalidConfiguration,
                             describeNode(*node) + " is reached twice: its edges form a cycle");
        }
        const auto treeIndex = static_cast<std::uint32_t>(nodes.size());
        gather::TopologyNode t;
        t.host = node->host;
        t.rank = ranks[node->host]++;
        t.parent = parent;
        nodes.push_back(std::move(t));
        plan.treeNodeOf[id] = treeIndex;
        if (node->kind == DesignNodeKind::Collector) {
            plan.collectorOfHost[node->host] = id;
        }
        for (const DesignNode* child : index.children(id)) {
            if (isTreeNode(*child)) {
                queue.emplace_back(child, static_cast<std::int32_t>(treeIndex));
            }
        }
    }
    gather::linkChildren(nodes);
    XYLEM_TRY(topology, gather::makeTopology(std::move(nodes)));
    plan.topology = std::move(topology).value();
    return Ok{};
}

void addMonitor(EventScope& scope, Monitor monitor)
{
    if (std::find(scope.monitors.begin(), scope.monitors.end(), monitor) == scope.monitors.end()) {
        scope.monitors.push_back(monitor);
    }
}

void scopeFromFilters(const ScopeDesign& design, const DesignIndex& index, EventScope& scope)
{
    scope.monitors.clear();
    bool lastArrivalAtCollectors = false;
    for (const auto& node : design.nodes) {
        const DesignNode* at = index.parentOf(node);
        if (node.kind != DesignNodeKind::Filter || !at) {
            continue;
        }
        switch (node.filter.kind) {
        case FilterKind::LastArrival:
            addMonitor(scope, Monitor::LoadBalance);
            lastArrivalAtCollectors |= at->kind == DesignNodeKind::Collector;
            break;
        case FilterKind::LastArrivalCounting:
            addMonitor(scope, Monitor::LoadBalanceDistributed);
            break;
        case FilterKind::Statistics:
            addMonitor(scope, Monitor::Statistics);
            break;
        case FilterKind::Concatenation:
            if (at->kind != DesignNodeKind::Filter) {
                addMonitor(scope, Monitor::Raw);
            }
            break;
        default:
            break; // reduce, equivalence, plugin: streams of their own (filterstreams.h)
        }
    }
    std::sort(scope.monitors.begin(), scope.monitors.end());
    scope.lastArrivalAtCollectors = lastArrivalAtCollectors;
}

// Least to most demanding (the header says why this order).
constexpr std::array<const char*, 3> kCoschedules{"off", "after-send", "after-release"};

// The most demanding coscheduling of the design's filters; an unknown one names its filter.
Result<std::string> coscheduleOf(const ScopeDesign& design)
{
    size_t most = 0;
    for (const auto& node : design.nodes) {
        if (node.kind != DesignNodeKind::Filter) {
            continue;
        }
        const auto* mode =
            std::find(kCoschedules.begin(), kCoschedules.end(), node.filter.coschedule);
        if (mode == kCoschedules.end()) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "the design \"" + design.name + "\" cannot be deployed: " +
                                 describeNode(node) + ": coschedule '" + node.filter.coschedule +
                                 "' is unknown (off, after-send, after-release)");
        }
        most = std::max(most, static_cast<size_t>(mode - kCoschedules.begin()));
    }
    return std::string(kCoschedules[most]);
}

} // namespace

Result<DeployPlan> planDeployment(const ScopeDesign& design)
{
    const auto issues = validate(design);
    if (!issues.empty()) {
        std::string text = "the design \"" + design.name + "\" cannot be deployed: ";
        for (size_t i = 0; i < issues.size(); ++i) {
            text += (i == 0 ? "" : "; ") + issues[i].message;
        }
        return makeError(ErrorCode::InvalidConfiguration, text);
    }
    DeployPlan plan;
    const DesignIndex index(design);
    XYLEM_TRY(built, buildTopology(design, index, plan));
    const DesignNode& frontEnd = *design.frontEnd();
    EventScope& scope = plan.scope;
    scope.name = design.name;
    scope.gathering =
        frontEnd.gather.helperThreads > 1 ? tree::Gathering::Parallel : tree::Gathering::Sequential;
    scope.sync = frontEnd.gather.sync;
    scope.pullPeriod = frontEnd.pullPeriod;
    scope.maxTuplesPerWave = design.maxTuplesPerWave;
    scope.systemSamples = design.systemSamples;
    const DesignNode& collector = *index.find(plan.collectorOfHost.begin()->second);
    scope.ringCapacity = collector.ring.capacity;
    scope.bufferPolicy = collector.ring.bufferPolicy;
    scopeFromFilters(design, index, scope);
    XYLEM_TRY(coschedule, coscheduleOf(design));
    scope.coschedule = coschedule.value();
    plan.filterStreams = filterStreamsOf(design, design.maxTuplesPerWave);
    return plan;
}

std::string DeployChange::describe() const
{
    if (topology) {
        return "the tree itself changed (nodes or edges): restart it, stopping the recording and "
               "starting it with the new design";
    }
    std::vector<std::string> parts;
    if (streams || pullPeriod) {
        parts.push_back(streams ? "streams reopened" : "pull period changed");
    }
    if (bufferPolicy) {
        parts.push_back("buffer policy sent to the collectors");
    }
    if (coschedule) {
        parts.push_back("coscheduling sent to the collectors");
    }
    if (ringCapacity) {
        parts.push_back("ring capacity sent to the collectors (each thread of the program moves "
                        "to a ring of the new size within 4096 records)");
    }
    std::string text;
    for (const auto& part : parts) {
        text += (text.empty() ? "" : "; ") + part;
    }
    return text.empty() ? "nothing changed" : text;
}

DeployChange compareDeployments(const DeployPlan& before, const DeployPlan& after)
{
    const EventScope& a = before.scope;
    const EventScope& b = after.scope;
    DeployChange change;
    change.topology = before.topology != after.topology;
    change.streams = a.monitors != b.monitors || a.sync != b.sync || a.gathering != b.gathering ||
                     a.maxTuplesPerWave != b.maxTuplesPerWave ||
                     a.lastArrivalAtCollectors != b.lastArrivalAtCollectors ||
                     a.systemSamples != b.systemSamples ||
                     before.filterStreams != after.filterStreams;
    change.bufferPolicy = a.bufferPolicy != b.bufferPolicy;
    change.ringCapacity = a.ringCapacity != b.ringCapacity;
    change.pullPeriod = a.pullPeriod != b.pullPeriod;
    change.coschedule = a.coschedule != b.coschedule;
    return change;
}

} // namespace xylem::live
