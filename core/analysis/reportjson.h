#pragma once

// The analysis report of metrics.md §8 (`xylem-cli analyze --json`) and the comparison, as JSON.

#include "core/analysis/comparison.h"
#include "core/analysis/report.h"

#include <nlohmann/json.hpp>

namespace xylem {

nlohmann::ordered_json statsToJson(const Stats& stats);
nlohmann::ordered_json reportToJson(const AnalysisReport& report);
nlohmann::ordered_json comparisonToJson(const Comparison& comparison);

} // namespace xylem
