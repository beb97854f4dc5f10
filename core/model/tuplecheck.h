#pragma once

// The rules every set of tuples obeys before analysis (metrics.md §8), whatever its source:
// a known non-root collector, up >= down, and at most one tuple per (collector, seq).

#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <optional>
#include <span>
#include <string>

namespace xylem {

struct TupleProblem
{
    size_t index = 0;      // the offending tuple
    size_t firstIndex = 0; // for a duplicate: the tuple it repeats; else == index
    std::string message;
};

std::optional<TupleProblem> findTupleProblem(const Configuration& config,
                                             std::span<const Tuple> tuples);

} // namespace xylem
