#pragma once

// What a relay and the front-end share: the children of one node of the gather tree and the
// streams through it. Commands from above (open a stream, pull waves, control, measure clocks)
// go down to the children; the children's batches of a wave are synchronized (wave.h),
// reduced by the stream's filter (filter.h) and passed up. A child that dies is reported up
// with every node below it, and no longer holds back a wave.
//
// Pulls go to all children at once (parallel gathering) or to one child after the other, each
// after the previous delivered the pulled waves (sequential gathering: the EventSpace knob).

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

class InnerNode
{
public:
    InnerNode(boost::asio::io_context& io, const gather::Topology& topology, std::uint32_t self,
              std::string token, bool leavesAttach, Upstream& up,
              gather::FilterRegistry& filters, std::function<void(const std::string&)> log);

    Result<std::uint16_t> listen(const std::string& address, std::uint16_t port);

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

private:
    struct Stream
    {
        StreamSpec spec;
        gather::FilterFunction filter = nullptr;
        gather::WaveAssembler assembler;
        std::deque<PullMessage> sequential; // pulls still to hand to the next child
        std::uint32_t sequentialChild = 0;
        std::map<std::uint64_t, std::vector<std::uint32_t>>
            missing; // per wave, reported from below
    };
    struct ChildClock
    {
        OffsetEstimator estimator;
        std::int64_t sentNs = 0;
        std::uint64_t pingId = 0;
        std::vector<ClockOffset> heldReports; // the child's report, until its own offset is known
    };

    void onFrame(std::uint32_t slot, protocol::Frame& frame);
    void onJoined(std::uint32_t slot);
    void onLost(std::uint32_t slot, const std::string& reason);
    void onWave(std::uint32_t slot, WaveDataMessage message);
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
    // Start-up.
    std::vector<std::optional<SubtreeReadyMessage>> m_ready;
    std::vector<NodeAddress> m_selfAddress;
    bool m_startupDone = false;
    boost::asio::steady_timer m_startupTimer;
    boost::asio::steady_timer m_expiryTimer;
    static constexpr int kPings = 8;
};

} // namespace xylem::tree
