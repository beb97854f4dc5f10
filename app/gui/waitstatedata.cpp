#include "app/gui/waitstatedata.h"

#include "app/gui/runclocks.h"
#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"

namespace xylem::gui {

Result<std::optional<WaitStateData>> loadWaitStates(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(has, store::hasMpiTrace(session, run));
    if (!has.value()) {
        return std::optional<WaitStateData>();
    }
    XYLEM_TRY(trace, store::mpiTrace(session, run));
    XYLEM_TRY(report, analyzeWaitStates(trace.value()));
    XYLEM_TRY(config, store::runConfiguration(session, run));
    XYLEM_TRY(clocks, store::storedClocks(session, run));
    WaitStateData data{std::move(report).value(), trace->ranks, {}, std::move(clocks).value()};
    for (const MpiRank& r : data.ranks) {
        data.wrapperOfRank.push_back(config->indexOf(rankWrapperId(r.rank)));
    }
    return std::optional(std::move(data));
}

} // namespace xylem::gui
