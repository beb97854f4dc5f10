#pragma once

// The clock models stored with a run (MPI runs and tree runs across hosts), as `info` prints
// them: per host its offset onto its master's clock with the error bound, its drift, and
// whether the offset is beyond its bound or within it (as good as the same clock: a tree run
// leaves such a host's tuples as they are), or that the host was never measured.

#include "core/analysis/clockmodel.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace xylem::cli {

std::vector<std::string> clockLines(const std::vector<HostClock>& clocks);
nlohmann::ordered_json clocksJson(const std::vector<HostClock>& clocks);

} // namespace xylem::cli
