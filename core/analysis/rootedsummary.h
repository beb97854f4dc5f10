#pragma once

// What a rooted collective kind (Bcast, Reduce, Gather(v), Scatter(v) and their non-blocking
// forms) is measured by instead of §3-5's stage tree (metrics.md §9): a root-aware summary. In a
// rooted collective a non-root may leave before the last rank arrives, so the gred stages
// ("operation" = first departure - last arrival) would go negative; these measures are waits,
// each a duration no shorter than zero by its definition (a rank that did not wait waited 0 ns).
//
// Per complete instance with root R (arrival a_i and departure d_i of each member i; a
// non-blocking kind departs at the exit of the Wait/Test event that completes it):
// - one-to-all (Bcast, Scatter(v)): Late Broadcast of non-root i = min(a_R, d_i) - a_i when
//   a_R > a_i, else 0: the time i waited in the call for the root to arrive;
// - all-to-one (Reduce, Gather(v)): the root's wait (Early Reduce) = min(L, d_R) - a_R when
//   L > a_R, else 0, where L is the last non-root arrival: the time the root waited for it.
// The late rank of an instance is the rank the waiting was for: the root of a one-to-all
// instance in which someone waited, the last-arriving non-root of an all-to-one instance in
// which the root waited. Ties go to the lower communicator rank (metrics.md §1).

#include "core/analysis/stats.h"
#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <cstdint>
#include <vector>

namespace xylem {

struct RootedRank
{
    int rank = -1;             // world rank
    std::int64_t asRoot = 0;   // complete instances it was the root of
    Stats callTime;            // d_i - a_i over complete instances
    std::int64_t waitNs = 0;   // Late Broadcast (non-root) or Early Reduce (root) it spent
    std::int64_t causedNs = 0; // waiting of others it was the late rank for
    std::int64_t lateCount = 0;
};

struct RootedSummary
{
    std::int32_t communicator = 0;
    MpiCall call = MpiCall::Bcast;
    bool oneToAll = true;        // Bcast, Scatter(v): Late Broadcast; else the root's wait
    std::int64_t instances = 0;
    std::int64_t complete = 0;
    Stats waitPerInstance;       // Late Broadcast summed over non-roots, or the root's wait
    Stats rootCallTime;
    Stats nonRootCallTime;
    std::vector<RootedRank> ranks; // communicator-rank order
    int lateRank = -1;             // the rank that caused the most waiting; -1: nobody waited
};

// InvalidArgument for a call that is not rooted, NotFound for an unknown communicator.
Result<RootedSummary> summarizeRooted(const MpiTrace& trace, std::int32_t communicator,
                                      MpiCall call);

} // namespace xylem
