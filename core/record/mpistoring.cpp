#include "core/record/mpistoring.h"

#include "core/analysis/clockmodeljson.h"
#include "core/analysis/clockresidual.h"
#include "core/model/mpikinds.h"
#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"

#include <algorithm>
#include <map>

namespace xylem::record {

namespace {

// The calls whose every non-root wrapper has its tuple: the kind's complete instances, or of a
// tree run (core/model/mpitreerun.h) those that went through the tree complete (its fallbacks
// to MPI's own calls are not in it).
std::int64_t completeCalls(const Run& run)
{
    std::map<std::int64_t, int> tuples;
    for (const Tuple& t : run.tuples) {
        ++tuples[t.seq];
    }
    const int want = run.configuration.wrapperCount() - 1;
    return std::count_if(tuples.begin(), tuples.end(),
                         [want](const auto& entry) { return entry.second == want; });
}

} // namespace

Result<ClockModel> correctClocks(MpiTrace& trace)
{
    XYLEM_TRY(model, ClockModel::build(trace));
    model->correct(trace);
    // The tree's edges (mpitreerun.h) in the clock of the rank that recorded them, as events.
    for (MpiTreeEdge& e : trace.treeEdges) {
        const std::string& host = trace.ranks[static_cast<std::size_t>(e.recorder())].host;
        e.down = model->toReference(host, e.down);
        e.up = model->toReference(host, e.up);
    }
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

Result<std::vector<StoredMpiRun>> storeMpiRuns(store::Session& session, const MpiTrace& trace,
                                               const ClockModel& model,
                                               const store::RunMetadata& meta, RunShape shape)
{
    std::vector<StoredMpiRun> stored;
    for (const MpiKindGroup& g : collectiveKinds(trace)) {
        if (!formsStageTree(g.call) || g.complete == 0) {
            continue;
        }
        XYLEM_TRY(run, collectiveRun(trace, g.communicator, g.call, shape));
        StoredMpiRun kind{0, kindLabel(trace, g.communicator, g.call), completeCalls(run.value()),
                          g.timeNs};
        store::RunMetadata named = meta;
        named.name = meta.name.empty() ? kind.label : meta.name + ": " + kind.label;
        XYLEM_TRY(id, storeMpiRun(session, trace, run.value(), model, named));
        kind.id = id.value();
        stored.push_back(kind);
    }
    if (stored.empty()) {
        XYLEM_TRY(run, collectiveRun(trace, 0, shape));
        XYLEM_TRY(id, storeMpiRun(session, trace, run.value(), model, meta));
        stored.push_back({id.value(), "", 0, 0});
    }
    return stored;
}

} // namespace xylem::record
