#pragma once

// A run as a Chrome trace event file (JSON) that Perfetto's UI (ui.perfetto.dev) and
// chrome://tracing open. Processes are hosts; their tracks:
// - one per thread wrapper ("thread T"): every complete call as a slice "call" (d0 to u0 of the
//   thread's edge) holding the call's stages along the thread's path (metrics.md §4), nested;
// - one per tree edge ("edge W -> P", on the parent's host, where its collector lives): every
//   tuple of the edge as a slice "call" from down to up;
// - with MPI data, one per rank ("rank R MPI"): every MPI call as a slice named after it, and
//   each wait state (core/analysis/waitstates.h) as a flow from the waiting call to the call
//   it waited for.
// Times are microseconds from the earliest timestamp of the run (otherData.origin_ns). Slices
// on one track never overlap partly, as the format requires: on unsynchronised clocks a stage
// that would end before it starts, or a call that would start before the previous one on its
// track ended, is shortened to fit (args.clamped says so), never dropped.

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/run.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace xylem {

struct PerfettoCounts
{
    std::int64_t events = 0;
    std::int64_t slices = 0;
    std::int64_t flows = 0;   // wait states drawn (one start and one end event each)
    std::int64_t clamped = 0; // slices shortened to fit their track
};

// mpi may be null (a run without MPI data). An IoError when the stream fails.
Result<PerfettoCounts> writePerfettoTrace(const Run& run, const MpiTrace* mpi,
                                          const std::string& title, std::ostream& out);

} // namespace xylem
