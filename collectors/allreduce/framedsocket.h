#pragma once

// A blocking TCP connection that speaks core/protocol frames: what a proxy's stub and its
// service thread hold. Nagle is off: a call is a small message that must leave at once. The
// socket is close-on-exec: no program this process starts holds the connection open.
//
// Another wire version is refused with a message, as the tree's and the collector's sockets do:
// a peer whose frame carries another version gets an Error frame in its own framing
// (protocol::encodeVersionRefusal, naming both versions) before this side stops sending, and
// receive() returns an error naming both versions. The other way round, an Error frame from the
// peer (how a peer of another version refuses this side) is returned as an error with the
// peer's words: nothing on a gsum path sends Error otherwise.

#include "core/model/result.h"
#include "core/protocol/frame.h"

#include <boost/asio.hpp>
#include <chrono>
#include <optional>
#include <vector>

namespace xylem::allreduce {

class FramedSocket
{
public:
    explicit FramedSocket(boost::asio::ip::tcp::socket socket);

    Result<Ok> send(protocol::MessageType type, std::span<const std::uint8_t> payload);
    // The next frame; an error when the peer closed the connection, sent garbage, spoke another
    // wire version (refused, and told why) or refused this side, or when the deadline (if any)
    // passed first.
    Result<protocol::Frame>
    receive(std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);
    void close();
    // The largest payload received from now on: a hello's worth (protocol::kMaxHelloPayloadBytes)
    // until the peer has proven it holds the run's token, so that a stranger cannot make this
    // side hold 48 MiB; refused on the frame's header (FrameDecoder::setMaxPayload).
    void limitFrames(std::uint32_t maxPayload) { m_decoder.setMaxPayload(maxPayload); }
    // The wire version of a peer this side refused for speaking another one (0: none was).
    std::uint16_t refusedVersion() const { return m_decoder.refusedVersion(); }

private:
    // Answers a peer of another version with the refusal, stops sending; the error to return.
    Error refuse(std::uint16_t peerVersion);

    boost::asio::ip::tcp::socket m_socket;
    protocol::FrameDecoder m_decoder;
    std::vector<protocol::Frame> m_pending;
    std::vector<std::uint8_t> m_buffer;
};

} // namespace xylem::allreduce
