#include "core/tree/connection.h"

#include "core/model/lifeline.h"

namespace xylem::tree {

namespace asio = boost::asio;

std::shared_ptr<Connection> Connection::make(asio::ip::tcp::socket socket)
{
    return std::shared_ptr<Connection>(new Connection(std::move(socket)));
}

Connection::Connection(asio::ip::tcp::socket socket)
    : m_socket(std::move(socket))
    , m_readBuffer(256 * 1024)
{
    boost::system::error_code ec;
    m_socket.set_option(asio::ip::tcp::no_delay(true), ec);
    closeOnExec(m_socket.native_handle()); // a child of ours must not keep it open (lifeline.h)
    const auto endpoint = m_socket.remote_endpoint(ec);
    m_peer = ec ? std::string("?")
                : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

void Connection::start(FrameHandler onFrame, CloseHandler onClosed)
{
    m_onClosed = std::move(onClosed);
    if (m_dispatching) {
        m_nextOnFrame = std::move(onFrame); // the running handler must not be destroyed under it
        return;
    }
    m_onFrame = std::move(onFrame);
    readMore();
}

void Connection::readMore()
{
    if (m_closed || m_paused || m_reading) {
        return;
    }
    m_reading = true;
    m_socket.async_read_some(asio::buffer(m_readBuffer), [self = shared_from_this()](
                                                             const boost::system::error_code& ec,
                                                             size_t n) {
        self->m_reading = false;
        if (self->m_closed) {
            return;
        }
        if (ec) {
            self->close(ec == asio::error::eof ? "the peer closed the connection" : ec.message());
            return;
        }
        self->m_frames.clear();
        if (auto ok = self->m_decoder.feed(std::span(self->m_readBuffer.data(), n), self->m_frames);
            !ok) {
            self->close("garbage on the connection: " + ok.error().message);
            return;
        }
        for (protocol::Frame& frame : self->m_frames) {
            if (self->m_closed) {
                return;
            }
            self->m_dispatching = true;
            self->m_onFrame(frame);
            self->m_dispatching = false;
            if (self->m_nextOnFrame) {
                self->m_onFrame = std::move(self->m_nextOnFrame);
                self->m_nextOnFrame = nullptr;
            }
        }
        self->readMore();
    });
}

void Connection::send(protocol::MessageType type, std::span<const std::uint8_t> payload,
                      std::uint32_t stream)
{
    if (m_closed) {
        return;
    }
    m_queue.push_back(protocol::encodeFrame(type, stream, payload));
    m_queuedBytes += m_queue.back().size();
    if (m_writing.empty()) {
        writeQueued();
    }
}

void Connection::writeQueued()
{
    if (m_queue.empty() || m_closed) {
        return;
    }
    std::vector<asio::const_buffer> buffers;
    while (!m_queue.empty() && buffers.size() < 64) {
        m_writing.push_back(std::move(m_queue.front()));
        m_queue.pop_front();
        buffers.emplace_back(asio::buffer(m_writing.back()));
    }
    asio::async_write(m_socket, buffers,
                      [self = shared_from_this()](const boost::system::error_code& ec, size_t) {
                          for (const auto& frame : self->m_writing) {
                              self->m_queuedBytes -= frame.size();
                          }
                          self->m_writing.clear();
                          if (ec) {
                              self->close("cannot send: " + ec.message());
                              return;
                          }
                          self->writeQueued();
                      });
}

void Connection::close(const std::string& reason)
{
    if (m_closed) {
        return;
    }
    m_closed = true;
    boost::system::error_code ec;
    m_socket.shutdown(asio::ip::tcp::socket::shutdown_both, ec);
    m_socket.close(ec);
    m_queue.clear();
    if (auto handler = std::move(m_onClosed)) {
        handler(reason);
    }
}

void Connection::pauseReading()
{
    m_paused = true;
}

void Connection::resumeReading()
{
    if (m_paused) {
        m_paused = false;
        readMore();
    }
}

} // namespace xylem::tree
