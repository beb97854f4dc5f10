#pragma once

// A session's MPI data, and runs' allreduce tuples, as an OTF2 archive that Vampir and Scalasca
// open (directory/traces.otf2 with traces.def and traces/).
//
// Layout
// - Timer: 1 tick = 1 ns; global offset = the earliest timestamp (also given as the realtime
//   timestamp, so importOtf2 gives the exact ns back). Timestamps must not be negative.
// - System tree: "machine" -> one "cluster" node per cluster (hosts without one hang off the
//   machine) -> one "node" per host -> the location groups on it.
// - MPI: rank r is location group r (a process, "MPI Rank r") with one location r; the MPI
//   COMM_LOCATIONS group lists them in world-rank order; communicator c is OTF2 comm c over a
//   COMM_GROUP of its world ranks. Events as in otf2mpievents.h.
// - Tuples: per run and host, a location group "run K collectors" on that host (the host of the
//   collector: its parent wrapper's). Each collector (a non-root wrapper) is one location named
//   after the wrapper, its calls the Enter/Leave of a region named after the wrapper (down to
//   up). A call that starts before the previous one ended is clipped to start at that end, so
//   the regions stay properly nested as OTF2 requires; the tuples themselves are not changed.

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/run.h"

#include <span>
#include <string>

namespace xylem::otf2 {

// Refuses an existing `directory` (as OTF2 would). Errors name the rank, collector or archive.
Result<Ok> exportOtf2(const MpiTrace& trace, std::span<const Run> runs,
                      const std::string& directory);

// The anchor file exportOtf2 writes in `directory`.
std::string anchorPath(const std::string& directory);

} // namespace xylem::otf2
