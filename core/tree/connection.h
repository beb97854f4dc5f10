#pragma once

// One edge of the gather tree, as seen from either end: a TCP socket speaking frames, on the
// node's single Asio thread. Reads run continuously and hand complete frames to onFrame; sends
// are queued and written together (one system call carries many small frames). Garbage on the
// socket or a peer that goes away ends in onClosed with the reason, exactly once.
//
// Flow control: a node that cannot keep up pauses reading from a child (TCP then slows the
// child down) instead of buffering without bound.

#include "core/protocol/frame.h"

#include <boost/asio.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace xylem::tree {

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
    void close(const std::string& reason);

    void pauseReading();
    void resumeReading();

    bool open() const { return !m_closed; }
    size_t queuedBytes() const { return m_queuedBytes; }
    std::string peer() const { return m_peer; }

private:
    explicit Connection(boost::asio::ip::tcp::socket socket);
    void readMore();
    void writeQueued();

    boost::asio::ip::tcp::socket m_socket;
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
