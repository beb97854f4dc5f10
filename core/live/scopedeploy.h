#pragma once

// From a scope design to what the tree runs (pure): the gather topology, the event scope whose
// streams LiveRecorder opens, and which tree node each design node is; what a redeployment
// changes; and each design node's live figures from its collectors' count lines.
//
// Monitors from the filters (scopedesign.h): a last-arrival filter → load-balance (at the
// collectors when attached to them, else in relays and the front-end only); last-arrival
// counting → load-balance-distributed; statistics → statistics; a concatenation attached to a
// collector, relay or the front-end → raw tracing; reduce, equivalence and plugin filters →
// streams of their own (filterstreams.h). No filter: the collectors count their rings and
// nothing else travels.
// Helper threads: 1 gathers a node's children one after another, more in parallel.
//
// Coscheduling (EventSpace; eventscope.h): each filter says when the collectors should do the
// work of its monitor (off, after-send, after-release). A collector reads its rings once for
// every stream it serves, and the tree's "coschedule" control reaches every collector, so the
// scope deploys with the most demanding mode any of its filters asks for — after-release over
// after-send over off, the order in which they disturb the program less (EventSpace's
// statistics monitor: 3 % after-send, 1 % after-release). Two monitors on one collector that ask
// for different modes both get the more demanding; a mode the filters do not know is refused,
// naming the filter and the mode.

#include "core/gather/nodecountlines.h"
#include "core/gather/topology.h"
#include "core/live/eventscope.h"
#include "core/live/filterstreams.h"
#include "core/live/scopedesign.h"
#include "core/live/scopefigures.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace xylem::live {

struct DeployPlan
{
    gather::Topology topology;                  // front-end first, parents before children
    EventScope scope;                           // the streams and settings
    std::vector<FilterStream> filterStreams;    // reduce, equivalence and plugin filters
    std::map<int, std::uint32_t> treeNodeOf;    // design node id -> topology index
    std::map<std::string, int> collectorOfHost; // host -> design id of its collector
};

// Errors when validate() finds issues: the message lists them (each names its node).
Result<DeployPlan> planDeployment(const ScopeDesign& design);

struct DeployChange
{
    bool topology = false;     // other nodes or edges: the tree must be restarted
    bool streams = false;      // monitors, sync, gathering, per-wave limit: reopen the streams
    bool bufferPolicy = false; // sent to the collectors again
    bool ringCapacity = false; // sent to the collectors: the program's threads move to new rings
    bool pullPeriod = false;
    bool coschedule = false; // sent to the collectors again
    bool any() const
    {
        return topology || streams || bufferPolicy || ringCapacity || pullPeriod || coschedule;
    }
    // For a person: "streams reopened; ring capacity sent to the collectors (...)".
    std::string describe() const;
};
DeployChange compareDeployments(const DeployPlan& before, const DeployPlan& after);

// The collectors' count lines of one poll and of the deployment's start, by host.
struct CountSnapshot
{
    std::map<std::string, gather::NodeCounts> base;     // at the (re)deployment
    std::map<std::string, gather::NodeCounts> previous; // the poll before
    std::map<std::string, gather::NodeCounts> current;  // this poll
    std::int64_t frontEndNowNs = 0;                     // when this poll's lines arrived
    std::vector<std::uint32_t> lostTreeNodes;           // lost and not back
};

// Figures of every front-end, relay and collector node (scopefigures.h says how a relay's and
// the front-end's are made from the collectors below them). A collector without a line yet has
// default figures (100 %, no delay, no CPU).
DesignFigures designFigures(const ScopeDesign& design, const DeployPlan& plan,
                            const CountSnapshot& counts);

} // namespace xylem::live
