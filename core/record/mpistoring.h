#pragma once

// What `xylem-cli import X.otf2` and `xylem-cli mpi` both do with an MPI trace before and while
// storing it: map every host's clock onto the reference host (core/analysis/clockmodel, with
// the residual skew measured on the corrected trace), then keep the runs, their MPI data and one
// xylem-clock/1 document per host (store::setClockModel) together in the session.
//
// One run per (communicator, collective kind) (metrics.md §9): a tree of mixed kinds has
// meaningless, even negative, stages. Every kind that forms a stage tree (core/model/mpikinds.h)
// and has a complete instance is a run of its own, the most time first, named
// "NAME: MPI_Allreduce on MPI_COMM_WORLD". Rooted kinds (Bcast, Reduce, ...) are not stage trees:
// they stay in the MPI data, which every one of the runs holds whole, so that each run is
// complete on its own (wait states, clocks, exports, `analyze --kind`). A trace without any
// complete stage-tree collective is stored as one run of its world communicator, named NAME.

#include "core/analysis/clockmodel.h"
#include "core/model/mpiruns.h"
#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::record {

// Corrects the trace in place onto its reference host's clock; the model that did it.
Result<ClockModel> correctClocks(MpiTrace& trace);

// Stores the run, the corrected trace beside it and every host's clock model; the run's id.
Result<std::int64_t> storeMpiRun(store::Session& session, const MpiTrace& trace, const Run& run,
                                 const ClockModel& model, const store::RunMetadata& meta);

struct StoredMpiRun
{
    std::int64_t id = 0;
    std::string label;       // "MPI_Allreduce on MPI_COMM_WORLD"; "" for the fallback run
    std::int64_t calls = 0;  // complete instances (of a tree run: those through the tree)
    std::int64_t timeNs = 0; // time in the kind's calls
};

// The runs of one (communicator, kind) each, as above; never empty.
Result<std::vector<StoredMpiRun>> storeMpiRuns(store::Session& session, const MpiTrace& trace,
                                               const ClockModel& model,
                                               const store::RunMetadata& meta, RunShape shape);

} // namespace xylem::record
