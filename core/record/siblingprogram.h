#pragma once

// Where a recording finds the programs it starts (xylem-gsum, xylem-collector, xylem-relay):
// $XYLEM_<NAME> (e.g. XYLEM_GSUM), then next to the running program (xylem-cli or xylem in an
// installed bin/), then where this build put it, then $PATH.

#include "core/model/result.h"

#include <string>

namespace xylem::record {

Result<std::string> findSiblingProgram(const std::string& name);

} // namespace xylem::record
