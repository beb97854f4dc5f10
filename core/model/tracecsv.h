#pragma once

// The trace interchange format (metrics.md §8): header collector,seq,down_ns,up_ns
// [,op,ret], one row per tuple, rows in any order. Errors name the line and column.

#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

Result<std::vector<Tuple>> parseTraceCsv(std::string_view text, const Configuration& config);
Result<std::vector<Tuple>> readTraceCsvFile(const std::string& path, const Configuration& config);

// Writes with the op,ret columns when any tuple carries a non-zero op or ret.
std::string traceToCsv(std::span<const Tuple> tuples, const Configuration& config);

} // namespace xylem
