#include "core/otf2/otf2importruns.h"

#include "core/model/configurationjson.h"
#include "core/model/tuplecheck.h"
#include "core/otf2/otf2importdefs.h"
#include "core/otf2/otf2status.h"
#include "core/otf2/otf2tuples.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>

namespace xylem::otf2 {

namespace {

// The location groups of one exported run ("run K collectors", one per host) and its tree.
struct RunGroups
{
    int number = 0; // K
    std::string tree;
    std::vector<std::uint32_t> groups;
};

// K of "run K collectors"; nullopt for any other name.
std::optional<int> runNumber(const std::string& name)
{
    constexpr std::string_view prefix = "run ", suffix = " collectors";
    if (!name.starts_with(prefix) || !name.ends_with(suffix))
        return std::nullopt;
    int k = 0;
    const char* end = name.data() + name.size() - suffix.size();
    const auto [at, ec] = std::from_chars(name.data() + prefix.size(), end, k);
    return ec == std::errc() && at == end ? std::optional(k) : std::nullopt;
}

std::vector<RunGroups> runGroups(const ImportDefs& defs)
{
    std::map<int, RunGroups> runs;
    for (const ImportDefs::Property& p : defs.groupProperties) {
        const auto group = defs.locationGroups.find(p.group);
        const int k = group == defs.locationGroups.end()
                          ? -1
                          : runNumber(defs.string(group->second.name)).value_or(-1);
        if (defs.string(p.name) == kTreeProperty && k >= 0) {
            RunGroups& run = runs[k];
            run.number = k;
            run.tree = defs.string(p.value);
            run.groups.push_back(p.group);
        }
    }
    std::vector<RunGroups> ordered;
    for (auto& [k, run] : runs)
        ordered.push_back(std::move(run));
    return ordered;
}

bool hasMpiRanks(const ImportDefs& defs)
{
    return std::any_of(defs.groups.begin(), defs.groups.end(), [](const auto& g) {
        return g.second.type == OTF2_GROUP_TYPE_COMM_LOCATIONS &&
               g.second.paradigm == OTF2_PARADIGM_MPI && !g.second.members.empty();
    });
}

bool hasTreelessRuns(const ImportDefs& defs)
{
    return std::any_of(defs.locationGroups.begin(), defs.locationGroups.end(),
                       [&](const auto& g) { return runNumber(defs.string(g.second.name)); });
}

// Where each collector location's tuples go, and the ids of the tuple attributes.
class TupleImport
{
public:
    struct Target
    {
        std::size_t run = 0;
        std::uint32_t collector = 0;
        std::string name;
    };

    TupleImport(std::vector<Run>& runs, std::map<std::uint64_t, Target> targets,
                std::array<OTF2_AttributeRef, kTupleAttributes.size()> attributes)
        : m_runs(runs)
        , m_targets(std::move(targets))
        , m_attributes(attributes)
    {
    }

    const std::map<std::uint64_t, Target>& targets() const { return m_targets; }
    const std::optional<Error>& error() const { return m_error; }

    void enter(OTF2_LocationRef location, const OTF2_AttributeList* list)
    {
        const auto target = m_targets.find(location);
        if (target == m_targets.end() || m_error)
            return;
        std::array<std::int64_t, kTupleAttributes.size()> v{};
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (OTF2_AttributeList_GetInt64(list, m_attributes[i], &v[i]) != OTF2_SUCCESS) {
                m_error = makeError(ErrorCode::MalformedInput,
                                    "a region of collector " + target->second.name + " in run " +
                                        std::to_string(target->second.run + 1) +
                                        " lacks its tuple's " + kTupleAttributes[i]);
                return;
            }
        }
        m_runs[target->second.run].tuples.push_back(
            Tuple{v[0], v[1], v[2], target->second.collector, static_cast<std::uint16_t>(v[3]),
                  static_cast<std::int16_t>(v[4])});
    }

private:
    std::vector<Run>& m_runs;
    std::map<std::uint64_t, Target> m_targets;
    std::array<OTF2_AttributeRef, kTupleAttributes.size()> m_attributes;
    std::optional<Error> m_error;
};

OTF2_CallbackCode onEnter(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                          OTF2_AttributeList* attributes, OTF2_RegionRef)
{
    auto& import = *static_cast<TupleImport*>(user);
    import.enter(location, attributes);
    return import.error() ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
}

Result<std::array<OTF2_AttributeRef, kTupleAttributes.size()>> attributeIds(const ImportDefs& defs)
{
    std::array<OTF2_AttributeRef, kTupleAttributes.size()> ids{};
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto it = std::find_if(defs.attributes.begin(), defs.attributes.end(), [&](auto& a) {
            return defs.string(a.second) == kTupleAttributes[i];
        });
        if (it == defs.attributes.end())
            return makeError(ErrorCode::MalformedInput,
                             std::string("the archive defines no attribute ") +
                                 kTupleAttributes[i]);
        ids[i] = it->first;
    }
    return ids;
}

// Each run's configuration, and the collector each of its locations stands for.
Result<std::map<std::uint64_t, TupleImport::Target>>
targetsOf(const ImportDefs& defs, const std::vector<RunGroups>& groups, std::vector<Run>& runs)
{
    std::map<std::uint64_t, TupleImport::Target> targets;
    for (std::size_t r = 0; r < groups.size(); ++r) {
        const std::string run = "run " + std::to_string(groups[r].number);
        auto config = parseConfigurationJson(groups[r].tree);
        if (!config)
            return makeError(config.error().code,
                             "the tree of " + run + ": " + config.error().describe());
        for (const auto& [location, group] : defs.locations) {
            if (std::find(groups[r].groups.begin(), groups[r].groups.end(), group) ==
                groups[r].groups.end())
                continue;
            const std::string name = defs.string(defs.locationNames.at(location));
            const int collector = config->indexOf(name);
            if (collector < 0)
                return makeError(ErrorCode::MalformedInput,
                                 "location " + name + " of " + run + " is no wrapper of its tree");
            targets[location] = {r, static_cast<std::uint32_t>(collector), name};
        }
        runs.push_back(Run{std::move(config).value(), {}});
    }
    return targets;
}

Result<Ok> readTuples(OTF2_Reader* reader, TupleImport& import, const std::string& anchor)
{
    for (const auto& [location, target] : import.targets())
        XYLEM_OTF2(OTF2_Reader_SelectLocation(reader, location), "selecting a location", anchor);
    XYLEM_OTF2(OTF2_Reader_OpenEvtFiles(reader), "opening the event files", anchor);
    for (const auto& [location, target] : import.targets()) {
        if (OTF2_Reader_GetEvtReader(reader, location) == nullptr)
            return makeError(ErrorCode::MalformedInput,
                             "cannot open the events of collector " + target.name, anchor);
    }
    OTF2_GlobalEvtReader* global = OTF2_Reader_GetGlobalEvtReader(reader);
    if (global == nullptr)
        return makeError(ErrorCode::MalformedInput, "cannot read the events", anchor);
    OTF2_GlobalEvtReaderCallbacks* callbacks = OTF2_GlobalEvtReaderCallbacks_New();
    OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(callbacks, onEnter);
    const OTF2_ErrorCode registered =
        OTF2_Reader_RegisterGlobalEvtCallbacks(reader, global, callbacks, &import);
    OTF2_GlobalEvtReaderCallbacks_Delete(callbacks);
    XYLEM_OTF2(registered, "reading the events", anchor);
    std::uint64_t read = 0;
    const OTF2_ErrorCode status = OTF2_Reader_ReadAllGlobalEvents(reader, global, &read);
    OTF2_Reader_CloseGlobalEvtReader(reader, global);
    if (import.error())
        return makeError(import.error()->code, import.error()->message, anchor);
    XYLEM_OTF2(status, "reading the events", anchor);
    return Ok{};
}

// The same rules as a trace file's (metrics.md §8), naming the run and the collector.
Result<Ok> checkRuns(std::vector<Run>& runs, const std::vector<RunGroups>& groups,
                     const std::string& anchor)
{
    for (std::size_t r = 0; r < runs.size(); ++r) {
        Run& run = runs[r];
        std::sort(run.tuples.begin(), run.tuples.end(), [](const Tuple& a, const Tuple& b) {
            return a.seq != b.seq ? a.seq < b.seq : a.collector < b.collector;
        });
        if (const auto problem = findTupleProblem(run.configuration, run.tuples)) {
            const Tuple& t = run.tuples[problem->index];
            return makeError(ErrorCode::InvalidTrace,
                             "run " + std::to_string(groups[r].number) + ", collector " +
                                 run.configuration.wrapper(static_cast<int>(t.collector)).id +
                                 ", seq " + std::to_string(t.seq) + ": " + problem->message,
                             anchor);
        }
    }
    return Ok{};
}

} // namespace

Result<Otf2Contents> otf2Contents(const std::string& anchor)
{
    XYLEM_TRY(archive, openArchive(anchor));
    if (hasMpiRanks(archive->defs))
        return Otf2Contents::Mpi;
    if (!runGroups(archive->defs).empty())
        return Otf2Contents::CollectorRuns;
    if (hasTreelessRuns(archive->defs))
        return makeError(ErrorCode::MalformedInput,
                         "its collector regions were exported without their runs' trees (by an "
                         "older Xylem): export the run again with this one, or move it with "
                         "'xylem-cli export --tree F --trace F' and 'xylem-cli import --tree F "
                         "--trace F'",
                         anchor);
    return makeError(ErrorCode::MalformedInput,
                     "nothing to import: the archive has no MPI ranks (no MPI group of type "
                     "COMM_LOCATIONS) and no runs exported by Xylem",
                     anchor);
}

Result<std::vector<Run>> importOtf2Runs(const std::string& anchor)
{
    XYLEM_TRY(archive, openArchive(anchor));
    const std::vector<RunGroups> groups = runGroups(archive->defs);
    if (groups.empty())
        return makeError(ErrorCode::MalformedInput, "the archive holds no runs exported by Xylem",
                         anchor);
    auto attributes = attributeIds(archive->defs);
    if (!attributes)
        return makeError(attributes.error().code, attributes.error().message, anchor);
    std::vector<Run> runs;
    auto targets = targetsOf(archive->defs, groups, runs);
    if (!targets)
        return makeError(targets.error().code, targets.error().message, anchor);
    TupleImport import(runs, std::move(targets).value(), attributes.value());
    XYLEM_TRY(read, readTuples(archive->reader.get(), import, anchor));
    XYLEM_TRY(checked, checkRuns(runs, groups, anchor));
    return runs;
}

} // namespace xylem::otf2
