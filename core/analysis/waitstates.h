#pragma once

// Scalasca's wait-state patterns over an MPI trace (core/model/mpitrace.h): where ranks sat in
// MPI waiting for another rank, who they waited for, and whether that other rank was on another
// cluster. One engine: the CLI, the GUI's wait-state view and the tests call analyzeWaitStates.
//
// Definitions (all times ns, timestamps already in one time base). A collective instance is
// (communicator, seq); it is analysed only when every member of the communicator entered it,
// otherwise it is counted in incompleteInstances and nothing is guessed.
//
// - Wait at N x N (the Synchronizing class of mpitrace.h except Barrier: Allreduce,
//   Allgather(v), Alltoall(v, w), Reduce_scatter(_block), Scan, Exscan and the calls that make
//   communicators over their parent): rank i waits max_j enter_j - enter_i. Waited-for: the
//   last rank to enter; ties follow metrics.md §1 (ranked by (enter, position in the
//   communicator) ascending, the last is the tail). Scan and Exscan are prefix reductions: j
//   runs over the positions 0..i only (Exscan: 0..i-1; position 0 waits for nobody).
// - Wait at Barrier: the same for MPI_Barrier, kept apart as Scalasca does (a barrier moves no
//   data: its waiting is pure synchronisation the program asked for).
// - Late Broadcast (Bcast, Scatter, Scatterv): every non-root rank i waits
//   max(0, enter_root - enter_i). Waited-for: the root.
// - Early Reduce (Reduce, Gather, Gatherv): the root waits until the last sender has entered,
//   bounded by its own exit: max(0, min(max_{j != root} enter_j, exit_root) - enter_root). A root
//   cannot finish an N-to-1 operation before every contribution is there, so the latest sender
//   is the one it waits for. Waited-for: that last sender (ties as above).
// - Non-blocking collectives (Iallreduce, ...): their start returns at once and is no wait
//   state; the Wait or Test that finishes one is not attributed either (a rank may compute
//   between start and completion, so how long the completion waited for others is not known
//   from enter times alone). Their instances still count in the communicator's seq.
// - Late Sender: a receive (Recv, Sendrecv's receiving half, or a Wait/Test event with
//   completes = Receive) that starts before its matching send (sendsMessage) starts waits
//   min(send.enter, recv.exit) - recv.enter. Waited-for: the sender.
// - Late Receiver: a send that blocks until its receiver posts the receive. The blocking call
//   is the send itself for Send, Ssend and Sendrecv's sending half, and the Wait/Test event
//   with completes = Send that finishes an Isend or Issend (the k-th such completion of a
//   (communicator, destination, tag) finishes that key's k-th Isend/Issend). The receive's post
//   is the Recv's or Sendrecv's enter, or the enter of the Irecv a completion finished (the
//   earliest not yet finished Irecv of that rank and communicator posted before it whose
//   source and tag admit the message, MPI's rule for posted receives). The wait is
//   max(0, min(post, blocking exit) - blocking enter). Synchronous sends (Ssend, Issend) always
//   block so; a standard-mode send (Send, Isend, Sendrecv) counts only when it blocked, i.e.
//   its blocking call was still running when the receive was posted (exit > post): an eager
//   send that returned before is no wait. Bsend and Rsend never wait for the receiver.
//   Waited-for: the receiver.
// Messages are matched per (communicator, source, destination, tag) in order, as
// core/analysis/mpimessages.h does (MPI's non-overtaking rule); sends and receives left without
// a partner are counted as unmatched, never paired by guess.
//
// One call waits once. A call that finishes several requests (Waitall, Waitsome, ...) or both
// halves of Sendrecv is several events with the call's enter and exit; every point-to-point wait
// of such a call starts at its enter, so the call waited until its latest partner: Late Sender
// gets max over its receive events of min(send.enter, exit) - enter (waited-for: the sender
// that bounds it; ties by (bound, rank), the tail), and Late Receiver only the part beyond that,
// max over its send events of the bound above minus max(enter, the Late Sender bound). Each
// counts as one wait of the call, never one per request.
//
// Grid part: the share of a waiting time where waiter and waited-for sit on different clusters
// (their MpiRank::cluster strings differ).
//
// Severity: the total waiting time per (pattern, rank), per (pattern, communicator) and per
// (pattern, call site), and the pattern's share of all time spent in MPI (mpiCallTimeNs: exit -
// enter of every call, a call of several events once). A call
// site is the MPI function and the communicator: the interposer records no return addresses, so
// there is no source location to tell two calls of one function on one communicator apart.
// Main cause: the waited-for rank that caused the most waiting time in a pattern (ties by
// (time, rank) ascending, the tail), -1 when nobody waited.

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace xylem {

enum class WaitPattern
{
    WaitAtNxN,
    LateBroadcast,
    EarlyReduce,
    LateSender,
    LateReceiver,
    WaitAtBarrier,
};
inline constexpr int kWaitPatternCount = 6;

// "Wait at N x N", "Late Broadcast", "Early Reduce", "Late Sender", "Late Receiver",
// "Wait at Barrier".
std::string_view waitPatternName(WaitPattern pattern);
// "wait_at_nxn", "late_broadcast", "early_reduce", "late_sender", "late_receiver",
// "wait_at_barrier" (JSON keys).
std::string_view waitPatternKey(WaitPattern pattern);

struct WaitSeverity
{
    std::int64_t waitNs = 0; // total waiting time
    std::int64_t gridNs = 0; // the part of it across clusters
    std::int64_t waits = 0;  // how many calls waited (a wait of 0 ns is not one)
};

struct CallSiteSeverity
{
    MpiCall call = MpiCall::Barrier; // the waiting call
    std::int32_t communicator = 0;
    WaitSeverity severity;
};

struct CommunicatorSeverity
{
    std::int32_t communicator = 0;
    WaitSeverity severity;
};

struct PatternSeverity
{
    WaitPattern pattern = WaitPattern::WaitAtNxN;
    WaitSeverity total;
    std::vector<WaitSeverity> perRank;         // the waiters, indexed by world rank
    std::vector<std::int64_t> causedNs;        // waiting caused, indexed by waited-for rank
    std::vector<CallSiteSeverity> perCallSite; // by (call, communicator)
    std::vector<CommunicatorSeverity> perCommunicator; // by communicator id, waiting ones only
    int mainCause = -1;                        // see above
    double shareOfMpiTime = 0;                 // total.waitNs / mpiTimeNs; 0 without MPI time
};

struct WaitStateReport
{
    std::array<PatternSeverity, kWaitPatternCount> patterns; // in WaitPattern order
    std::int64_t mpiTimeNs = 0;
    std::int64_t collectiveInstances = 0; // complete ones, analysed
    std::int64_t incompleteInstances = 0; // a member never entered: left out
    std::int64_t unmatchedSends = 0;
    std::int64_t unmatchedReceives = 0;

    const PatternSeverity& of(WaitPattern p) const { return patterns[static_cast<size_t>(p)]; }
};

// InvalidTrace naming the event for exit < enter, a rank without an MpiRank, an unknown
// communicator or a rank outside its communicator.
Result<WaitStateReport> analyzeWaitStates(const MpiTrace& trace);

} // namespace xylem
