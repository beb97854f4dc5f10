#include "app/gui/waitstatedata.h"

#include "core/analysis/clockmodeljson.h"
#include "core/model/mpiruns.h"
#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"

namespace xylem::gui {

namespace {

Result<std::vector<HostClock>> loadClocks(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(records, store::clockModels(session, run));
    std::vector<HostClock> clocks;
    for (const store::ClockModelRecord& r : records.value()) {
        auto clock = parseClockModelJson(r.modelJson);
        if (!clock) {
            return makeError(clock.error().code, "the clock model of host " + r.host + " in run " +
                                                     std::to_string(run) + ": " +
                                                     clock.error().describe());
        }
        clocks.push_back(std::move(clock).value());
    }
    return clocks;
}

} // namespace

Result<std::optional<WaitStateData>> loadWaitStates(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(has, store::hasMpiTrace(session, run));
    if (!has.value()) {
        return std::optional<WaitStateData>();
    }
    XYLEM_TRY(trace, store::mpiTrace(session, run));
    XYLEM_TRY(report, analyzeWaitStates(trace.value()));
    XYLEM_TRY(config, store::runConfiguration(session, run));
    XYLEM_TRY(clocks, loadClocks(session, run));
    WaitStateData data{std::move(report).value(), trace->ranks, {}, std::move(clocks).value()};
    for (const MpiRank& r : data.ranks) {
        data.wrapperOfRank.push_back(config->indexOf(rankWrapperId(r.rank)));
    }
    return std::optional(std::move(data));
}

} // namespace xylem::gui
