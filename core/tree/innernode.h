#pragma once

// What a relay and the front-end share: the children of one node of the gather tree and the
// streams through it. Commands from above (open a stream, pull waves, control, measure clocks)
// go down to the children; the children's batches of a wave are synchronized (wave.h),
// reduced by the stream's filter (filter.h) and passed up. A child that dies is reported up
// with every node below it, and no longer holds back a wave.
//
// Pulls go to all children at once (parallel gathering) or to one child after the other, each
// after the previous delivered the pulled waves (sequential gathering: the EventSpace knob).
//
// A slow child (innernodewatch.cpp): one that owes pulled waves and has not answered for the
// node's slow time-out — paused by a debugger or the OS, swapped out, stuck — is reported up
// (NodesSlow, with every node below it) and no longer waited for, whatever the stream's
// synchronization: its waves go up without it, naming it missing, and it is pulled no more.
// When it answers again it counts again; its late batches are carried into later waves on
// streams of increments (tuples, samples: taken, nothing lost) and dropped on streams of
// totals (its next batch has newer ones), both counted, and once it has caught up it is
// reported back (NodesBack) with those counts. A child silent for the edges' idle time-out
// (kTreeIdleTimeout, connection.h: heartbeats keep a quiet one alive) is lost.
//
// The slow time-out is kSlowAfter at the leaves' parents and half of it longer per level above,
// so that a relay's wave without its slow child reaches its parent before that parent gives up
// on the relay. The front-end sets another for the whole tree with the control command
// kSlowAfterCommand, which every inner node applies and passes down.

#include "core/gather/filter.h"
#include "core/gather/topology.h"
#include "core/gather/wave.h"
#include "core/tree/clockoffset.h"
#include "core/tree/downstream.h"
#include "core/tree/upstream.h"

#include <boost/asio.hpp>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace xylem::tree {

inline constexpr std::chrono::milliseconds kSlowAfter{2000};
inline constexpr const char* kSlowAfterCommand = "tree-slow-after-ms";
// A silent child is reported slow (and its waves go on) long before the idle time-out of its
// edge loses it, even at the top of a deep tree; heartbeats, which keep a quiet edge alive, are
// no answer to a pull.
static_assert(10 * kSlowAfter <= kTreeIdleTimeout && kHeartbeatInterval < kSlowAfter);

class InnerNode
{
public:
    InnerNode(boost::asio::io_context& io, const gather::Topology& topology, std::uint32_t self,
              std::string token, bool leavesAttach, Upstream& up, gather::FilterRegistry& filters,
              std::function<void(const std::string&)> log);

    Result<std::uint16_t> listen(const std::string& address, std::uint16_t port);
    // The front-end's: connections that prove the token and ask where to join (attachlocate.h).
    void answerLocates(std::function<void(std::shared_ptr<Connection>)> handler)
    {
        m_children.answerLocates(std::move(handler));
    }

    // Start-up: call once the children are being started; SubtreeReady goes up when every
    // child reported ready or after `timeout` with the missing ones named.
    void awaitChildren(std::chrono::milliseconds timeout, std::vector<NodeAddress> selfAddress);

    // From above.
    Result<Ok> openStream(const StreamSpec& spec);
    void closeStream(std::uint32_t stream);
    void pull(const PullMessage& pull);
    void control(const ControlMessage& control);
    void measureClocks();
    void shutdown();

    const gather::Topology& topology() const { return m_topology; }
    std::uint32_t self() const { return m_self; }
    // How long this node waits for a child that owes waves before it counts as slow.
    std::chrono::milliseconds slowAfter() const { return m_slowAfter; }

private:
    struct Stream
    {
        StreamSpec spec;
        gather::FilterFunction filter = nullptr;
        gather::WaveAssembler assembler;
        std::deque<PullMessage> sequential; // pulls still to hand to the next child
        std::uint32_t sequentialChild = 0;
        std::map<std::uint64_t, std::vector<std::uint32_t>>
            missing;                     // per wave, reported from below
        std::vector<std::uint64_t> owed; // per slot: waves pulled from it, not delivered
    };
    // Whether a child answers (innernodewatch.cpp).
    struct ChildWatch
    {
        enum class State
        {
            Answering,
            Slow,      // reported up; not waited for, not pulled
            CatchingUp // answering again (waited for again), its backlog still arriving late
        };
        State state = State::Answering;
        gather::SteadyTime waitingSince; // owes waves and has not answered since
        gather::SteadyTime slowSince;
        std::uint64_t lateCarried = 0; // its late batches taken into later waves
        std::uint64_t lateDropped = 0; // and dropped (totals, superseded)
    };
    struct ChildClock
    {
        OffsetEstimator estimator;
        std::int64_t sentNs = 0;
        std::uint64_t pingId = 0;
        std::vector<ClockOffset> heldReports; // the child's report, until its own offset is known
    };

    void restartClock(std::uint32_t slot); // a new round of pings, ids going on
    void onFrame(std::uint32_t slot, protocol::Frame& frame);
    void onJoined(std::uint32_t slot);
    void onLost(std::uint32_t slot, const std::string& reason);
    void onWave(std::uint32_t slot, WaveDataMessage message);
    void forwardNodes(protocol::MessageType type, NodesMessage message);
    void deliver(Stream& stream, std::vector<gather::ReadyWave> ready);
    void advanceSequential(Stream& stream, std::uint32_t slot, std::uint64_t wave);
    void sendSequentialPull(Stream& stream);
    void onChildReady(std::uint32_t slot, const SubtreeReadyMessage& ready);
    void finishStartup();
    void ping(std::uint32_t slot);
    void onPong(std::uint32_t slot, const PongMessage& pong);
    void onChildClockReport(std::uint32_t slot, ClockReportMessage report);
    std::vector<std::uint32_t> subtreeOf(std::uint32_t slot) const;
    void scheduleExpiry();
    // The slow watch (innernodewatch.cpp).
    bool counted(std::uint32_t slot) const; // connected and not slow: pulled and waited for
    bool anyCounted() const;
    void sendPull(Stream& stream, std::uint32_t slot, const PullMessage& pull);
    void delivered(Stream& stream, std::uint32_t slot);
    void heardFrom(std::uint32_t slot, Stream& stream, std::uint64_t lateBefore,
                   std::uint64_t carriedBefore);
    void resetWatch(std::uint32_t slot);
    std::uint64_t owedBy(std::uint32_t slot) const;
    std::chrono::milliseconds watchPeriod() const;
    void startWatch();
    void watchChildren();
    void becameSlow(std::uint32_t slot, gather::SteadyTime now);
    void setSlowAfter(std::chrono::milliseconds base);

    boost::asio::io_context& m_io;
    const gather::Topology& m_topology;
    std::uint32_t m_self;
    Upstream& m_up;
    gather::FilterRegistry& m_filters; // loads a stream's plugin filter when it opens
    std::function<void(const std::string&)> m_log;
    Downstream m_children;
    std::map<std::uint32_t, Stream> m_streams;
    std::vector<ChildClock> m_clocks;
    std::vector<bool> m_live;
    std::vector<ChildWatch> m_watch;
    std::chrono::milliseconds m_slowAfterBase = kSlowAfter; // the tree's, at the leaves' parents
    std::chrono::milliseconds m_slowAfter;                  // this node's
    gather::SteadyTime m_lastWatch;
    // Start-up.
    std::vector<std::optional<SubtreeReadyMessage>> m_ready;
    std::vector<NodeAddress> m_selfAddress;
    bool m_startupDone = false;
    boost::asio::steady_timer m_startupTimer;
    boost::asio::steady_timer m_expiryTimer;
    boost::asio::steady_timer m_watchTimer;
    static constexpr int kPings = 8;
};

} // namespace xylem::tree
