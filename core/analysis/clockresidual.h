#pragma once

// Residual skew (metrics.md §7): what the clock correction could not remove. After correction,
// every ordering MPI guarantees between two ranks on different hosts is checked:
// - a message: its receive (Recv, or the Wait completing an Irecv) cannot end before its send
//   (Send, Isend) started;
// - a synchronizing collective (Barrier, Allreduce, Allgather, Alltoall, Reduce_scatter): no
//   member can leave before the last member entered;
// - Bcast and Scatter: no member can leave before the root entered;
// - Reduce and Gather: the root cannot leave before every member entered.
// A violation of v ns is charged to both hosts of the pair; a host's residual is the largest v
// (0 when none), with the count of violations and of checks. A residual well above the error
// bound means the model (offsets, drift) does not describe that host's clock.

#include "core/analysis/clockmodel.h"
#include "core/model/mpitrace.h"

namespace xylem {

// Fills every host's `residual` in `model` from a trace already corrected with it.
void measureResidualSkew(const MpiTrace& corrected, ClockModel& model);

} // namespace xylem
