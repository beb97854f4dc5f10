#pragma once

// The Monitors section of `xylem-cli info` and `xylem-cli analyze`: what a live recording
// stored of its monitors (core/store/monitorresults.h) — the gather rate per collector, losses
// and lost or slow nodes, the mean delay, tuples per second, the load-balance counts and
// imbalance path, the statistics monitor's tables with the sliding-window median — as text
// and as JSON. A run recorded otherwise has none ("not recorded"); a stored result that does
// not parse is said as such, and the rest of the output stays.

#include "core/model/result.h"
#include "core/store/monitorresults.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

namespace xylem::cli {

struct RunMonitors
{
    std::int64_t run = 0;
    Result<std::optional<store::StoredAccounting>> accounting =
        std::optional<store::StoredAccounting>();
    Result<std::optional<store::MonitorResults>> results = std::optional<store::MonitorResults>();

    // Something stored (readable or not).
    bool recorded() const;
};

RunMonitors readRunMonitors(store::Session& session, std::int64_t run);

// "Monitors of run N:" and its lines; one line for a run without.
void printRunMonitors(std::ostream& out, const RunMonitors& monitors);

// {"accounting": {...} | null, "load_balance": [...] | null, "statistics": {...} | null} and
// "errors" when a stored result does not parse.
nlohmann::ordered_json runMonitorsJson(const RunMonitors& monitors);

} // namespace xylem::cli
