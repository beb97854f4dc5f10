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
//   partner and `completes` = MpiCompletion::Receive (any Wait or Test call). Messages are matched per
//   (communicator, source, destination, tag) in order (MPI's non-overtaking rule).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

// The calls Xylem knows. The values are stored (session files, OTF2 region ids): append only.
enum class MpiCall : std::uint8_t
{
    // blocking collectives
    Allreduce = 0,
    Reduce = 1,
    Bcast = 2,
    Barrier = 3,
    Allgather = 4,
    Alltoall = 5,
    ReduceScatter = 6,
    Gather = 7,
    Scatter = 8,
    // point-to-point
    Send = 9,
    Recv = 10,
    Isend = 11,
    Irecv = 12,
    Wait = 13,
    // completions of requests (Wait above is one too)
    Waitall = 14,
    Waitany = 15,
    Waitsome = 16,
    Test = 17,
    Testall = 18,
    Testany = 19,
    Testsome = 20,
    // more point-to-point
    Sendrecv = 21,
    SendrecvReplace = 22,
    Ssend = 23,
    Bsend = 24,
    Rsend = 25,
    Probe = 26,
    Issend = 27,
    Iprobe = 28,
    // more blocking collectives
    Allgatherv = 29,
    Alltoallv = 30,
    Alltoallw = 31,
    Gatherv = 32,
    Scatterv = 33,
    ReduceScatterBlock = 34,
    Scan = 35,
    Exscan = 36,
    // non-blocking collectives: the start (its completion is an event of the Wait or Test
    // call that finished it, with completes = Collective)
    Iallreduce = 37,
    Ibcast = 38,
    Ibarrier = 39,
    Ireduce = 40,
    Iallgather = 41,
    Ialltoall = 42,
    Igather = 43,
    Iscatter = 44,
    Iallgatherv = 45,
    Ialltoallv = 46,
    Ialltoallw = 47,
    Igatherv = 48,
    Iscatterv = 49,
    IreduceScatter = 50,
    IreduceScatterBlock = 51,
    Iscan = 52,
    Iexscan = 53,
    // calls that make communicators
    CommDup = 54,
    CommDupWithInfo = 55,
    CommSplit = 56,
    CommSplitType = 57,
    CommCreate = 58,
    CommCreateGroup = 59,
    CartCreate = 60,
    CartSub = 61,
    GraphCreate = 62,
    DistGraphCreate = 63,
    DistGraphCreateAdjacent = 64,
    IntercommCreate = 65,
    IntercommMerge = 66,
};
inline constexpr int kMpiCallCount = 67;

// What a call means to the analysis.
enum class MpiCallClass : std::uint8_t
{
    // every member leaves only after every member arrived: Allreduce, Allgather(v), Alltoall(v, w),
    // Barrier, Reduce_scatter(_block), Scan, Exscan, and the communicator-making calls that are
    // collective over their parent (they exchange among all members). Scan and Exscan are here
    // for counting and grouping, but rank i needs only ranks 0..i: they form no stage tree
    // (core/model/mpikinds) and wait as prefixes (core/analysis/waitstates)
    Synchronizing,
    // one root and the others: Bcast, Reduce, Gather(v), Scatter(v); partner = the root
    Rooted,
    // the start of a non-blocking collective (Iallreduce, ...); partner = the root if rooted
    NonBlockingCollective,
    // a send starts a message (Send, Ssend, Bsend, Rsend, Isend, Issend; Sendrecv has both halves)
    Send,
    // Recv, Irecv (a post), Sendrecv, Sendrecv_replace
    Receive,
    // Wait, Waitall, Waitany, Waitsome, Test, Testall, Testany, Testsome
    Completion,
    // Probe, Iprobe
    Probe,
    // communicator-making calls not collective over one whole communicator we know
    // (Comm_create_group: its group only; Intercomm_create and _merge: two groups)
    Communicator,
};

// "MPI_Allreduce", ... (the MPI name, as OTF2 regions and users know it).
std::string_view mpiCallName(MpiCall call);
// The inverse of mpiCallName; nullopt for a name that is not one of kMpiCallCount.
std::optional<MpiCall> mpiCallFromName(std::string_view name);
MpiCallClass mpiCallClass(MpiCall call);
// Counted per communicator by every member alike (seq): Synchronizing, Rooted and
// NonBlockingCollective calls.
bool isCollective(MpiCall call);
// The calls whose `partner` is the root: the Rooted class and the rooted non-blocking ones.
bool isRooted(MpiCall call);
// Synchronizing and Rooted: blocking collectives.
bool isBlockingCollective(MpiCall call);

// What an event finished besides its own call. A call that finishes several requests, or
// Sendrecv (a send and a receive at once), is one event per request or half, each with the
// call's own enter and exit: time in MPI counts such a call once (mpiCallTimeNs).
enum class MpiCompletion : std::uint8_t
{
    None = 0,
    Receive = 1,    // a receive: Wait*/Test* finishing an Irecv, or Sendrecv's receiving half
                    // (partner = the source, tag and bytes as received)
    Send = 2,       // a send: Wait*/Test* finishing an Isend/Issend (partner, tag, bytes of the
                    // send), or Sendrecv's sending half
    Collective = 3, // Wait*/Test* finishing a non-blocking collective: communicator and seq of
                    // its start, partner its root (-1: none)
};

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
    MpiCompletion completes = MpiCompletion::None;

    bool operator==(const MpiEvent&) const = default;
};

// A message leaves: Send, Ssend, Bsend, Rsend, Isend, Issend, or Sendrecv's sending half. (A Wait
// finishing an Isend is the send's completion, not another message.)
bool sendsMessage(const MpiEvent& e);
// A message arrives: Recv, or any event with completes = Receive (a Wait or Test finishing an
// Irecv, Sendrecv's receiving half). (Irecv only posts.)
bool receivesMessage(const MpiEvent& e);
// Time in MPI: exit - enter summed over the calls, each call once (events of one call share
// rank, call, enter and exit).
std::int64_t mpiCallTimeNs(const std::vector<MpiEvent>& events);

// The event collector on the edge rank -> parent of Xylem's spanning tree inside the program
// (collectors/mpi/treecollectives.h, core/model/mpituple.h) for one collective instance
// (communicator, seq) of the call kind: down when the rank handed its subtree's part to the
// parent, up when the parent's part came back (metrics.md §1). In the rank's clock like its
// events until corrected. Where the edge crosses hosts the parent's side is an MpiTreeEdge too
// (atParent): down when the child's part had arrived, up when the parent sent it the result, in
// the parent's clock.
struct MpiTreeEdge
{
    std::int64_t down = 0; // ns
    std::int64_t up = 0;   // ns, >= down
    std::int64_t seq = 0;  // the collective's instance on the communicator
    std::int32_t rank = 0; // the child, a world rank
    std::int32_t parent = 0;
    std::int32_t communicator = 0;
    MpiCall call = MpiCall::Allreduce;
    bool atParent = false; // recorded by the parent (its clock), else by the child

    // The rank whose clock the times are in.
    std::int32_t recorder() const { return atParent ? parent : rank; }
    bool operator==(const MpiTreeEdge&) const = default;
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
    std::vector<MpiTreeEdge> treeEdges;       // any order; only a run through Xylem's tree
    std::vector<MpiClockSample> clockSamples; // may be empty (one host, or already corrected)
    std::string referenceHost;                // the host whose clock the others are mapped onto

    const MpiCommunicator* communicator(std::int32_t id) const;
};

} // namespace xylem
