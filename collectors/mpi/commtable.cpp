#include "collectors/mpi/commtable.h"

namespace xylem::mpi {

namespace {

constexpr size_t kMaxCommunicators = 4096;

std::vector<int> membersOf(MPI_Comm comm)
{
    MPI_Group group = MPI_GROUP_NULL;
    MPI_Group world = MPI_GROUP_NULL;
    PMPI_Comm_group(comm, &group);
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    int size = 0;
    PMPI_Group_size(group, &size);
    std::vector<int> local(static_cast<size_t>(size));
    std::vector<int> global(static_cast<size_t>(size));
    for (int i = 0; i < size; ++i) {
        local[static_cast<size_t>(i)] = i;
    }
    PMPI_Group_translate_ranks(group, size, local.data(), world, global.data());
    PMPI_Group_free(&group);
    PMPI_Group_free(&world);
    return global;
}

// An id from the members alone, for communicators made by calls not intercepted: the same on
// every member, in the upper half of the id space so it never meets an announced one.
std::int32_t idFromMembers(const std::vector<int>& members)
{
    std::uint32_t h = 2166136261u;
    for (const int m : members) {
        h = (h ^ static_cast<std::uint32_t>(m)) * 16777619u;
    }
    return static_cast<std::int32_t>((1u << 22) | (h & ((1u << 22) - 1)));
}

} // namespace

void CommTable::start(int worldSize)
{
    for (int code = 0; code < kMpiCallCount; ++code) {
        m_collective[static_cast<size_t>(code)] = isCollective(static_cast<MpiCall>(code));
    }
    m_entries.reserve(kMaxCommunicators);
    CommEntry& world = add(MPI_COMM_WORLD, 0);
    world.identity = true;
    for (int r = 0; r < worldSize; ++r) {
        world.worldRanks.push_back(r);
    }
}

CommEntry& CommTable::add(MPI_Comm comm, std::int32_t id)
{
    if (m_entries.size() == kMaxCommunicators) {
        m_entries.back().handle = comm; // beyond the table: the last entry is shared
        m_entries.back().id = id;
        return m_entries.back();
    }
    m_entries.push_back(CommEntry{comm, id, 0, {}, false});
    return m_entries.back();
}

void CommTable::registerNew(MPI_Comm comm, int worldRank)
{
    if (comm == MPI_COMM_NULL) {
        return;
    }
    int commRank = 0;
    PMPI_Comm_rank(comm, &commRank);
    std::int32_t id = commRank == 0 ? (worldRank << 8 | (++m_made & 0xFF)) : 0;
    PMPI_Bcast(&id, 1, MPI_INT32_T, 0, comm);
    CommEntry& entry = add(comm, id);
    entry.worldRanks = membersOf(comm);
    m_last = &entry;
}

void CommTable::forget(MPI_Comm comm)
{
    for (CommEntry& e : m_entries) {
        if (e.handle == comm && e.id != 0) {
            e.handle = MPI_COMM_NULL;
        }
    }
    m_last = nullptr;
}

CommEntry* CommTable::findSlow(MPI_Comm comm)
{
    for (CommEntry& e : m_entries) {
        if (e.handle == comm) {
            m_last = &e;
            return &e;
        }
    }
    auto members = membersOf(comm);
    CommEntry& entry = add(comm, idFromMembers(members));
    entry.worldRanks = std::move(members);
    m_last = &entry;
    return &entry;
}

} // namespace xylem::mpi
