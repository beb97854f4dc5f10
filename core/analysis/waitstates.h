#pragma once

// Scalasca's wait-state patterns over an MPI trace (core/model/mpitrace.h): where ranks sat in
// MPI waiting for another rank, who they waited for, and whether that other rank was on another
// cluster. One engine: the CLI, the GUI's wait-state view and the tests call analyzeWaitStates.
//
// Definitions (all times ns, timestamps already in one time base). A collective instance is
// (communicator, seq); it is analysed only when every member of the communicator entered it,
// otherwise it is counted in incompleteInstances and nothing is guessed.
//
// - Wait at N x N (Allreduce, Allgather, Alltoall, Barrier, Reduce_scatter): rank i waits
//   max_j enter_j - enter_i. Waited-for: the last rank to enter; ties follow metrics.md §1
//   (ranked by (enter, position in the communicator) ascending, the last is the tail).
// - Late Broadcast (Bcast, Scatter): every non-root rank i waits max(0, enter_root - enter_i).
//   Waited-for: the root.
// - Early Reduce (Reduce, Gather): the root waits until the last sender has entered, bounded by
//   its own exit: max(0, min(max_{j != root} enter_j, exit_root) - enter_root). A root cannot
//   finish an N-to-1 operation before every contribution is there, so the latest sender is the
//   one it waits for. Waited-for: that last sender (ties as above).
// - Late Sender: a receiving call (Recv, or the Wait that completes an Irecv) that starts before
//   its matching send (Send, Isend) starts waits min(send.enter, recv.exit) - recv.enter. Sends
//   and receives are matched per (communicator, source, destination, tag) in order, as
//   core/analysis/mpimessages.h does (MPI's non-overtaking rule). Sends and receives left
//   without a partner are counted as unmatched, never paired by guess. Waited-for: the sender.
//
// Grid part: the share of a waiting time where waiter and waited-for sit on different clusters
// (their MpiRank::cluster strings differ).
//
// Severity: the total waiting time per (pattern, rank) and per (pattern, call site), and the
// pattern's share of all time spent in MPI (the sum of exit - enter over every event). A call
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
};
inline constexpr int kWaitPatternCount = 4;

// "Wait at N x N", "Late Broadcast", "Early Reduce", "Late Sender".
std::string_view waitPatternName(WaitPattern pattern);
// "wait_at_nxn", "late_broadcast", "early_reduce", "late_sender" (JSON keys).
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

struct PatternSeverity
{
    WaitPattern pattern = WaitPattern::WaitAtNxN;
    WaitSeverity total;
    std::vector<WaitSeverity> perRank;         // the waiters, indexed by world rank
    std::vector<std::int64_t> causedNs;        // waiting caused, indexed by waited-for rank
    std::vector<CallSiteSeverity> perCallSite; // by (call, communicator)
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
