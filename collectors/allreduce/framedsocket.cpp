#include "collectors/allreduce/framedsocket.h"

#include "core/model/lifeline.h"
#include "core/protocol/collectormessages.h"

#include <algorithm>
#include <cerrno>
#include <poll.h>

namespace xylem::allreduce {

FramedSocket::FramedSocket(boost::asio::ip::tcp::socket socket)
    : m_socket(std::move(socket))
    , m_buffer(64 * 1024)
{
    boost::system::error_code ignored;
    m_socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
    if (m_socket.is_open()) {
        closeOnExec(m_socket.native_handle());
    }
}

namespace {

// Whether fd has bytes (or an end) to read before the deadline.
bool readableBefore(int fd, std::chrono::steady_clock::time_point deadline)
{
    for (;;) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            return false;
        }
        pollfd p{fd, POLLIN, 0};
        const int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
        if (n > 0 || (n < 0 && errno != EINTR)) {
            return true; // an error is for read_some to report
        }
    }
}

} // namespace

Result<Ok> FramedSocket::send(protocol::MessageType type, std::span<const std::uint8_t> payload)
{
    const std::vector<std::uint8_t> frame = protocol::encodeFrame(type, 0, payload);
    boost::system::error_code ec;
    boost::asio::write(m_socket, boost::asio::buffer(frame), ec);
    if (ec) {
        return makeError(ErrorCode::IoError, "sending failed: " + ec.message());
    }
    return Ok{};
}

Result<protocol::Frame>
FramedSocket::receive(std::optional<std::chrono::steady_clock::time_point> deadline)
{
    while (m_pending.empty()) {
        if (deadline && !readableBefore(m_socket.native_handle(), *deadline)) {
            return makeError(ErrorCode::IoError, "nothing received in time");
        }
        boost::system::error_code ec;
        const size_t n = m_socket.read_some(boost::asio::buffer(m_buffer), ec);
        if (ec) {
            return makeError(ErrorCode::IoError, ec == boost::asio::error::eof
                                                     ? "the peer closed the connection"
                                                     : "receiving failed: " + ec.message());
        }
        if (auto ok = m_decoder.feed(std::span(m_buffer.data(), n), m_pending); !ok) {
            const std::uint16_t version = m_decoder.refusedVersion();
            return version != 0 ? refuse(version) : ok.error();
        }
    }
    protocol::Frame frame = std::move(m_pending.front());
    m_pending.erase(m_pending.begin());
    if (frame.type == protocol::MessageType::Error) {
        const auto said = protocol::decodeError(frame.payload);
        return makeError(ErrorCode::MalformedInput,
                         said ? "the peer refused this side, saying: " + said->message
                              : "the peer refused this side with an unreadable error");
    }
    return frame;
}

Error FramedSocket::refuse(std::uint16_t peerVersion)
{
    boost::system::error_code ignored; // the peer learns why, if it reads
    boost::asio::write(m_socket, boost::asio::buffer(protocol::encodeVersionRefusal(peerVersion)),
                       ignored);
    // The refusal, then the end of what this side sends; the caller closes the socket.
    m_socket.shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    return makeError(ErrorCode::MalformedInput,
                     "refused a peer that speaks Xylem wire version " +
                         std::to_string(peerVersion) + " (this side speaks " +
                         std::to_string(protocol::kWireVersion) +
                         "), and told it why: run the same Xylem release on both ends");
}

void FramedSocket::close()
{
    boost::system::error_code ignored;
    m_socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    m_socket.close(ignored);
}

} // namespace xylem::allreduce
