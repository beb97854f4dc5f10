#pragma once

// What xylem-gsum says of its run, read back from its output: the time per iteration of the
// line "gsum: H hosts, T threads, N calls: X us per iteration, ...".

#include <optional>
#include <string>

namespace xylem::record {

std::optional<double> gsumIterationUs(const std::string& outputFile);

} // namespace xylem::record
