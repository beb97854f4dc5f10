#pragma once

// One edge of the gather tree, as seen from either end: a TCP socket speaking frames, on the
// node's single Asio thread. Reads run continuously and hand complete frames to onFrame; sends
// are queued and written together (one system call carries many small frames). Garbage on the
// socket or a peer that goes away ends in onClosed with the reason, exactly once.
//
// Flow control: a node that cannot keep up pauses reading from a child (TCP then slows the
// child down) instead of buffering without bound.
//
// Bounds: the decoder holds at most one frame of the largest payload the connection accepts
// (limitFrames: a hello's few kilobytes until the peer has shown the tree's token), and the read
// buffer follows that limit. Liveness (keepAlive): a quiet edge carries a Heartbeat each way
// every kHeartbeatInterval, so an edge that stays silent for its idle time-out has a dead,
// paused or hostile peer, and is closed.

#include "core/protocol/frame.h"

#include <boost/asio.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace xylem::tree {

// How often a quiet end says it is alive; the idle time-out must be several times longer.
inline constexpr std::chrono::milliseconds kHeartbeatInterval{1000};
// How long an edge may stay silent before it is closed and its peer counted as lost: a node
// paused this long (by a debugger, a stopped process) is given up.
inline constexpr std::chrono::milliseconds kTreeIdleTimeout{60000};

class Connection : public std::enable_shared_from_this<Connection>
{
public:
    using FrameHandler = std::function<void(protocol::Frame&)>;
    using CloseHandler = std::function<void(const std::string& reason)>;

    static std::shared_ptr<Connection> make(boost::asio::ip::tcp::socket socket);

    // Starts reading. Handlers run on the io thread; they may call send() and close(), and
    // start() again to hand the connection to new handlers (from the next frame on).
    void start(FrameHandler onFrame, CloseHandler onClosed);
    void send(protocol::MessageType type, std::span<const std::uint8_t> payload,
              std::uint32_t stream = 0);
    // A payload the connection may keep: written as it is after its header, not copied into
    // one frame first (a wave's tuples cross the node with one copy less).
    void send(protocol::MessageType type, std::vector<std::uint8_t>&& payload,
              std::uint32_t stream = 0);
    void close(const std::string& reason);

    // The largest payload read from the next read on (at most protocol::kMaxPayloadBytes).
    void limitFrames(std::uint32_t maxPayload);
    // From now on: a Heartbeat after every kHeartbeatInterval without a send, and the end of
    // the connection after idleTimeout (at least 3 heartbeat intervals) without a byte received.
    void keepAlive(std::chrono::milliseconds idleTimeout);

    void pauseReading();
    void resumeReading();

    bool open() const { return !m_closed; }
    size_t queuedBytes() const { return m_queuedBytes; }
    std::string peer() const { return m_peer; }

private:
    using Clock = std::chrono::steady_clock;

    explicit Connection(boost::asio::ip::tcp::socket socket);
    void readMore();
    void received(size_t bytes);
    void writeQueued();
    void watch();

    boost::asio::ip::tcp::socket m_socket;
    boost::asio::steady_timer m_watch;          // heartbeats and the idle time-out
    std::chrono::milliseconds m_idleTimeout{0}; // 0: none
    Clock::time_point m_lastReceived;
    Clock::time_point m_lastSent;
    std::string m_peer;
    protocol::FrameDecoder m_decoder;
    std::vector<std::uint8_t> m_readBuffer;
    std::vector<protocol::Frame> m_frames;
    std::deque<std::vector<std::uint8_t>> m_queue;    // frames waiting for the next write
    std::vector<std::vector<std::uint8_t>> m_writing; // frames of the write in flight
    size_t m_queuedBytes = 0;
    bool m_reading = false;
    bool m_paused = false;
    bool m_closed = false;
    bool m_dispatching = false;
    FrameHandler m_onFrame;
    FrameHandler m_nextOnFrame; // set by start() during a dispatch
    CloseHandler m_onClosed;
};

} // namespace xylem::tree
