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

} // namespace xylem::testing
