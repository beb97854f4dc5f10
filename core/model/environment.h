#pragma once

// The environment of a program one starts: its own NAME=VALUE entries first, then every
// inherited one it does not set itself (getenv() returns the first match, so an inherited
// XYLEM_RING_PREFIX must not hide the one given).

#include <string>
#include <vector>

namespace xylem {

std::vector<std::string> environmentWith(const std::vector<std::string>& own);

} // namespace xylem
