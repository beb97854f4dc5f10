#include "app/gui/mpikinddata.h"

#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"

#include <algorithm>
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

namespace {

// "NAME: " of "NAME: MPI_X on C", "" for "MPI_X on C"; nullopt for a name of no kind.
std::optional<QString> kindPrefix(const QString& name)
{
    const qsizetype at = name.lastIndexOf(QStringLiteral(": MPI_"));
    if (at >= 0 && name.indexOf(QStringLiteral(" on "), at) > at) {
        return name.left(at + 2);
    }
    if (name.startsWith(QStringLiteral("MPI_")) && name.contains(QStringLiteral(" on "))) {
        return QString();
    }
    return std::nullopt;
}

} // namespace

qint64 newestRecordingStart(const QVector<RunEntry>& runs)
{
    QVector<RunEntry> sorted = runs;
    std::sort(sorted.begin(), sorted.end(),
              [](const RunEntry& a, const RunEntry& b) { return a.id < b.id; });
    if (sorted.isEmpty()) {
        return 0;
    }
    qsizetype first = sorted.size() - 1;
    const auto prefix = kindPrefix(sorted[first].name);
    while (prefix && first > 0 && sorted[first - 1].source == sorted[first].source &&
           kindPrefix(sorted[first - 1].name) == prefix) {
        --first;
    }
    return sorted[first].id;
}

} // namespace xylem::gui
