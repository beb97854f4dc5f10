#pragma once

// Durations for people: "850.0 ns", "12.3 µs", "4.56 ms", "1.200 s"; "-" when there is no
// value. The unit and the decimals are core/model/durationunits.h's rule, the GUI's as well.

#include <string>

namespace xylem::cli {

std::string formatDuration(double ns);
std::string formatShare(double fraction); // "66.7 %"
// A ratio such as a speedup, with a fixed number of decimals: "1.429" (3), "1.43" (2).
std::string formatRatio(double value, int decimals = 3);

} // namespace xylem::cli
