#pragma once

// The clocks of a run as the GUI shows them: the models the run stored (store::clockModels),
// what the analysis is told about them (which hosts have one, core/analysis/clockcoverage.h),
// and for the clock view whether each host's tuples were corrected and, for a tree run, the
// residual skew measured on its proxy hops (core/analysis/treeclockcheck.h). Read off the GUI
// thread by SessionController.

#include "core/analysis/clockcoverage.h"
#include "core/analysis/clockmodel.h"
#include "core/analysis/treeclockcheck.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <vector>

namespace xylem::gui {

// The stored models and the analysis's coverage: core/store/storedclocks.h.

struct RunClocks
{
    bool treeRun = true;                      // false: an MPI run (its own correction rule)
    std::vector<HostClock> clocks;            // a tree run's residual measured on its tuples
    std::vector<ClockCorrection> corrections; // per clock
};
Result<RunClocks> loadRunClocks(store::Session& session, std::int64_t run);

} // namespace xylem::gui
