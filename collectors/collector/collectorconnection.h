#pragma once

// One client of xylem-collector's socket (a probe announcing a ring, a tool asking for tuples):
// reads request frames and answers each in order, on the server's Asio thread. Whatever the
// client does, it holds a bounded amount of the collector: a request over maxRequestBytes is
// refused on its header, replies it does not read stop its requests from being read once they
// pass maxReplyBacklog, and a connection that completes no request within the idle time-out
// is closed. Every close says why in the log.

#include "collectors/collector/collectorservice.h"
#include "core/protocol/frame.h"

#include <boost/asio.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace xylem::collector {

struct ServerLimits
{
    std::chrono::milliseconds idleTimeout{60000};
    std::uint32_t maxRequestBytes = 16u << 20; // a node-side monitor's configuration is the largest
    size_t maxReplyBacklog = 64u << 20;        // bytes of replies the client has not read
};

class CollectorConnection : public std::enable_shared_from_this<CollectorConnection>
{
public:
    using Socket = boost::asio::local::stream_protocol::socket;
    using Logger = std::function<void(const std::string&)>;

    // serving: false once the server is gone; the service may be gone too by the time the
    // io_context destroys this connection's last handler.
    CollectorConnection(Socket socket, CollectorService& service, Logger log, ServerLimits limits,
                        std::shared_ptr<const bool> serving);
    ~CollectorConnection();

    void start();

private:
    using Clock = std::chrono::steady_clock;

    void read();
    void received(size_t n);
    void send(std::vector<std::uint8_t> bytes);
    void writeNext();
    void watch();
    void close(const std::string& why);

    Socket m_socket;
    CollectorService& m_service;
    Logger m_log;
    ServerLimits m_limits;
    std::shared_ptr<const bool> m_serving;
    ClientId m_client;
    protocol::FrameDecoder m_decoder;
    std::vector<std::uint8_t> m_buffer;
    std::deque<std::vector<std::uint8_t>> m_outbox;
    size_t m_outboxBytes = 0;
    bool m_reading = false;
    bool m_closed = false;
    boost::asio::steady_timer m_idle;
    Clock::time_point m_lastRequest;
};

} // namespace xylem::collector
