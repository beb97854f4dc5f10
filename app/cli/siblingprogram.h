#pragma once

// Where xylem-cli finds the programs it starts (xylem-gsum, xylem-collector, xylem-relay):
// $XYLEM_<NAME> (e.g. XYLEM_GSUM), then next to xylem-cli itself (an installed bin/), then
// where this build put it, then $PATH.

#include "core/model/result.h"

#include <string>

namespace xylem::cli {

Result<std::string> findSiblingProgram(const std::string& name);

} // namespace xylem::cli
