#include "core/otf2/otf2export.h"

#include "core/model/configurationjson.h"
#include "core/otf2/otf2globaldefs.h"
#include "core/otf2/otf2mpievents.h"
#include "core/otf2/otf2status.h"
#include "core/otf2/otf2tuples.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <memory>
#include <set>

namespace xylem::otf2 {

namespace {

OTF2_FlushType preFlush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool)
{
    return OTF2_FLUSH;
}

OTF2_TimeStamp postFlush(void*, OTF2_FileType, OTF2_LocationRef)
{
    return 0;
}

struct ArchiveCloser
{
    void operator()(OTF2_Archive* archive) const { OTF2_Archive_Close(archive); }
};
using ArchivePtr = std::unique_ptr<OTF2_Archive, ArchiveCloser>;

struct AttributesDeleter
{
    void operator()(OTF2_AttributeList* list) const { OTF2_AttributeList_Delete(list); }
};

// The tuple's exact values for its Enter (otf2tuples.h); OTF2 empties the list on each write.
Result<OTF2_AttributeList*> tupleAttributes(OTF2_AttributeList* list, const Tuple& t)
{
    const std::int64_t values[] = {t.seq, t.down, t.up, t.op, t.ret};
    for (std::uint32_t i = 0; i < kTupleAttributes.size(); ++i) {
        if (OTF2_AttributeList_AddInt64(list, i, values[i]) != OTF2_SUCCESS)
            return makeError(ErrorCode::IoError, "cannot attach a tuple's values to its region");
    }
    return list;
}

// Score-P's roles: non-blocking collectives and the Wait/Test family are point-to-point-like
// (the request is what they handle), the communicator-making calls collective over the parent.
OTF2_RegionRole mpiRole(MpiCall call)
{
    using enum MpiCall;
    if (call == Barrier)
        return OTF2_REGION_ROLE_BARRIER;
    if (call == Bcast || call == Scatter || call == Scatterv)
        return OTF2_REGION_ROLE_COLL_ONE2ALL;
    if (call == Reduce || call == Gather || call == Gatherv)
        return OTF2_REGION_ROLE_COLL_ALL2ONE;
    return isBlockingCollective(call) ? OTF2_REGION_ROLE_COLL_ALL2ALL
                                      : OTF2_REGION_ROLE_POINT2POINT;
}

class Exporter
{
public:
    Exporter(const MpiTrace& trace, std::span<const Run> runs, std::string directory)
        : m_trace(trace)
        , m_runs(runs)
        , m_archivePath(std::move(directory))
    {
        for (int c = 0; c < kMpiCallCount; ++c) // region id = MpiCall value
            m_defs.region(std::string(mpiCallName(static_cast<MpiCall>(c))), OTF2_PARADIGM_MPI,
                          mpiRole(static_cast<MpiCall>(c)));
    }

    Result<Ok> run();

private:
    Result<Ok> writeRanks();
    Result<Ok> writeRun(std::size_t index);
    Result<Ok> writeCollector(const Run& run, int wrapper, std::uint32_t group);
    Result<Ok> writeDefinitions();
    Result<std::uint64_t> closeWriter(OTF2_EvtWriter* writer);
    void widen(std::int64_t time)
    {
        m_first = std::min(m_first, time);
        m_last = std::max(m_last, time);
    }

    const MpiTrace& m_trace;
    std::span<const Run> m_runs;
    std::string m_archivePath;
    ArchivePtr m_archive;
    GlobalDefs m_defs;
    std::int64_t m_first = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_last = 0;
};

Result<std::uint64_t> Exporter::closeWriter(OTF2_EvtWriter* writer)
{
    std::uint64_t events = 0;
    XYLEM_OTF2(OTF2_EvtWriter_GetNumberOfEvents(writer, &events), "counting events", m_archivePath);
    XYLEM_OTF2(OTF2_Archive_CloseEvtWriter(m_archive.get(), writer), "closing an event writer",
               m_archivePath);
    return events;
}

Result<Ok> Exporter::writeRanks()
{
    std::vector<std::vector<const MpiEvent*>> byRank(m_trace.ranks.size());
    for (const MpiEvent& e : m_trace.events) {
        if (e.rank < 0 || static_cast<std::size_t>(e.rank) >= byRank.size())
            return makeError(ErrorCode::InvalidTrace, "an event of an unknown rank",
                             "rank " + std::to_string(e.rank));
        byRank[e.rank].push_back(&e);
        widen(e.enter);
        widen(e.exit);
    }
    std::vector<std::uint64_t> locations;
    for (std::size_t r = 0; r < byRank.size(); ++r) {
        auto& events = byRank[r];
        std::stable_sort(events.begin(), events.end(),
                         [](const auto* a, const auto* b) { return a->enter < b->enter; });
        OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(m_archive.get(), r);
        if (writer == nullptr)
            return makeError(ErrorCode::IoError,
                             "cannot open the events of rank " + std::to_string(r), m_archivePath);
        XYLEM_TRY(written, writeMpiEvents(writer, m_trace, events, m_archivePath));
        XYLEM_TRY(count, closeWriter(writer));
        const MpiRank& rank = m_trace.ranks[r];
        const std::uint32_t group = m_defs.locationGroup("MPI Rank " + std::to_string(r),
                                                         m_defs.hostNode(rank.cluster, rank.host));
        m_defs.addLocation({r, "Master thread", group, *count});
        locations.push_back(r);
    }
    m_defs.setMpiLocations(std::move(locations));
    for (const MpiCommunicator& c : m_trace.communicators)
        m_defs.addComm({static_cast<std::uint32_t>(c.id), c.name,
                        std::vector<std::uint64_t>(c.worldRanks.begin(), c.worldRanks.end())});
    return Ok{};
}

Result<Ok> Exporter::writeCollector(const Run& run, int wrapper, std::uint32_t group)
{
    const std::string& id = run.configuration.wrapper(wrapper).id;
    std::vector<const Tuple*> tuples;
    for (const Tuple& t : run.tuples) {
        if (static_cast<int>(t.collector) == wrapper)
            tuples.push_back(&t);
    }
    std::sort(tuples.begin(), tuples.end(),
              [](const auto* a, const auto* b) { return a->down < b->down; });
    const std::uint64_t location = m_defs.locations().size();
    const std::uint32_t region = m_defs.region(id, OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION);
    OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(m_archive.get(), location);
    if (writer == nullptr)
        return makeError(ErrorCode::IoError, "cannot open the events of collector " + id,
                         m_archivePath);
    std::unique_ptr<OTF2_AttributeList, AttributesDeleter> list(OTF2_AttributeList_New());
    std::int64_t previousUp = 0;
    for (const Tuple* t : tuples) {
        if (t->down < 0)
            return makeError(ErrorCode::InvalidTrace, "a negative timestamp", "collector " + id);
        const std::int64_t enter = std::max(t->down, previousUp);
        previousUp = std::max(t->up, enter);
        widen(enter);
        widen(previousUp);
        XYLEM_TRY(attributes, tupleAttributes(list.get(), *t));
        XYLEM_OTF2(OTF2_EvtWriter_Enter(writer, attributes.value(), enter, region),
                   "writing an Enter", m_archivePath);
        XYLEM_OTF2(OTF2_EvtWriter_Leave(writer, nullptr, previousUp, region), "writing a Leave",
                   m_archivePath);
    }
    XYLEM_TRY(count, closeWriter(writer));
    m_defs.addLocation({location, id, group, *count});
    return Ok{};
}

Result<Ok> Exporter::writeRun(std::size_t index)
{
    const Run& run = m_runs[index];
    const Configuration& config = run.configuration;
    const std::string tree = configurationToJson(config);
    std::set<std::uint32_t> groups;
    m_defs.defineTupleAttributes();
    for (int w = 0; w < config.wrapperCount(); ++w) {
        const int parent = config.wrapper(w).parent;
        if (parent < 0)
            continue;
        const std::string& host = config.wrapper(parent).host;
        const std::uint32_t group =
            m_defs.locationGroup("run " + std::to_string(index + 1) + " collectors",
                                 m_defs.hostNode(config.clusterOf(host), host));
        if (groups.insert(group).second)
            m_defs.groupProperty(group, kTreeProperty, tree); // importOtf2Runs reads it back
        XYLEM_TRY(written, writeCollector(run, w, group));
    }
    return Ok{};
}

Result<Ok> Exporter::writeDefinitions()
{
    XYLEM_OTF2(OTF2_Archive_OpenDefFiles(m_archive.get()), "opening the definition files",
               m_archivePath);
    for (const auto& location : m_defs.locations()) {
        OTF2_DefWriter* writer = OTF2_Archive_GetDefWriter(m_archive.get(), location.id);
        XYLEM_OTF2(OTF2_Archive_CloseDefWriter(m_archive.get(), writer),
                   "writing local definitions", m_archivePath);
    }
    XYLEM_OTF2(OTF2_Archive_CloseDefFiles(m_archive.get()), "closing the definition files",
               m_archivePath);
    OTF2_GlobalDefWriter* global = OTF2_Archive_GetGlobalDefWriter(m_archive.get());
    if (global == nullptr)
        return makeError(ErrorCode::IoError, "cannot write the global definitions", m_archivePath);
    if (m_first > m_last)
        m_first = m_last = 0;
    m_defs.setTimeRange(static_cast<std::uint64_t>(m_first), static_cast<std::uint64_t>(m_last));
    XYLEM_TRY(written, m_defs.write(global, m_archivePath));
    XYLEM_OTF2(OTF2_Archive_CloseGlobalDefWriter(m_archive.get(), global),
               "closing the global definitions", m_archivePath);
    return Ok{};
}

Result<Ok> Exporter::run()
{
    std::error_code ec;
    if (std::filesystem::exists(m_archivePath, ec))
        return makeError(ErrorCode::IoError,
                         "the target folder already exists (OTF2 writes a new one)", m_archivePath);
    m_archive.reset(OTF2_Archive_Open(m_archivePath.c_str(), "traces", OTF2_FILEMODE_WRITE,
                                      1024 * 1024, 4 * 1024 * 1024, OTF2_SUBSTRATE_POSIX,
                                      OTF2_COMPRESSION_NONE));
    if (!m_archive)
        return makeError(ErrorCode::IoError, "cannot create the archive", m_archivePath);
    static const OTF2_FlushCallbacks flush = {preFlush, postFlush};
    XYLEM_OTF2(OTF2_Archive_SetFlushCallbacks(m_archive.get(), &flush, nullptr),
               "setting up the archive", m_archivePath);
    XYLEM_OTF2(OTF2_Archive_SetSerialCollectiveCallbacks(m_archive.get()), "setting up the archive",
               m_archivePath);
    XYLEM_OTF2(OTF2_Archive_OpenEvtFiles(m_archive.get()), "opening the event files",
               m_archivePath);
    XYLEM_TRY(ranks, writeRanks());
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        XYLEM_TRY(written, writeRun(i));
    }
    XYLEM_OTF2(OTF2_Archive_CloseEvtFiles(m_archive.get()), "closing the event files",
               m_archivePath);
    XYLEM_TRY(defs, writeDefinitions());
    XYLEM_OTF2(OTF2_Archive_Close(m_archive.release()), "closing the archive", m_archivePath);
    return Ok{};
}

} // namespace

Result<Ok> exportOtf2(const MpiTrace& trace, std::span<const Run> runs,
                      const std::string& directory)
{
    return Exporter(trace, runs, directory).run();
}

std::string anchorPath(const std::string& directory)
{
    return (std::filesystem::path(directory) / "traces.otf2").string();
}

} // namespace xylem::otf2
