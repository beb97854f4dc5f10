#pragma once

// What a tree run's clock models did (metrics.md §7 for the gather tree; core/live/treeclocks):
// whether each host's tuples were moved onto the front-end's clock, and the residual skew the
// correction left.
//
// Residual skew of a tree run: a proxy hop whose stub and service run on different hosts gives
// two orderings that hold on any one clock, per call: the stub takes the request before the
// service receives it (down of the edge below the proxy <= down of the proxy's own edge), and
// the service returns the reply before the stub receives it (up of the proxy's edge <= up of
// the edge below). On the stored (corrected) timestamps a broken ordering by v ns is a
// violation charged to both hosts, as for MPI runs (clockresidual.h): a host's residual is the
// largest v, with the count of violations and of checks. A residual above the error bound
// means the model does not describe that host's clock (or the run was never corrected).

#include "core/analysis/clockmodel.h"
#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <span>
#include <vector>

namespace xylem {

enum class ClockCorrection
{
    Reference,   // the clock everything was mapped onto
    Corrected,   // the offset was beyond its error bound: the tuples were moved
    WithinBound, // the offset within its error bound: the tuples were left as they are
    NotMeasured  // no measurement reached the host: its tuples are on its own clock
};

// A tree run corrects a measured host only when its offset is beyond its error bound
// (live::TreeClocks); an MPI run (treeRun = false) corrects every measured host.
ClockCorrection clockCorrection(const HostClock& clock, bool treeRun);

// Replaces the residual of every host in `clocks` with the one measured on the run's tuples
// (checked across the proxy hops between two hosts; a host no hop touches gets 0 of 0).
void measureTreeResidualSkew(const Configuration& config, std::span<const Tuple> tuples,
                             std::vector<HostClock>& clocks);

} // namespace xylem
