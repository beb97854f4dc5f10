#pragma once

// The first step of every JSON interchange format: the text parsed into an object, or an
// error that says where the JSON breaks ("line L, column C") or that `what` must be an object.

#include "core/model/result.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace xylem {

Result<nlohmann::json> parseJsonObject(std::string_view text, const std::string& what);

// Whether the object's "format" is the string `format`; any other value (a number, a boolean:
// what a damaged file may hold) is simply not that format, never an exception.
bool hasFormat(const nlohmann::json& object, std::string_view format);

} // namespace xylem
