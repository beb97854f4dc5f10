#pragma once

// Compares two JSON documents as the worked examples ask: numbers with a relative tolerance,
// key order free, everything else exactly. Returns one line per difference.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace xylem::testing {

std::vector<std::string> jsonDifferences(const nlohmann::json& expected,
                                         const nlohmann::json& actual,
                                         double relativeTolerance = 1e-9);

// What `xylem-cli analyze --json` adds to the analysis report besides metrics.md's report
// (app/cli/runinsights.h): the worked examples' expected reports do not hold it.
inline constexpr const char* kInsightKeys[] = {"findings", "over_time", "periodic_outliers",
                                               "outliers"};

// The report alone, after checking that analyze added each insight.
inline nlohmann::json reportWithoutInsights(nlohmann::json j, bool* hadAll = nullptr)
{
    bool all = true;
    for (const char* key : kInsightKeys) {
        all = all && j.contains(key);
        j.erase(key);
    }
    if (hadAll != nullptr) {
        *hadAll = all;
    }
    return j;
}

} // namespace xylem::testing
