#pragma once

// xylem-gsum run: one host of a cluster. It finds its peers through a run directory (--rundir,
// with --addresses when ports are fixed by hand) or, with --rendezvous stdio, through the
// launch that started it (collectors/allreduce/stdiorendezvous.h): its token, configuration and
// peers' addresses come on stdin, whose end is its lifeline, and nothing is shared with the
// launch's machine but the pipes (ssh {host} {command}).

#include "collectors/allreduce/gsum/gsumoptions.h"

#include <optional>

namespace xylem::allreduce {

// lifeline: the descriptor its launch watches it through ($XYLEM_LIFELINE_FD), if any.
int runCommand(const GsumOptions& options, std::optional<int> lifeline);

} // namespace xylem::allreduce
