#pragma once

// The rules every set of tuples obeys before analysis (metrics.md §8), whatever its source:
// a known non-root collector, up >= down, at most one tuple per (collector, seq), and
// timestamps within kMaxRunSpanNs of each other (timespan.h).

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

// Every rule; the first problem in input order of the first rule broken.
std::optional<TupleProblem> findTupleProblem(const Configuration& config,
                                             std::span<const Tuple> tuples);

// Every rule but uniqueness: what the analysis needs to compute safely. (It tolerates a repeated
// (collector, seq) by keeping the first tuple; input formats forbid repeats, so readers check
// them with findTupleProblem.)
std::optional<TupleProblem> findUnsafeTuple(const Configuration& config,
                                            std::span<const Tuple> tuples);

} // namespace xylem
