#pragma once

// Storing an MPI trace moved to core/record/mpistoring.h with the rest of the MPI recording;
// xylem-cli import X.otf2 still names it here.

#include "core/record/mpistoring.h"

namespace xylem::cli {

using record::correctClocks;
using record::StoredMpiRun;
using record::storeMpiRun;
using record::storeMpiRuns;

} // namespace xylem::cli
