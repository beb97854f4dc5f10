#pragma once

// Synchronization filters: when a node has what it needs of a wave to pass it up. Pure logic:
// arrivals and the current time in, ready waves out; the node's event loop calls expire() from
// a timer. (MRNet's wait-for-all, time-out and do-not-wait.)
//
//   WaitForAll  a wave is ready when every live child delivered it; a child marked lost no
//               longer counts, so a dead child does not stall the tree.
//   TimeOut     ready when every live child delivered or `timeout` after its first arrival,
//               whichever comes first; a batch arriving for a wave already passed up is dropped
//               and counted (late). In a tree, the nodes above the leaves' parents wait a
//               grace longer per level (innernode.cpp), so partial waves from below still count.
//   DoNotWait   every arrival is passed up at once as a wave of its own.
//
// A wave waits for the children counted when it begins (pulled: requested(), or its first
// arrival): one that stops counting later (lost, or slow: the node found it silent, innernode.h)
// is no longer waited for, one back counts from the waves that begin after it came back (its
// batch for an older wave is still taken). A wave with nobody to wait for is ready at once. A
// wave passed up keeps no batches; any batch for it later is late, and the late policy says
// what becomes of it: carried into the next wave that goes up (a stream of increments, such as
// tuples: nothing is lost) or dropped (a stream of totals: the child's next batch has newer
// ones); both are counted. Ready waves come out in ascending wave order and list in `missing`
// the children that sent nothing. arrive() never expires a wave; expire() does, once now >=
// first arrival + timeout. A child index beyond the children given to the constructor is ignored.

#include "core/gather/batch.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace xylem::gather {

enum class SyncMode : std::uint8_t
{
    WaitForAll = 0,
    TimeOut = 1,
    DoNotWait = 2
};

struct SyncSpec
{
    SyncMode mode = SyncMode::WaitForAll;
    std::chrono::microseconds timeout{0}; // TimeOut only
    bool operator==(const SyncSpec&) const = default;
};

using SteadyTime = std::chrono::steady_clock::time_point;

struct ReadyWave
{
    std::uint64_t wave = 0;
    std::vector<Batch> batches;         // late batches carried in, then the rest in child order
    std::vector<std::uint32_t> missing; // children (indices) that did not deliver
};

enum class LatePolicy : std::uint8_t
{
    Drop, // counted in lateBatches()
    Carry // into the next wave that goes up; counted in carriedBatches()
};

class WaveAssembler
{
public:
    WaveAssembler(SyncSpec spec, std::uint32_t children, LatePolicy late = LatePolicy::Drop);

    // The waves of a pull (at most kPassedWindow of them are set up ahead): each waits for the
    // children counted now. Returns those with nobody to wait for, ready at once.
    std::vector<ReadyWave> requested(std::uint64_t firstWave, std::uint32_t count);
    // A child's batch of a wave. Returns the waves that became ready.
    std::vector<ReadyWave> arrive(std::uint32_t child, std::uint64_t wave, Batch batch,
                                  SteadyTime now);
    // Waves whose time-out passed by now.
    std::vector<ReadyWave> expire(SteadyTime now);
    // When the next time-out falls due, if any wave is waiting for one.
    std::optional<SteadyTime> nextDeadline() const;

    // A lost (or slow) child stops counting; waves it blocked may become ready.
    std::vector<ReadyWave> childLost(std::uint32_t child);
    // A child back (a restarted collector, a slow one answering): counts again from its next wave.
    void childRejoined(std::uint32_t child);

    bool isPassed(std::uint64_t wave) const { return passed(wave); }
    size_t pendingWaves() const { return m_pending.size(); }
    std::uint64_t lateBatches() const { return m_late; }
    std::uint64_t carriedBatches() const { return m_carriedBatches; }
    std::uint64_t duplicateBatches() const
    {
        return m_duplicates;
    } // a child delivering a wave twice: dropped

private:
    struct Pending
    {
        std::vector<std::optional<Batch>> batches;
        std::vector<bool> expected;      // children live when the wave began: the ones it waits for
        std::uint32_t waiting = 0;       // expected children that have not delivered
        std::optional<SteadyTime> first; // the first arrival: a time-out counts from it
    };

    Pending fresh() const;
    ReadyWave take(std::uint64_t wave, Pending& p);
    void markPassed(std::uint64_t wave);
    bool passed(std::uint64_t wave) const;
    std::vector<ReadyWave> takeComplete();

    SyncSpec m_spec;
    LatePolicy m_latePolicy;
    std::vector<bool> m_live;
    std::uint32_t m_liveCount;
    std::map<std::uint64_t, Pending> m_pending;
    // Waves passed up, exactly but in bounded memory: all below m_passedUpTo, plus those in
    // m_passedAbove. The watermark trails the newest passed wave by at most kPassedWindow, so a
    // never-seen wave that far behind counts as late.
    static constexpr std::uint64_t kPassedWindow = 4096;
    std::uint64_t m_passedUpTo = 0;
    std::set<std::uint64_t> m_passedAbove;
    std::set<std::pair<SteadyTime, std::uint64_t>>
        m_deadlines; // TimeOut: pending waves by due time
    std::uint64_t m_late = 0;
    std::uint64_t m_duplicates = 0;
    std::vector<Batch> m_carried; // late batches for the next wave that goes up
    std::uint64_t m_carriedBatches = 0;
};

} // namespace xylem::gather
