#pragma once

// The filters of a scope design that are no monitor of an event scope (eventscope.h): each runs
// as a stream of its own that the deployment pulls beside the recorder's, and the newest wave's
// result shows on the filter nodes that asked for it.
//
//   reduce (sum, min, max, average)  over the collectors' ring counts (ring-counts: Numbers
//                                    {written, read, overwritten, rings} per collector)
//   equivalence                      over the collectors' gather-rate classes (ring-classes:
//                                    each collector in the class of its gather rate %)
//   plugin                           the plugin's filter over the rings' new tuples
//                                    (ring-tuples); every node loads the library by its path
//
// Like every stream's filter, it runs in every relay and at the front-end, and at the
// collectors too when a node of it is attached to a collector; so filters alike (same filter,
// same arguments, same place) share one stream, and the result shown is the front-end's.

#include "core/gather/batch.h"
#include "core/gather/filter.h"
#include "core/gather/topology.h"
#include "core/live/scopedesign.h"
#include "core/live/scopefigures.h"
#include "core/tree/treemessages.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace xylem::live {

// Stream ids from here on, one per filter stream (the recorder's and the deployment's are lower).
inline constexpr std::uint32_t kFirstFilterStream = 16;

struct FilterStream
{
    std::uint32_t id = kFirstFilterStream;
    gather::FilterSpec filter;
    tree::SourceSpec source;
    bool atCollectors = false; // its filter runs in the collectors too
    std::vector<int> nodes;    // the design's filter nodes it shows on, in design order
    bool operator==(const FilterStream&) const = default;
};

// The streams of design's reduce, equivalence and plugin filters (attached to a collector, relay
// or the front-end; validate() refuses them elsewhere), in the order of their first node.
std::vector<FilterStream> filterStreamsOf(const ScopeDesign& design,
                                          std::uint32_t maxTuplesPerWave);

// The newest result of a stream as a person reads it (FilterOutput::text, scopefigures.h).
// Numbers from ring counts: "written 1.2 M, read 1.2 M\noverwritten 0, rings 8"; other numbers
// listed; classes: "100 %: n1 n2\n87 %: n3" (ring-classes) or "7: n1 n2" with the hosts from
// topology (a node index it does not know shows as "#7"), the three smallest keys first;
// one or two tuples one by one ("edge 3, call 120: up - down 45.2 k ns"), more counted;
// statistics: their number and the three largest means; bytes by their size.
std::string describeFilterBatch(const gather::Batch& batch, const FilterStream& stream,
                                const gather::Topology& topology);

} // namespace xylem::live
