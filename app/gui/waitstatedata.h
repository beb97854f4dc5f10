#pragma once

// What the wait-state view shows for a run: the wait-state report of its MPI data, its ranks
// (host, cluster) and each rank's thread wrapper in the run's configuration, so that selecting a
// rank there selects the same thread in the other views; and the clock model of each host the
// run stored (store::clockModels), for the residual skew. Loaded off the GUI thread by
// SessionController::queryWaitStates.

#include "core/analysis/clockmodel.h"
#include "core/analysis/waitstates.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <optional>
#include <vector>

namespace xylem::gui {

struct WaitStateData
{
    WaitStateReport report;
    std::vector<MpiRank> ranks;
    std::vector<int> wrapperOfRank; // -1 where the run's tree has no "r<rank>"
    std::vector<HostClock> clocks;  // empty for a run stored without clock models
};

// nullopt for a run without MPI data.
Result<std::optional<WaitStateData>> loadWaitStates(store::Session& session, std::int64_t run);

} // namespace xylem::gui
