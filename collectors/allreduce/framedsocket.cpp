#include "collectors/allreduce/framedsocket.h"

namespace xylem::allreduce {

FramedSocket::FramedSocket(boost::asio::ip::tcp::socket socket)
    : m_socket(std::move(socket))
    , m_buffer(64 * 1024)
{
    boost::system::error_code ignored;
    m_socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
}

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

Result<protocol::Frame> FramedSocket::receive()
{
    while (m_pending.empty()) {
        boost::system::error_code ec;
        const size_t n = m_socket.read_some(boost::asio::buffer(m_buffer), ec);
        if (ec) {
            return makeError(ErrorCode::IoError, ec == boost::asio::error::eof
                                                     ? "the peer closed the connection"
                                                     : "receiving failed: " + ec.message());
        }
        if (auto ok = m_decoder.feed(std::span(m_buffer.data(), n), m_pending); !ok) {
            return ok.error();
        }
    }
    protocol::Frame frame = std::move(m_pending.front());
    m_pending.erase(m_pending.begin());
    return frame;
}

void FramedSocket::close()
{
    boost::system::error_code ignored;
    m_socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    m_socket.close(ignored);
}

} // namespace xylem::allreduce
