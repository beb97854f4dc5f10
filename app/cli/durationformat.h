#pragma once

// Durations for people: "850 ns", "12.3 µs", "4.56 ms", "1.20 s"; "-" when there is no value.

#include <string>

namespace xylem::cli {

std::string formatDuration(double ns);
std::string formatShare(double fraction); // "66.7 %"

} // namespace xylem::cli
