#pragma once

// A run's MPI data (core/model/mpitrace.h) in the session: ranks, communicators, every MPI
// event and the clock samples, kept beside the run's tuples (which core/model/mpiruns derives
// from the collectives so that every view works on MPI runs too), and of a run through Xylem's
// tree (`xylem-cli mpi --tree`) its tree edges, so that a kind rebuilt from the stored data is
// that tree (mpitreerun.h). Written once per run.

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>

namespace xylem::store {

// Stores the trace with run `run`; an error if that run already has MPI data.
Result<Ok> addMpiTrace(Session& session, std::int64_t run, const MpiTrace& trace);
// The trace stored with the run, events ordered by (rank, enter); NotFound if it has none.
Result<MpiTrace> mpiTrace(Session& session, std::int64_t run);
// Whether the run holds MPI data (cheap: no events are read).
Result<bool> hasMpiTrace(Session& session, std::int64_t run);

} // namespace xylem::store
