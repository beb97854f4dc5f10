#pragma once

// Every occurrence of `from` replaced by `to`: placeholders such as "{host}" in launcher
// templates, ring prefixes and a leaf's arguments, quotes in a shell word.

#include <string>
#include <string_view>

namespace xylem {

std::string replaceAll(std::string text, std::string_view from, std::string_view to);

} // namespace xylem
