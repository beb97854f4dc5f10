#pragma once

// Path classes (metrics.md §6): threads with the same path signature form a class; its
// representative is the member with the largest mean call time (ties to the later thread).

#include "core/analysis/report.h"

#include <vector>

namespace xylem {

std::vector<ThreadClass> classifyThreads(const std::vector<ThreadReport>& threads);

} // namespace xylem
