#pragma once

// `xylem-cli analyze --call S`: one call of a run as text (core/analysis/calldetail.h): its
// figures, the next slower and faster call, who arrived last and left first at each gred,
// every edge's down and up and every thread's stages, times from the call's start.

#include "app/cli/arguments.h"
#include "core/model/result.h"

#include <cstdint>
#include <ostream>

namespace xylem::cli {

// The run of the arguments (files or a session, in their window) and its call `seq`.
Result<Ok> printCall(const Arguments& args, std::int64_t seq, std::ostream& out,
                     std::ostream& note);

} // namespace xylem::cli
