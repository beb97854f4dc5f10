#pragma once

// The event-scope design: the document the scope canvas edits (issue 10). Plain data and pure
// operations, no Qt; the canvas's QUndoStack commands call the operations below, each of which
// returns what it replaced so that the inverse is one more call.
//
// Nodes have a stable int id (never reused within a design) and a kind:
//   FrontEnd   the root: pulls the scope's streams (pull period), gathers its children
//   Relay      an inner node of the gather tree (xylem-relay) on a host
//   Collector  the leaf on a host (xylem-collector): reads the rings of that host's processes
//   Filter     a transformation on the data of the node it is attached to
//
// Edges. `parent` is the data edge upward. A collector's or relay's parent is the relay or
// front-end it sends to. A filter's parent is the node whose *outgoing* data it transforms:
//   filter -> collector   runs in that collector, on its own data, before anything travels
//                         ("reduce at the source": the tree's filterAtLeaves)
//   filter -> relay       runs in that relay, on the wave it gathered from its children
//   filter -> front-end   runs at the front-end on the gathered wave
//   filter -> filter      a chain: runs on the output of the filter below (e.g. a concatenation
//                         of the statistics a collector computed)
// Filters never have collectors or relays as children. What a node's parent receives is the
// output of the last filter of the chain attached to the node (or the node's own data).
//
// What the deployment honours (scopedeploy.h): the tree runs one filter, one sync mode and one
// gathering per stream. So a stream's filter runs in every relay and at the front-end
// (attaching it to one relay or to the front-end deploys the same way: these filters compose),
// and either at every collector or at none; sync mode and time-out are set on the front-end and
// every relay must agree; helper threads choose sequential (1) or parallel (2+) gathering, and
// every relay must agree with the front-end on which; buffer policy and ring capacity are set on
// every collector and they must agree (a deployment asks the running program's threads to move
// to rings of the design's capacity, which they do within a few thousand records). validate()
// names the node that breaks one of these rules, so nothing in a valid design is silently
// ignored. scopedeploy.h says which monitors the filters become; reduce, equivalence and plugin
// filters run as streams of their own over what the collectors make (filterstreams.h), so they
// attach to a collector, relay or the front-end, not to another filter.
//
// Removing a node: its children (collectors, relays, filters) stay in the design, detached
// (parent none); RemovedNode lists them so that restoreNode() reattaches them.

#include "core/gather/wave.h"
#include "core/model/result.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace xylem::live {

inline constexpr int kNoNode = -1;

enum class DesignNodeKind : std::uint8_t
{
    FrontEnd,
    Relay,
    Collector,
    Filter
};

enum class FilterKind : std::uint8_t
{
    Reduce,              // the collectors' ring counts combined by `reduce` (a stream of its own)
    Statistics,          // at a collector: per-wrapper statistics with the sliding median;
                         // above: the collectors' statistics travel concatenated
    LastArrival,         // tuples: the last arrival of every gred and call (load balance, single)
    LastArrivalCounting, // at a collector: counts its greds' last arrivals (load balance,
                         // distributed); above: the counts travel concatenated
    Concatenation,       // tuples or lines appended (raw tracing when fed tuples)
    EquivalenceClasses,  // the collectors in classes by gather rate %, united per key
    Plugin               // pluginFilter from the shared library pluginLibrary, with arguments,
                         // over the rings' tuples (a stream of its own; filterstreams.h)
};

enum class ReduceOperator : std::uint8_t
{
    Sum,
    Min,
    Max,
    Average
};

struct FilterSettings
{
    FilterKind kind = FilterKind::Concatenation;
    ReduceOperator reduce = ReduceOperator::Sum; // Reduce only
    std::string pluginLibrary;                   // Plugin only: path of the .so
    std::string pluginFilter;                    // Plugin only: the filter's name in it
    std::vector<std::int64_t> arguments;         // Plugin only: passed to the filter
    // The coscheduling the monitor this filter makes asks of the collectors (eventscope.h):
    // off, after-send or after-release; the design deploys the most demanding (scopedeploy.h).
    std::string coschedule = "off";
    bool operator==(const FilterSettings&) const = default;
};

struct RingSettings
{
    std::uint32_t capacity = 1u << 16;      // tuples per thread ring (live: rings are replaced)
    std::string bufferPolicy = "fill-read"; // fill-read, replace-read, fill-drain, replace-drain
    bool operator==(const RingSettings&) const = default;
};

struct GatherSettings
{
    std::uint32_t helperThreads = 2; // 1: children gathered one after another; more: in parallel
    gather::SyncSpec sync;           // wait-for-all, time-out (with its time-out), do-not-wait
    bool operator==(const GatherSettings&) const = default;
};

struct DesignNode
{
    int id = 0; // 0 when adding: addNode assigns one
    DesignNodeKind kind = DesignNodeKind::Collector;
    std::string host;      // FrontEnd, Relay, Collector; a filter runs where it is attached
    int parent = kNoNode;  // see the edges above
    GatherSettings gather; // FrontEnd and Relay
    std::chrono::milliseconds pullPeriod{100}; // FrontEnd
    RingSettings ring;                         // Collector
    FilterSettings filter;                     // Filter
    double x = 0;                              // canvas position: kept, not interpreted
    double y = 0;
    bool operator==(const DesignNode&) const = default;
};

struct ScopeDesign
{
    std::string name = "scope";
    std::vector<DesignNode> nodes;             // in the order added; ids unique
    int nextId = 1;                            // the id addNode gives next
    std::uint32_t maxTuplesPerWave = 1u << 20; // per collector and wave
    bool systemSamples = true; // store the collectors' CPU, network, memory samples with runs

    const DesignNode* find(int id) const;
    DesignNode* find(int id);
    std::vector<int> childrenOf(int id) const; // ids, in node order
    // Filters attached to id, then those attached to them, ... (the chain), in node order.
    std::vector<int> filterChainOf(int id) const;
    const DesignNode* frontEnd() const; // the first FrontEnd node, or null
    bool operator==(const ScopeDesign&) const = default;
};

const char* nodeKindName(DesignNodeKind kind);    // "front-end", "relay", "collector", "filter"
const char* filterKindName(FilterKind kind);      // "reduce", "statistics", "last-arrival", ...
const char* reduceOperatorName(ReduceOperator o); // "sum", "min", "max", "average"
// "relay 4 on n1", "collector 7 on n3", "filter 9 (last-arrival)": for messages.
std::string describeNode(const DesignNode& node);

// --- Operations: each checks its arguments and leaves the design unchanged on error. ---------

// Adds node (id 0: a fresh id; else that id, which must be unused: undo of a removal).
// Its parent, when given, must exist and accept it (as connect()). Returns the id.
Result<int> addNode(ScopeDesign& design, DesignNode node);

struct RemovedNode
{
    DesignNode node;
    std::vector<int> detached; // children whose parent was the node, now none
    std::size_t index = 0;     // where it stood in ScopeDesign::nodes: restored there
};
Result<RemovedNode> removeNode(ScopeDesign& design, int id);
// The inverse of removeNode: puts the node back and reattaches the children it had.
Result<Ok> restoreNode(ScopeDesign& design, const RemovedNode& removed);

// (From a QObject, call it as live::connect: QObject::connect hides it.)
// Makes parent the node child sends to (or, for a filter, is attached to). Refuses unknown ids,
// a front-end with a parent, a collector or relay under a filter or a collector, a non-filter
// under a collector, and cycles. Returns the previous parent (kNoNode if none).
Result<int> connect(ScopeDesign& design, int child, int parent);
// Detaches child; returns the previous parent.
Result<int> disconnect(ScopeDesign& design, int child);

// Setters: return the previous value. They refuse a property the node's kind does not have
// (a ring on a relay) and values out of range (0 helper threads, a time-out sync without a
// time-out, an unknown buffer policy, a plugin without library or name, pull period <= 0).
Result<std::string> setHost(ScopeDesign& design, int id, std::string host);
Result<GatherSettings> setGather(ScopeDesign& design, int id, GatherSettings settings);
Result<std::chrono::milliseconds> setPullPeriod(ScopeDesign& design, int id,
                                                std::chrono::milliseconds period);
Result<RingSettings> setRing(ScopeDesign& design, int id, RingSettings ring);
Result<FilterSettings> setFilter(ScopeDesign& design, int id, FilterSettings filter);
struct Position
{
    double x = 0;
    double y = 0;
    bool operator==(const Position&) const = default;
};
Result<Position> setPosition(ScopeDesign& design, int id, Position position);
Result<std::string> setName(ScopeDesign& design, std::string name);

// --- Validation ---------------------------------------------------------------------------------

struct DesignIssue
{
    int nodeId = kNoNode; // the offending node; kNoNode for the design as a whole
    std::string message;  // for a person: names the node and the problem
    bool operator==(const DesignIssue&) const = default;
};

// Every rule a deployment needs, in linear time: first that the parent edges form no cycle (a
// node that is its own parent, a ring of relays, a front-end under its own subtree: each node
// of it named, and nothing else checked); then exactly one front-end; every collector reaches
// it; one collector per host; relays have children; every node has a host (filters excepted);
// filters attached where they can run and fed what they take (statistics and last-arrival
// counting are computed in collectors, last-arrival needs tuples, reduce needs numbers,
// equivalence needs classes); what the tree applies per stream agrees across nodes (the
// header's comment). Empty: the design deploys.
std::vector<DesignIssue> validate(const ScopeDesign& design);

} // namespace xylem::live
