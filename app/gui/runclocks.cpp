#include "app/gui/runclocks.h"

#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/storedclocks.h"

namespace xylem::gui {

Result<RunClocks> loadRunClocks(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(clocks, store::storedClocks(session, run));
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
