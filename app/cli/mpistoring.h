#pragma once

// What `xylem-cli import X.otf2` and `xylem-cli mpi` both do with an MPI trace before and while
// storing it: map every host's clock onto the reference host (core/analysis/clockmodel, with
// the residual skew measured on the corrected trace), then keep the run, its MPI data and one
// xylem-clock/1 document per host (store::setClockModel) together in the session.

#include "core/analysis/clockmodel.h"
#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"

#include <cstdint>

namespace xylem::cli {

// Corrects the trace in place onto its reference host's clock; the model that did it.
Result<ClockModel> correctClocks(MpiTrace& trace);

// Stores the run, the corrected trace beside it and every host's clock model; the run's id.
Result<std::int64_t> storeMpiRun(store::Session& session, const MpiTrace& trace, const Run& run,
                                 const ClockModel& model, const store::RunMetadata& meta);

} // namespace xylem::cli
