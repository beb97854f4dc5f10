#include "collectors/collector/collectorconnection.h"

#include <span>

namespace xylem::collector {

namespace asio = boost::asio;

CollectorConnection::CollectorConnection(Socket socket, CollectorService& service, Logger log,
                                         ServerLimits limits, std::shared_ptr<const bool> serving)
    : m_socket(std::move(socket))
    , m_service(service)
    , m_log(std::move(log))
    , m_limits(limits)
    , m_serving(std::move(serving))
    , m_client(service.openClient("unix socket"))
    , m_buffer(64 * 1024)
    , m_idle(m_socket.get_executor())
    , m_lastRequest(Clock::now())
{
    m_decoder.setMaxPayload(m_limits.maxRequestBytes);
}

CollectorConnection::~CollectorConnection()
{
    if (*m_serving) {
        m_service.closeClient(m_client);
    }
}

void CollectorConnection::start()
{
    read();
    watch();
}

void CollectorConnection::close(const std::string& why)
{
    if (m_closed) {
        return;
    }
    m_closed = true;
    m_log("closing a connection: " + why);
    boost::system::error_code ignored;
    m_socket.close(ignored);
    m_idle.cancel();
}

void CollectorConnection::read()
{
    if (m_closed || m_reading) {
        return;
    }
    m_reading = true;
    m_socket.async_read_some(asio::buffer(m_buffer),
                             [self = shared_from_this()](boost::system::error_code ec, size_t n) {
                                 self->m_reading = false;
                                 if (!ec && !self->m_closed) {
                                     self->received(n);
                                 } else if (!self->m_closed) {
                                     self->m_closed = true; // the client went away: nothing to say
                                     self->m_idle.cancel();
                                 }
                             });
}

void CollectorConnection::received(size_t n)
{
    std::vector<protocol::Frame> frames;
    if (auto ok = m_decoder.feed(std::span(m_buffer.data(), n), frames); !ok) {
        if (const std::uint16_t version = m_decoder.refusedVersion(); version != 0) {
            boost::system::error_code ignored; // a client of another version learns why
            asio::write(m_socket, asio::buffer(protocol::encodeVersionRefusal(version)), ignored);
        }
        close(ok.error().describe());
        return;
    }
    if (!frames.empty()) {
        m_lastRequest = Clock::now();
    }
    for (const protocol::Frame& frame : frames) {
        std::vector<std::uint8_t> reply = m_service.handle(m_client, frame);
        if (!reply.empty()) {
            send(std::move(reply));
        }
    }
    if (m_outboxBytes <= m_limits.maxReplyBacklog) {
        read(); // else writeNext reads on once the client has taken enough of its replies
    }
}

void CollectorConnection::send(std::vector<std::uint8_t> bytes)
{
    m_outboxBytes += bytes.size();
    m_outbox.push_back(std::move(bytes));
    if (m_outbox.size() == 1) {
        writeNext();
    }
}

void CollectorConnection::writeNext()
{
    asio::async_write(m_socket, asio::buffer(m_outbox.front()),
                      [self = shared_from_this()](boost::system::error_code ec, size_t) {
                          if (ec || self->m_closed) {
                              return; // the client went away; the read side ends too
                          }
                          self->m_outboxBytes -= self->m_outbox.front().size();
                          self->m_outbox.pop_front();
                          if (!self->m_outbox.empty()) {
                              self->writeNext();
                          }
                          if (self->m_outboxBytes <= self->m_limits.maxReplyBacklog) {
                              self->read();
                          }
                      });
}

// Wakes when the idle time-out would pass; holds the connection weakly, so that one whose
// client went away is not kept for its timer.
void CollectorConnection::watch()
{
    const auto due = m_lastRequest + m_limits.idleTimeout;
    if (Clock::now() >= due) {
        const auto ms = m_limits.idleTimeout.count();
        close("no request for " + std::to_string(ms) + " ms (the idle time-out)");
        return;
    }
    m_idle.expires_at(due);
    m_idle.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
        if (auto self = weak.lock(); self && !ec && !self->m_closed) {
            self->watch();
        }
    });
}

} // namespace xylem::collector
