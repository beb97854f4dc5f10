#include "core/tree/connection.h"

#include "core/model/lifeline.h"

#include <algorithm>

namespace xylem::tree {

namespace asio = boost::asio;

namespace {

// A read buffer as large as the frames it may carry (a hello), up to one that moves big batches.
size_t readBufferFor(std::uint32_t maxPayload)
{
    return std::clamp<size_t>(size_t(maxPayload) + protocol::kFrameHeaderBytes, 4096, 256 * 1024);
}

} // namespace

std::shared_ptr<Connection> Connection::make(asio::ip::tcp::socket socket)
{
    return std::shared_ptr<Connection>(new Connection(std::move(socket)));
}

Connection::Connection(asio::ip::tcp::socket socket)
    : m_socket(std::move(socket))
    , m_watch(m_socket.get_executor())
    , m_lastReceived(Clock::now())
    , m_lastSent(Clock::now())
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
    m_readBuffer.resize(readBufferFor(m_decoder.maxPayload())); // no read is in flight
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
        self->received(n);
    });
}

void Connection::received(size_t bytes)
{
    m_lastReceived = Clock::now();
    m_frames.clear();
    if (auto ok = m_decoder.feed(std::span(m_readBuffer.data(), bytes), m_frames); !ok) {
        if (const std::uint16_t version = m_decoder.refusedVersion(); version != 0) {
            boost::system::error_code ignored; // a peer of another version learns why, if it reads
            asio::write(m_socket, asio::buffer(protocol::encodeVersionRefusal(version)), ignored);
        }
        close("garbage on the connection: " + ok.error().message);
        return;
    }
    for (protocol::Frame& frame : m_frames) {
        if (m_closed) {
            return;
        }
        if (frame.type == protocol::MessageType::Heartbeat) {
            continue; // the connection's own: nothing for the handler
        }
        m_dispatching = true;
        m_onFrame(frame);
        m_dispatching = false;
        if (m_nextOnFrame) {
            m_onFrame = std::move(m_nextOnFrame);
            m_nextOnFrame = nullptr;
        }
    }
    readMore();
}

void Connection::send(protocol::MessageType type, std::span<const std::uint8_t> payload,
                      std::uint32_t stream)
{
    if (m_closed) {
        return;
    }
    m_queue.push_back(protocol::encodeFrame(type, stream, payload));
    m_queuedBytes += m_queue.back().size();
    m_lastSent = Clock::now();
    if (m_writing.empty()) {
        writeQueued();
    }
}

void Connection::send(protocol::MessageType type, std::vector<std::uint8_t>&& payload,
                      std::uint32_t stream)
{
    if (m_closed) {
        return;
    }
    m_queue.push_back(
        protocol::encodeFrameHeader(type, stream, static_cast<std::uint32_t>(payload.size())));
    m_queuedBytes += m_queue.back().size();
    m_queue.push_back(std::move(payload)); // the frame's rest: the writes keep the queue's order
    m_queuedBytes += m_queue.back().size();
    m_lastSent = Clock::now();
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
    m_watch.cancel();
    boost::system::error_code ec;
    m_socket.shutdown(asio::ip::tcp::socket::shutdown_both, ec);
    m_socket.close(ec);
    m_queue.clear();
    if (auto handler = std::move(m_onClosed)) {
        handler(reason);
    }
}

void Connection::limitFrames(std::uint32_t maxPayload)
{
    m_decoder.setMaxPayload(maxPayload);
}

void Connection::keepAlive(std::chrono::milliseconds idleTimeout)
{
    m_idleTimeout = std::max<std::chrono::milliseconds>(idleTimeout, 3 * kHeartbeatInterval);
    m_lastReceived = Clock::now();
    watch();
}

// One timer for both duties: it wakes at least every heartbeat interval. It holds the
// connection weakly: a connection nobody holds any more is not kept alive by its heartbeats.
void Connection::watch()
{
    if (m_closed || m_idleTimeout.count() == 0) {
        return;
    }
    const auto now = Clock::now();
    if (now - m_lastReceived >= m_idleTimeout) {
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(m_idleTimeout);
        close("silent for " + std::to_string(seconds.count()) + " s (the idle time-out)");
        return;
    }
    if (now - m_lastSent >= kHeartbeatInterval) {
        send(protocol::MessageType::Heartbeat, std::span<const std::uint8_t>{});
    }
    const auto wake = std::min(m_lastSent + kHeartbeatInterval, m_lastReceived + m_idleTimeout);
    m_watch.expires_at(wake);
    m_watch.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
        if (auto self = weak.lock(); self && !ec) {
            self->watch();
        }
    });
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
