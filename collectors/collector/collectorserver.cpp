#include "collectors/collector/collectorserver.h"

#include "core/model/lifeline.h"
#include "core/protocol/frame.h"

#include <sys/stat.h>
#include <unistd.h>

namespace xylem::collector {

namespace asio = boost::asio;
using Local = asio::local::stream_protocol;

namespace {

std::int64_t realtimeNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Only this user's programs announce rings and read them, so the socket file is 0600 from the
// moment bind makes it: Linux gives it the mode of the unbound socket's inode (less the umask),
// which fchmod sets first. Not a chmod after bind (a window with the umask's mode, and a path
// that may have been replaced meanwhile), nor a umask change (it is the whole process's).
void bindPrivate(Local::acceptor& acceptor, const std::string& path, boost::system::error_code& ec)
{
    if (::fchmod(acceptor.native_handle(), 0600) != 0) {
        ec.assign(errno, boost::system::system_category());
        return;
    }
    acceptor.bind(Local::endpoint(path), ec);
    struct stat st
    {
    };
    if (!ec && (::stat(path.c_str(), &st) != 0 || (st.st_mode & 077) != 0)) {
        // A kernel that ignored the inode's mode: refuse rather than serve others.
        acceptor.close(ec);
        ::unlink(path.c_str());
        ec = boost::system::errc::make_error_code(boost::system::errc::permission_denied);
    }
}

} // namespace

CollectorServer::CollectorServer(asio::io_context& io, CollectorService& service,
                                 std::string socketPath, std::chrono::milliseconds tickPeriod,
                                 Logger logger, ServerLimits limits)
    : m_io(io)
    , m_service(service)
    , m_path(std::move(socketPath))
    , m_tickPeriod(tickPeriod)
    , m_log(std::move(logger))
    , m_limits(limits)
    , m_acceptor(io)
    , m_timer(io)
{
}

CollectorServer::~CollectorServer()
{
    stop();
    *m_serving = false;
}

Result<Ok> CollectorServer::start()
{
    boost::system::error_code ec;
    // A socket file left by a collector that died is replaced; one that answers is not ours.
    if (::access(m_path.c_str(), F_OK) == 0) {
        Local::socket probe(m_io);
        probe.connect(Local::endpoint(m_path), ec);
        if (!ec) {
            return makeError(ErrorCode::Busy, "another collector already listens here", m_path);
        }
        ::unlink(m_path.c_str());
    }
    m_acceptor.open(Local(), ec);
    if (!ec) {
        closeOnExec(m_acceptor.native_handle()); // no program started here keeps it (lifeline.h)
        bindPrivate(m_acceptor, m_path, ec);
    }
    if (!ec) {
        m_acceptor.listen(asio::socket_base::max_listen_connections, ec);
    }
    if (ec) {
        return makeError(ErrorCode::IoError, "cannot listen: " + ec.message(), m_path);
    }
    m_service.tick(realtimeNs()); // find the rings of programs already running
    accept();
    scheduleTick();
    return Ok{};
}

void CollectorServer::stop()
{
    if (m_stopped) {
        return;
    }
    m_stopped = true;
    boost::system::error_code ignored;
    m_acceptor.close(ignored);
    m_timer.cancel();
    ::unlink(m_path.c_str());
}

void CollectorServer::accept()
{
    m_acceptor.async_accept([this](boost::system::error_code ec, Local::socket socket) {
        if (ec) {
            return; // closed by stop()
        }
        closeOnExec(socket.native_handle());
        std::make_shared<CollectorConnection>(std::move(socket), m_service, m_log, m_limits,
                                              m_serving)
            ->start();
        accept();
    });
}

void CollectorServer::scheduleTick()
{
    m_timer.expires_after(m_tickPeriod);
    m_timer.async_wait([this](boost::system::error_code ec) {
        if (ec || m_stopped) {
            return;
        }
        m_service.tick(realtimeNs());
        for (const std::string& line : m_service.takeLog()) {
            m_log(line);
        }
        scheduleTick();
    });
}

} // namespace xylem::collector
