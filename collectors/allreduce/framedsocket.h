#pragma once

// A blocking TCP connection that speaks core/protocol frames: what a proxy's stub and its
// service thread hold. Nagle is off: a call is a small message that must leave at once. The
// socket is close-on-exec: no program this process starts holds the connection open.

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
    // The next frame; an error when the peer closed the connection or sent garbage, or when
    // the deadline (if any) passed first.
    Result<protocol::Frame>
    receive(std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);
    void close();
    // The largest payload received from now on: a hello's worth (protocol::kMaxHelloPayloadBytes)
    // until the peer has proven it holds the run's token, so that a stranger cannot make this
    // side hold 48 MiB; refused on the frame's header (FrameDecoder::setMaxPayload).
    void limitFrames(std::uint32_t maxPayload) { m_decoder.setMaxPayload(maxPayload); }

private:
    boost::asio::ip::tcp::socket m_socket;
    protocol::FrameDecoder m_decoder;
    std::vector<protocol::Frame> m_pending;
    std::vector<std::uint8_t> m_buffer;
};

} // namespace xylem::allreduce
