#pragma once

// xylem-collector's socket: a UNIX-domain stream server over CollectorService, on one
// Boost.Asio thread. Each connection is one client (collectorconnection.h: what bounds it); a
// connection that sends a bad frame, or nothing for the idle time-out, is closed with the
// reason logged, and nothing else happens. A timer drives the service's tick.

#include "collectors/collector/collectorconnection.h"
#include "collectors/collector/collectorservice.h"
#include "core/model/result.h"

#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace xylem::collector {

class CollectorServer
{
public:
    using Logger = std::function<void(const std::string&)>;

    CollectorServer(boost::asio::io_context& io, CollectorService& service, std::string socketPath,
                    std::chrono::milliseconds tickPeriod, Logger logger, ServerLimits limits = {});
    ~CollectorServer();

    // Binds the socket (replacing a stale one nobody listens on) and starts accepting.
    Result<Ok> start();
    void stop();

    const std::string& socketPath() const { return m_path; }

private:
    void accept();
    void scheduleTick();

    boost::asio::io_context& m_io;
    CollectorService& m_service;
    std::string m_path;
    std::chrono::milliseconds m_tickPeriod;
    Logger m_log;
    ServerLimits m_limits;
    std::shared_ptr<bool> m_serving = std::make_shared<bool>(true); // connections ask at their end
    boost::asio::local::stream_protocol::acceptor m_acceptor;
    boost::asio::steady_timer m_timer;

    bool m_stopped = false;
};

} // namespace xylem::collector
