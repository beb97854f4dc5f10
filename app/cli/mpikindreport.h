#pragma once

// The parts of `xylem-cli analyze` that are about MPI collective kinds (metrics.md §9): which kind
// was analysed (and the others there are), a rooted kind's root-aware summary, and the stage
// guard's note on negative stage means, as text and as JSON.

#include "app/cli/mpikindchoice.h"
#include "core/analysis/rootedsummary.h"
#include "core/analysis/stageguard.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace xylem::cli {

// "MPI kind: MPI_Allreduce on MPI_COMM_WORLD (200 calls, 12.3 ms), the most time" and a line
// with the other kinds and how to choose them.
void printKindHeader(std::ostream& out, const KindChoice& choice);
nlohmann::ordered_json kindToJson(const KindChoice& choice);

void printRootedSummary(std::ostream& out, const MpiTrace& trace, const RootedSummary& s);
nlohmann::ordered_json rootedSummaryToJson(const MpiTrace& trace, const RootedSummary& s);

// Nothing when the guard is clean.
void printStageGuard(std::ostream& out, const StageGuard& guard, const AnalysisReport& report);
nlohmann::ordered_json stageGuardToJson(const StageGuard& guard, const AnalysisReport& report);

} // namespace xylem::cli
