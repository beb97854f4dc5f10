#include "core/live/scopedesign.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace xylem::live {

namespace {

Error badArgument(std::string message, const DesignNode* node = nullptr)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message),
                     node ? describeNode(*node) : std::string{});
}

Error unknownNode(int id)
{
    return makeError(ErrorCode::NotFound,
                     "there is no node " + std::to_string(id) + " in the design");
}

bool isKnownPolicy(const std::string& policy)
{
    return policy == "fill-read" || policy == "replace-read" || policy == "fill-drain" ||
           policy == "replace-drain";
}

// Whether parent may take child as a child (kinds only; cycles are checked apart).
std::optional<std::string> refusedEdge(const DesignNode& child, const DesignNode& parent)
{
    if (child.id == parent.id) {
        return "a node cannot be its own parent";
    }
    if (child.kind == DesignNodeKind::FrontEnd) {
        return "the front-end is the root: it sends to no node";
    }
    if (child.kind == DesignNodeKind::Filter) {
        return std::nullopt; // a filter may be attached to any node
    }
    if (parent.kind == DesignNodeKind::Filter) {
        return "a " + std::string(nodeKindName(child.kind)) +
               " sends to a relay or the front-end, not to a filter";
    }
    if (parent.kind == DesignNodeKind::Collector) {
        return std::string("a collector is a leaf: only filters can be attached to it");
    }
    return std::nullopt;
}

bool reaches(const ScopeDesign& design, int from, int target)
{
    // Follows parents from `from`; bounded by the node count against broken input.
    int current = from;
    for (size_t step = 0; step <= design.nodes.size() && current != kNoNode; ++step) {
        if (current == target) {
            return true;
        }
        const DesignNode* node = design.find(current);
        current = node ? node->parent : kNoNode;
    }
    return false;
}

Result<Ok> checkEdge(const ScopeDesign& design, const DesignNode& child, int parentId)
{
    if (parentId == kNoNode) {
        return Ok{};
    }
    const DesignNode* parent = design.find(parentId);
    if (!parent) {
        return unknownNode(parentId);
    }
    if (auto refused = refusedEdge(child, *parent)) {
        return badArgument(*refused + " (" + describeNode(*parent) + ")", &child);
    }
    if (reaches(design, parentId, child.id)) {
        return badArgument(describeNode(*parent) + " is below it: connecting would make a cycle",
                           &child);
    }
    return Ok{};
}

Result<DesignNode*> nodeOfKind(ScopeDesign& design, int id,
                               std::initializer_list<DesignNodeKind> kinds, const char* property)
{
    DesignNode* node = design.find(id);
    if (!node) {
        return unknownNode(id);
    }
    if (std::find(kinds.begin(), kinds.end(), node->kind) == kinds.end()) {
        return badArgument(std::string("a ") + nodeKindName(node->kind) + " has no " + property,
                           node);
    }
    return node;
}

} // namespace

const DesignNode* ScopeDesign::find(int id) const
{
    auto it = std::find_if(nodes.begin(), nodes.end(), [id](const auto& n) { return n.id == id; });
    return it == nodes.end() ? nullptr : &*it;
}

DesignNode* ScopeDesign::find(int id)
{
    return const_cast<DesignNode*>(std::as_const(*this).find(id));
}

std::vector<int> ScopeDesign::childrenOf(int id) const
{
    std::vector<int> children;
    for (const auto& node : nodes) {
        if (node.parent == id && id != kNoNode) {
            children.push_back(node.id);
        }
    }
    return children;
}

std::vector<int> ScopeDesign::filterChainOf(int id) const
{
    std::vector<int> chain;
    std::vector<int> frontier{id};
    while (!frontier.empty() && chain.size() <= nodes.size()) {
        std::vector<int> next;
        for (const auto& node : nodes) {
            if (node.kind == DesignNodeKind::Filter &&
                std::find(frontier.begin(), frontier.end(), node.parent) != frontier.end()) {
                chain.push_back(node.id);
                next.push_back(node.id);
            }
        }
        frontier = std::move(next);
    }
    return chain;
}

const DesignNode* ScopeDesign::frontEnd() const
{
    auto it = std::find_if(nodes.begin(), nodes.end(),
                           [](const auto& n) { return n.kind == DesignNodeKind::FrontEnd; });
    return it == nodes.end() ? nullptr : &*it;
}

const char* nodeKindName(DesignNodeKind kind)
{
    switch (kind) {
    case DesignNodeKind::FrontEnd:
        return "front-end";
    case DesignNodeKind::Relay:
        return "relay";
    case DesignNodeKind::Collector:
        return "collector";
    case DesignNodeKind::Filter:
        return "filter";
    }
    return "node";
}

const char* filterKindName(FilterKind kind)
{
    switch (kind) {
    case FilterKind::Reduce:
        return "reduce";
    case FilterKind::Statistics:
        return "statistics";
    case FilterKind::LastArrival:
        return "last-arrival";
    case FilterKind::LastArrivalCounting:
        return "last-arrival-counting";
    case FilterKind::Concatenation:
        return "concatenation";
    case FilterKind::EquivalenceClasses:
        return "equivalence";
    case FilterKind::Plugin:
        return "plugin";
    }
    return "filter";
}

const char* reduceOperatorName(ReduceOperator o)
{
    switch (o) {
    case ReduceOperator::Sum:
        return "sum";
    case ReduceOperator::Min:
        return "min";
    case ReduceOperator::Max:
        return "max";
    case ReduceOperator::Average:
        return "average";
    }
    return "sum";
}

std::string describeNode(const DesignNode& node)
{
    std::string text = std::string(nodeKindName(node.kind)) + " " + std::to_string(node.id);
    if (node.kind == DesignNodeKind::Filter) {
        return text + " (" + filterKindName(node.filter.kind) + ")";
    }
    return node.host.empty() ? text : text + " on " + node.host;
}

Result<int> addNode(ScopeDesign& design, DesignNode node)
{
    if (node.id < 0) {
        return badArgument("a node id is positive, not " + std::to_string(node.id));
    }
    if (node.id != 0 && design.find(node.id)) {
        return badArgument("the id " + std::to_string(node.id) + " is taken");
    }
    const int id = node.id != 0 ? node.id : design.nextId;
    node.id = id;
    XYLEM_TRY(edge, checkEdge(design, node, node.parent));
    design.nodes.push_back(std::move(node));
    design.nextId = std::max(design.nextId, id + 1);
    return id;
}

Result<RemovedNode> removeNode(ScopeDesign& design, int id)
{
    auto it = std::find_if(design.nodes.begin(), design.nodes.end(),
                           [id](const auto& n) { return n.id == id; });
    if (it == design.nodes.end()) {
        return unknownNode(id);
    }
    RemovedNode removed{*it, design.childrenOf(id),
                        static_cast<std::size_t>(it - design.nodes.begin())};
    design.nodes.erase(it);
    for (int child : removed.detached) {
        design.find(child)->parent = kNoNode;
    }
    return removed;
}

Result<Ok> restoreNode(ScopeDesign& design, const RemovedNode& removed)
{
    for (int child : removed.detached) {
        const DesignNode* node = design.find(child);
        if (!node) {
            return unknownNode(child);
        }
        if (node->parent != kNoNode) {
            return badArgument(
                "it has a parent again: cannot reattach it to " + describeNode(removed.node), node);
        }
    }
    XYLEM_TRY(added, addNode(design, removed.node));
    // Back to its place (addNode appends): undo gives the very design that was.
    const auto at = std::min(removed.index, design.nodes.size() - 1);
    std::rotate(design.nodes.begin() + static_cast<std::ptrdiff_t>(at), design.nodes.end() - 1,
                design.nodes.end());
    for (int child : removed.detached) {
        design.find(child)->parent = removed.node.id;
    }
    return Ok{};
}

Result<int> connect(ScopeDesign& design, int child, int parent)
{
    DesignNode* node = design.find(child);
    if (!node) {
        return unknownNode(child);
    }
    if (parent == kNoNode) {
        return disconnect(design, child);
    }
    XYLEM_TRY(edge, checkEdge(design, *node, parent));
    return std::exchange(node->parent, parent);
}

Result<int> disconnect(ScopeDesign& design, int child)
{
    DesignNode* node = design.find(child);
    if (!node) {
        return unknownNode(child);
    }
    return std::exchange(node->parent, kNoNode);
}

Result<std::string> setHost(ScopeDesign& design, int id, std::string host)
{
    XYLEM_TRY(node, nodeOfKind(design, id,
                               {DesignNodeKind::FrontEnd, DesignNodeKind::Relay,
                                DesignNodeKind::Collector},
                               "host"));
    if (host.empty() || host.find_first_of(" \t\n") != std::string::npos) {
        return badArgument("a host name is one word, not \"" + host + "\"", *node);
    }
    return std::exchange((*node)->host, std::move(host));
}

Result<GatherSettings> setGather(ScopeDesign& design, int id, GatherSettings settings)
{
    XYLEM_TRY(node, nodeOfKind(design, id, {DesignNodeKind::FrontEnd, DesignNodeKind::Relay},
                               "helper threads or synchronization"));
    if (settings.helperThreads == 0 || settings.helperThreads > 256) {
        return badArgument(
            "helper threads are 1 to 256, not " + std::to_string(settings.helperThreads), *node);
    }
    if (settings.sync.mode == gather::SyncMode::TimeOut && settings.sync.timeout.count() <= 0) {
        return badArgument("the time-out synchronization needs a time-out above 0", *node);
    }
    return std::exchange((*node)->gather, settings);
}

Result<std::chrono::milliseconds> setPullPeriod(ScopeDesign& design, int id,
                                                std::chrono::milliseconds period)
{
    XYLEM_TRY(node, nodeOfKind(design, id, {DesignNodeKind::FrontEnd}, "pull period"));
    if (period.count() <= 0) {
        return badArgument("the pull period is above 0 ms, not " + std::to_string(period.count()),
                           *node);
    }
    return std::exchange((*node)->pullPeriod, period);
}

Result<RingSettings> setRing(ScopeDesign& design, int id, RingSettings ring)
{
    XYLEM_TRY(node, nodeOfKind(design, id, {DesignNodeKind::Collector}, "ring"));
    if (ring.capacity < 16 || ring.capacity > (1u << 26)) {
        return badArgument("the ring capacity is 16 to 67108864 tuples, not " +
                               std::to_string(ring.capacity),
                           *node);
    }
    if (!isKnownPolicy(ring.bufferPolicy)) {
        return badArgument("unknown buffer policy \"" + ring.bufferPolicy +
                               "\" (fill-read, replace-read, fill-drain, replace-drain)",
                           *node);
    }
    return std::exchange((*node)->ring, std::move(ring));
}

Result<FilterSettings> setFilter(ScopeDesign& design, int id, FilterSettings filter)
{
    XYLEM_TRY(node, nodeOfKind(design, id, {DesignNodeKind::Filter}, "filter settings"));
    if (filter.kind == FilterKind::Plugin &&
        (filter.pluginLibrary.empty() || filter.pluginFilter.empty())) {
        return badArgument("a plugin filter needs a library path and a filter name", *node);
    }
    return std::exchange((*node)->filter, std::move(filter));
}

Result<Position> setPosition(ScopeDesign& design, int id, Position position)
{
    DesignNode* node = design.find(id);
    if (!node) {
        return unknownNode(id);
    }
    Position previous{node->x, node->y};
    node->x = position.x;
    node->y = position.y;
    return previous;
}

Result<std::string> setName(ScopeDesign& design, std::string name)
{
    if (name.empty()) {
        return badArgument("a scope design needs a name");
    }
    return std::exchange(design.name, std::move(name));
}

} // namespace xylem::live
