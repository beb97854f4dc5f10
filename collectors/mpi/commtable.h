#pragma once

// The communicators one rank knows, with the ids every member agrees on (MPI_COMM_WORLD = 0;
// a communicator made by MPI_Comm_dup/split/create gets, from its rank 0, that rank's world
// rank << 8 | its own count of communicators made mod 256, broadcast to the members; unique
// for world ranks below 2^14 that each lead fewer than 256 communicators) and the seq of
// each one's next collective. Lookups are on the record path: a fixed table, no allocation;
// the world and the last one used are found first.

#include "core/model/mpitrace.h"

#include <array>
#include <cstdint>
#include <mpi.h>
#include <vector>

namespace xylem::mpi {

struct CommEntry
{
    MPI_Comm handle = MPI_COMM_NULL;
    std::int32_t id = -1;
    std::int64_t nextSeq = 0;    // collectives called so far on it
    std::vector<int> worldRanks; // members in communicator-rank order (made at registration)
    bool identity = false;       // communicator rank == world rank (the world itself)

    int worldRank(int commRank) const
    {
        if (identity || commRank < 0) {
            return commRank;
        }
        return commRank < static_cast<int>(worldRanks.size()) ? worldRanks[commRank] : -1;
    }
};

class CommTable
{
public:
    // Registers MPI_COMM_WORLD as id 0.
    void start(int worldSize);
    // Registers a communicator just made (collective over its members: broadcasts the id).
    void registerNew(MPI_Comm comm, int worldRank);
    // Frees the handle; the entry stays for the run's description.
    void forget(MPI_Comm comm);
    // The entry of comm; a communicator made behind our back (not by a call we intercept) is
    // registered on first use with an id from its members alone (documented in README.md).
    CommEntry* find(MPI_Comm comm)
    {
        if (comm == MPI_COMM_WORLD) {
            return &m_entries[0];
        }
        if (m_last && m_last->handle == comm) {
            return m_last;
        }
        return findSlow(comm);
    }
    // Every communicator this rank has known, freed ones included.
    const std::vector<CommEntry>& entries() const { return m_entries; }
    // Whether kind takes its seq from its communicator (isCollective): a table filled at start,
    // so that the record path asks no function of another library.
    bool collective(MpiCall kind) const noexcept
    {
        return m_collective[static_cast<std::uint8_t>(kind) & 0x7F];
    }

private:
    CommEntry* findSlow(MPI_Comm comm);
    CommEntry& add(MPI_Comm comm, std::int32_t id);

    std::vector<CommEntry> m_entries; // reserved at start: pointers stay valid
    std::array<bool, 128> m_collective{}; // by call code (7 bits, mpituple.h)
    static_assert(kMpiCallCount <= 128);
    CommEntry* m_last = nullptr;
    std::int32_t m_made = 0;
};

} // namespace xylem::mpi
