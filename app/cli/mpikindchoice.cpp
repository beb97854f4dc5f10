#include "app/cli/mpikindchoice.h"

#include "app/cli/durationformat.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"

#include <algorithm>
#include <charconv>

namespace xylem::cli {

namespace {

// The run whose MPI data is read; nullopt for a stored run analysed as it is.
Result<std::optional<std::int64_t>> baseRun(const Arguments& a, store::Session& session)
{
    const bool asked = a.has("kind") || a.has("comm");
    XYLEM_TRY(given, a.optionalId("run"));
    if (given.value()) {
        if (!asked) {
            return std::optional<std::int64_t>();
        }
        XYLEM_TRY(has, store::hasMpiTrace(session, *given.value()));
        if (!has.value()) {
            return makeError(ErrorCode::InvalidArgument,
                             "--kind and --comm choose among MPI collectives, and run " +
                                 std::to_string(*given.value()) + " has no MPI data");
        }
        return given.value();
    }
    XYLEM_TRY(runs, store::listRuns(session));
    std::optional<std::int64_t> newest;
    bool allMpi = !runs->empty();
    for (const store::RunInfo& r : runs.value()) {
        XYLEM_TRY(has, store::hasMpiTrace(session, r.id));
        allMpi = allMpi && has.value();
        if (has.value() && (!newest || r.id > *newest)) {
            newest = r.id;
        }
    }
    if (allMpi) {
        return newest;
    }
    if (asked) {
        // The error that lists the runs, or the only run, which has no MPI data.
        XYLEM_TRY(only, store::resolveRun(session, std::nullopt));
        return makeError(ErrorCode::InvalidArgument,
                         newest ? "--kind and --comm need --run N: the session holds runs "
                                  "without MPI data beside MPI runs"
                                : "--kind and --comm choose among MPI collectives, and run " +
                                      std::to_string(only.value()) + " has no MPI data");
    }
    return std::optional<std::int64_t>();
}

std::string communicatorList(const MpiTrace& trace)
{
    std::string text;
    for (const MpiCommunicator& c : trace.communicators) {
        text += (text.empty() ? "" : ", ") + std::to_string(c.id) + " (" + c.name + ")";
    }
    return text;
}

std::string groupList(const MpiTrace& trace, const std::vector<MpiKindGroup>& groups)
{
    std::string text;
    for (const MpiKindGroup& g : groups) {
        text += (text.empty() ? "" : ", ") + describeGroup(trace, g);
    }
    return text;
}

Result<std::optional<std::int32_t>> communicatorOf(const Arguments& a, const MpiTrace& trace,
                                                   std::int64_t run)
{
    if (!a.has("comm")) {
        return std::optional<std::int32_t>();
    }
    XYLEM_TRY(text, a.one("comm"));
    std::int32_t id = 0;
    const char* end = text->data() + text->size();
    const auto [next, ec] = std::from_chars(text->data(), end, id);
    for (const MpiCommunicator& c : trace.communicators) {
        if ((ec == std::errc() && next == end && c.id == id) || c.name == text.value()) {
            return std::optional(c.id);
        }
    }
    return makeError(ErrorCode::InvalidArgument, "--comm '" + text.value() + "': run " +
                                                     std::to_string(run) +
                                                     " has the communicators " +
                                                     communicatorList(trace));
}

Result<std::optional<MpiCall>> kindOf(const Arguments& a)
{
    if (!a.has("kind")) {
        return std::optional<MpiCall>();
    }
    XYLEM_TRY(text, a.one("kind"));
    const auto call = collectiveFromName(text.value());
    if (!call) {
        return makeError(ErrorCode::InvalidArgument,
                         "--kind '" + text.value() +
                             "' is no MPI collective; give one of (or its MPI name, "
                             "MPI_Allreduce ...): " +
                             collectiveShortNames());
    }
    return call;
}

Result<MpiKindGroup> pick(const KindChoice& c, std::optional<MpiCall> kind,
                          std::optional<std::int32_t> comm)
{
    std::vector<MpiKindGroup> fitting;
    for (const MpiKindGroup& g : c.groups) {
        if ((!kind || g.call == *kind) && (!comm || g.communicator == *comm) && g.complete > 0) {
            fitting.push_back(g);
        }
    }
    if (kind && !comm) {
        const auto world = std::find_if(fitting.begin(), fitting.end(),
                                        [](const MpiKindGroup& g) { return g.communicator == 0; });
        if (world != fitting.end()) {
            return *world;
        }
    }
    if (const auto best = defaultKind(fitting)) {
        return *best;
    }
    std::string what = kind ? std::string(mpiCallName(*kind)) : std::string("collective");
    if (comm) {
        const MpiCommunicator* named = c.trace.communicator(*comm);
        what += " on " + (named ? named->name : std::to_string(*comm));
    }
    return makeError(ErrorCode::NotFound, "run " + std::to_string(c.run) + " has no complete " +
                                              what + "; it has: " + groupList(c.trace, c.groups));
}

RunShape shapeOf(const Configuration& config)
{
    for (int w = 0; w < config.wrapperCount(); ++w) {
        if (config.wrapper(w).id.starts_with("host:") ||
            config.wrapper(w).id.starts_with("cluster:")) {
            return RunShape::Hierarchy;
        }
    }
    return RunShape::Flat;
}

} // namespace

std::string describeGroup(const MpiTrace& trace, const MpiKindGroup& group)
{
    return kindLabel(trace, group.communicator, group.call) + " (" +
           std::to_string(group.complete) + " calls, " +
           formatDuration(static_cast<double>(group.timeNs)) + ")";
}

Result<std::optional<KindChoice>> chooseKind(const Arguments& a, store::Session& session)
{
    XYLEM_TRY(kind, kindOf(a));
    XYLEM_TRY(base, baseRun(a, session));
    if (!base.value()) {
        return std::optional<KindChoice>();
    }
    KindChoice c;
    c.run = *base.value();
    XYLEM_TRY(trace, store::mpiTrace(session, c.run));
    c.trace = std::move(trace).value();
    c.groups = collectiveKinds(c.trace);
    XYLEM_TRY(comm, communicatorOf(a, c.trace, c.run));
    c.isDefault = !kind.value() && !comm.value();
    if (c.isDefault && !defaultKind(c.groups)) {
        return std::optional<KindChoice>(); // no complete collective: the stored run as it is
    }
    XYLEM_TRY(chosen, pick(c, kind.value(), comm.value()));
    c.chosen = chosen.value();
    XYLEM_TRY(config, store::runConfiguration(session, c.run));
    c.shape = shapeOf(config.value());
    XYLEM_TRY(clocks, store::storedClocks(session, c.run));
    c.clocks = std::move(clocks).value();
    return std::optional(std::move(c));
}

} // namespace xylem::cli
