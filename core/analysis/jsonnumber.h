#pragma once

// Numbers in the analysis's JSON documents (analyze --json, findings, the run over time, the
// live monitors' lines): a NaN (no calls, nothing measured) is written as null rather than as
// a number nobody measured, and so is an optional with no value.

#include <cmath>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

namespace xylem {

inline nlohmann::ordered_json jsonNumber(double v)
{
    return std::isnan(v) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}

inline nlohmann::ordered_json jsonNumber(const std::optional<double>& v)
{
    return v ? jsonNumber(*v) : nlohmann::ordered_json(nullptr);
}

inline nlohmann::ordered_json jsonNumbers(const std::vector<double>& values)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (double v : values) {
        list.push_back(jsonNumber(v));
    }
    return list;
}

} // namespace xylem
