#pragma once

// What Xylem knows about an MPI program's run, whoever recorded it (the PMPI interposer in
// collectors/mpi, or an imported OTF2 trace): its ranks with their hosts and clusters, its
// communicators, and one event per MPI call a rank made. This is the input of the wait-state
// patterns (core/analysis/waitstates), the clock model (core/analysis/clockmodel) and the OTF2
// export; core/model/mpiruns turns a communicator's collectives into a Run (metrics.md §1: each
// rank a thread leaf, the communicator a root gred) so that every metric of metrics.md applies.
//
// Conventions
// - Ranks are world ranks (MPI_COMM_WORLD numbering) everywhere, also as partners.
// - Timestamps are ns, int64, in one time base once clocks are corrected (see clockmodel.h);
//   before correction each rank's events are in its host's clock.
// - A collective instance is (communicator, seq): the seq-th call of that communicator's
//   collectives, counted from 0 by every member alike (MPI orders collectives per communicator).
// - Point-to-point: Send/Isend carry the destination as partner; Recv carries the source it
//   received from (MPI_ANY_SOURCE resolved from the status); Irecv only posts (partner = the
//   source asked for, or -1 for any) and its completion is the Wait that carries the source as
//   partner and kind MpiCall::Wait with `completesReceive` set. Messages are matched per
//   (communicator, source, destination, tag) in order (MPI's non-overtaking rule).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

enum class MpiCall : std::uint8_t
{
    Allreduce = 0,
    Reduce = 1,
    Bcast = 2,
    Barrier = 3,
    Allgather = 4,
    Alltoall = 5,
    ReduceScatter = 6,
    Gather = 7,
    Scatter = 8,
    Send = 9,
    Recv = 10,
    Isend = 11,
    Irecv = 12,
    Wait = 13,
};
inline constexpr int kMpiCallCount = 14;

// "MPI_Allreduce", ... (the MPI name, as OTF2 regions and users know it).
std::string_view mpiCallName(MpiCall call);
// The inverse of mpiCallName; nullopt for a name that is not one of the fourteen.
std::optional<MpiCall> mpiCallFromName(std::string_view name);
bool isCollective(MpiCall call);
// Reduce, Bcast, Gather, Scatter: the calls whose `partner` is the root.
bool isRooted(MpiCall call);

struct MpiRank
{
    int rank = 0;        // world rank
    std::string host;    // MPI_Get_processor_name, or the OTF2 location group
    std::string cluster; // the metahost (XYLEM_MPI_CLUSTER, or the OTF2 system tree); may be ""
};

struct MpiCommunicator
{
    std::int32_t id = 0;         // 0 is MPI_COMM_WORLD
    std::string name;            // "MPI_COMM_WORLD", "comm 3", or the OTF2 name
    std::vector<int> worldRanks; // members in communicator-rank order
};

struct MpiEvent
{
    std::int64_t enter = 0; // ns
    std::int64_t exit = 0;  // ns, >= enter
    std::int64_t seq = 0;   // collectives: the instance number within the communicator;
                            // point-to-point: this rank's own count of its p2p calls
    std::int64_t bytes =
        0;                 // payload this rank sends (collectives: its send buffer; recv: received)
    std::int32_t rank = 0; // world rank making the call
    std::int32_t communicator = 0;
    std::int32_t partner = -1; // root (rooted collectives), peer (p2p), else -1; a world rank
    std::int32_t tag = 0;      // p2p only
    MpiCall call = MpiCall::Barrier;
    bool completesReceive = false; // a Wait that completed an Irecv

    bool operator==(const MpiEvent&) const = default;
};

// One ping-pong measurement of a host's clock against another's (metrics.md §7), taken at the
// start or the end of a run: measuredAgainst = local + offsetNs at local time localNs, with an
// error of at most roundTripNs / 2 (the exchange with the smallest round trip is the one kept).
// With clusters, a cluster's local master is measured against the trace's referenceHost and the
// other hosts against their local master; core/analysis/clockmodel composes and interpolates.
struct MpiClockSample
{
    std::string host;
    std::string measuredAgainst; // empty: the trace's referenceHost
    std::int64_t localNs = 0;    // when, in the host's clock
    std::int64_t offsetNs = 0;   // reference - local at that moment
    std::int64_t roundTripNs = 0;
};

struct MpiTrace
{
    std::vector<MpiRank> ranks; // indexed by world rank
    std::vector<MpiCommunicator> communicators;
    std::vector<MpiEvent> events;             // any order
    std::vector<MpiClockSample> clockSamples; // may be empty (one host, or already corrected)
    std::string referenceHost;                // the host whose clock the others are mapped onto

    const MpiCommunicator* communicator(std::int32_t id) const;
};

} // namespace xylem
