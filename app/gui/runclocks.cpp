#include "app/gui/runclocks.h"

#include "core/analysis/clockmodeljson.h"
#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"

namespace xylem::gui {

Result<std::vector<HostClock>> loadStoredClocks(store::Session& session, std::int64_t run)
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

Result<ClockCoverage> loadClockCoverage(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(clocks, loadStoredClocks(session, run));
    if (clocks->empty()) {
        XYLEM_TRY(info, store::runInfo(session, run));
        if (info->status == store::RunStatus::Recording) {
            return ClockCoverage{};
        }
    }
    return clockCoverage(clocks.value());
}

Result<RunClocks> loadRunClocks(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(clocks, loadStoredClocks(session, run));
    XYLEM_TRY(mpi, store::hasMpiTrace(session, run));
    RunClocks out{!mpi.value(), std::move(clocks).value(), {}};
    if (out.treeRun && !out.clocks.empty()) {
        // A tree run's models say nothing of what the correction left: check it on the tuples.
        XYLEM_TRY(loaded, store::loadRun(session, run));
        measureTreeResidualSkew(loaded->configuration, loaded->tuples, out.clocks);
    }
    for (const HostClock& c : out.clocks) {
        out.corrections.push_back(clockCorrection(c, out.treeRun));
    }
    return out;
}

} // namespace xylem::gui
