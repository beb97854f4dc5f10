#pragma once

// Whole-file reading for the interchange formats, with errors as values.

#include "core/model/result.h"

#include <string>

namespace xylem {

Result<std::string> readTextFile(const std::string& path);
// 1-based line and column of a byte offset, as "line L, column C".
std::string describePosition(std::string_view text, size_t offset);

} // namespace xylem
