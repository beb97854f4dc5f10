#include "core/otf2/otf2import.h"

#include "core/otf2/otf2importdefs.h"
#include "core/otf2/otf2importevents.h"
#include "core/otf2/otf2status.h"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace xylem::otf2 {

namespace {

const ImportDefs::Group* mpiLocations(const ImportDefs& defs)
{
    for (const auto& [id, group] : defs.groups) {
        if (group.type == OTF2_GROUP_TYPE_COMM_LOCATIONS && group.paradigm == OTF2_PARADIGM_MPI)
            return &group;
    }
    return nullptr;
}

Result<MpiRank> rankOf(const ImportDefs& defs, std::uint64_t location, int index)
{
    MpiRank rank;
    rank.rank = index;
    const auto group = defs.locations.find(location);
    const auto lg = group == defs.locations.end() ? defs.locationGroups.end()
                                                  : defs.locationGroups.find(group->second);
    if (lg == defs.locationGroups.end())
        return makeError(ErrorCode::MalformedInput,
                         "MPI location " + std::to_string(location) +
                             " has no location definition or location group",
                         "rank " + std::to_string(index));
    const auto node = defs.nodes.find(lg->second.node);
    if (node == defs.nodes.end()) {
        rank.host = defs.string(lg->second.name); // no system tree: the process is the host
        return rank;
    }
    rank.host = defs.string(node->second.name);
    const auto parent = defs.nodes.find(node->second.parent);
    if (parent != defs.nodes.end() && defs.nodes.count(parent->second.parent) != 0)
        rank.cluster = defs.string(parent->second.name);
    return rank;
}

// Communicators with MPI_COMM_WORLD as id 0; returns OTF2 comm -> id.
std::map<std::uint32_t, std::int32_t> communicators(const ImportDefs& defs, MpiTrace& trace)
{
    const auto ranks = trace.ranks.size();
    std::optional<std::uint32_t> world;
    std::uint32_t largest = 0;
    for (const auto& [id, comm] : defs.comms) {
        largest = std::max(largest, id);
        const auto group = defs.groups.find(comm.group);
        bool everyRank = group != defs.groups.end() && group->second.members.size() == ranks;
        for (std::size_t i = 0; everyRank && i < ranks; ++i)
            everyRank = group->second.members[i] == i;
        if (everyRank && (!world || defs.string(comm.name) == "MPI_COMM_WORLD"))
            world = id;
    }
    std::map<std::uint32_t, std::int32_t> ids;
    for (const auto& [id, comm] : defs.comms) {
        MpiCommunicator c;
        c.id = world == id ? 0 : static_cast<std::int32_t>(id == 0 ? largest + 1 : id);
        c.name = defs.string(comm.name);
        const auto group = defs.groups.find(comm.group);
        if (group != defs.groups.end() && group->second.type == OTF2_GROUP_TYPE_COMM_GROUP)
            c.worldRanks.assign(group->second.members.begin(), group->second.members.end());
        ids[id] = c.id;
        trace.communicators.push_back(std::move(c));
    }
    std::sort(trace.communicators.begin(), trace.communicators.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    return ids;
}

} // namespace

Result<MpiTrace> importOtf2(const std::string& anchor)
{
    XYLEM_TRY(archive, openArchive(anchor));
    const ImportDefs* defs = &archive->defs;
    const ImportDefs::Group* mpi = mpiLocations(*defs);
    if (mpi == nullptr || mpi->members.empty())
        return makeError(ErrorCode::MalformedInput,
                         "the archive has no MPI locations (no MPI group of type COMM_LOCATIONS)",
                         anchor);
    MpiTrace trace;
    std::map<std::uint64_t, std::int32_t> rankOfLocation;
    for (std::size_t r = 0; r < mpi->members.size(); ++r) {
        XYLEM_TRY(rank, rankOf(*defs, mpi->members[r], static_cast<int>(r)));
        trace.ranks.push_back(std::move(rank).value());
        rankOfLocation[mpi->members[r]] = static_cast<std::int32_t>(r);
    }
    auto commIds = communicators(*defs, trace);
    EventImport events(*defs, trace, std::move(commIds), std::move(rankOfLocation));
    XYLEM_TRY(read, events.read(archive->reader.get(), anchor));
    trace.referenceHost = trace.ranks.front().host;
    return trace;
}

} // namespace xylem::otf2
