#include "core/store/repair.h"

#include "core/store/derived.h"
#include "core/store/runcatalog.h"

#include <string>

namespace xylem::store {

namespace {

Result<RunRepair> repairRun(Session& session, const RunInfo& before)
{
    XYLEM_TRY(tx, Transaction::begin(session.database()));
    XYLEM_TRY(rebuilt, rebuildDerived(session.database(), before.id));
    XYLEM_TRY(committed, tx.value().commit());
    XYLEM_TRY(after, runInfo(session, before.id));
    return RunRepair{before.id,    before.calls,           before.incompleteCalls,
                     after->calls, after->incompleteCalls, after->tuples};
}

} // namespace

Result<std::vector<RunRepair>> repairRuns(Session& session, std::optional<std::int64_t> run)
{
    XYLEM_TRY(writable, session.requireWritable());
    std::vector<RunInfo> runs;
    if (run) {
        XYLEM_TRY(info, runInfo(session, *run));
        if (info->status == RunStatus::Recording) {
            return makeError(ErrorCode::InvalidArgument,
                             "run " + std::to_string(*run) +
                                 " is still recording; if its recording was cut off, recover "
                                 "it first");
        }
        runs.push_back(std::move(info).value());
    } else {
        XYLEM_TRY(all, listRuns(session));
        for (RunInfo& info : all.value()) {
            if (info.status != RunStatus::Recording) {
                runs.push_back(std::move(info));
            }
        }
    }
    std::vector<RunRepair> repaired;
    for (const RunInfo& info : runs) {
        XYLEM_TRY(done, repairRun(session, info));
        repaired.push_back(done.value());
    }
    return repaired;
}

} // namespace xylem::store
