#include "app/cli/mpistoring.h"

#include "core/analysis/clockmodeljson.h"
#include "core/analysis/clockresidual.h"
#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"

namespace xylem::cli {

Result<ClockModel> correctClocks(MpiTrace& trace)
{
    XYLEM_TRY(model, ClockModel::build(trace));
    model->correct(trace);
    measureResidualSkew(trace, model.value());
    return model;
}

Result<std::int64_t> storeMpiRun(store::Session& session, const MpiTrace& trace, const Run& run,
                                 const ClockModel& model, const store::RunMetadata& meta)
{
    XYLEM_TRY(id, store::importRun(session, run.configuration, run.tuples, meta));
    XYLEM_TRY(stored, store::addMpiTrace(session, id.value(), trace));
    for (const HostClock& clock : model.hosts()) {
        XYLEM_TRY(set, store::setClockModel(session, id.value(), clock.host,
                                            clockModelJson(clock, model.referenceHost())));
    }
    return id;
}

} // namespace xylem::cli
