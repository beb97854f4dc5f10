#include "app/gui/mpikinddata.h"

#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"

#include <cstdlib>

namespace xylem::gui {

namespace {

// The NAME part of "NAME: LABEL" when the run's name ends with one of the labels.
std::optional<std::string> recordingName(const std::string& name,
                                         const std::vector<std::string>& labels)
{
    for (const std::string& label : labels) {
        if (name == label) {
            return std::string();
        }
        const std::string tail = ": " + label;
        if (name.size() > tail.size() && name.ends_with(tail)) {
            return name.substr(0, name.size() - tail.size());
        }
    }
    return std::nullopt;
}

} // namespace

Result<std::optional<std::vector<MpiKindEntry>>> loadMpiKinds(store::Session& session,
                                                              std::int64_t run)
{
    using Kinds = std::optional<std::vector<MpiKindEntry>>;
    XYLEM_TRY(has, store::hasMpiTrace(session, run));
    if (!has.value()) {
        return Kinds();
    }
    XYLEM_TRY(trace, store::mpiTrace(session, run));
    XYLEM_TRY(runs, store::listRuns(session));
    XYLEM_TRY(current, store::runInfo(session, run));
    const std::vector<MpiKindGroup> groups = collectiveKinds(trace.value());
    std::vector<std::string> labels;
    for (const MpiKindGroup& g : groups) {
        labels.push_back(kindLabel(trace.value(), g.communicator, g.call));
    }
    const auto recording = recordingName(current->metadata.name, labels);
    const auto best = defaultKind(groups);
    std::vector<MpiKindEntry> kinds;
    for (size_t i = 0; i < groups.size(); ++i) {
        const MpiKindGroup& g = groups[i];
        if (g.complete == 0) {
            continue;
        }
        const MpiCommunicator* comm = trace->communicator(g.communicator);
        MpiKindEntry e{0,
                       std::string(mpiCallName(g.call)),
                       comm ? comm->name : "communicator " + std::to_string(g.communicator),
                       g.complete,
                       g.timeNs,
                       formsStageTree(g.call),
                       best && best->communicator == g.communicator && best->call == g.call};
        const std::string wanted =
            recording && !recording->empty() ? *recording + ": " + labels[i] : labels[i];
        for (const store::RunInfo& r : runs.value()) {
            if (e.stageTree && recording && r.metadata.name == wanted &&
                (e.run == 0 || std::llabs(r.id - run) < std::llabs(e.run - run))) {
                e.run = r.id;
            }
        }
        kinds.push_back(e);
    }
    return Kinds(std::move(kinds));
}

} // namespace xylem::gui
