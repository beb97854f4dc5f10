#pragma once

// xylem-gsum launch: a local cluster (launcher.h) over a configuration given or generated, its
// run directory in $TMPDIR, and the summary of its hosts' reports (or, with --trace-out, the
// trace its rings recorded). What it made goes when it ends, however it ends: its run directory
// and its own rings; rings under a prefix the user set stay for the user's collector, unless
// the launch's parent went away (lifeline.h), for whom they were kept.

#include "collectors/allreduce/gsum/gsumoptions.h"

#include <optional>

namespace xylem::allreduce {

// lifeline: the descriptor the launch's parent watches us through ($XYLEM_LIFELINE_FD), if any.
int launchCommand(const GsumOptions& options, std::optional<int> lifeline);

} // namespace xylem::allreduce
