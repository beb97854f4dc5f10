#pragma once

// Loads a run from a configuration file and a trace file; errors name the file.

#include "core/model/result.h"
#include "core/model/run.h"

#include <string>

namespace xylem::cli {

Result<Run> loadRun(const std::string& treePath, const std::string& tracePath);

} // namespace xylem::cli
