#pragma once

// The xylem-tree/1 file format (metrics.md §8), both ways.

#include "core/model/configuration.h"
#include "core/model/result.h"

#include <string>
#include <string_view>

namespace xylem {

inline constexpr std::string_view kTreeFormat = "xylem-tree/1";

Result<Configuration> parseConfigurationJson(std::string_view text);
Result<Configuration> readConfigurationFile(const std::string& path);
std::string configurationToJson(const Configuration& config);

} // namespace xylem
