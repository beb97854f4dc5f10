#pragma once

// The session's own tables as Tables (for "export any table as CSV" and the GUI's lists):
// "runs", "calls", "summary", "system_samples", "clock_models", "scopes", "mpi_ranks",
// "mpi_events" (mpitables.h). All but "runs" and "scopes" belong to one run.

#include "core/model/result.h"
#include "core/model/table.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace xylem::store {

std::vector<std::string_view> storeTableNames();
bool storeTableNeedsRun(std::string_view name);
// summary: every level of every series; series: kOperationSeries, kSlowestThreadSeries or a
// collector's wrapper index.
Result<Table> storeTable(Session& session, std::string_view name, std::optional<std::int64_t> run);

} // namespace xylem::store
