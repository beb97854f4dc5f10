#include "tests/cluster/delaylink.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace xylem::testing {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kChunk = 64 * 1024;

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

void setNoDelay(int fd)
{
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

std::string errnoText(const std::string& what)
{
    return what + ": " + std::strerror(errno);
}

bool toAddress(const std::string& ip, std::uint16_t port, sockaddr_in& out)
{
    std::memset(&out, 0, sizeof out);
    out.sin_family = AF_INET;
    out.sin_port = htons(port);
    return ::inet_pton(AF_INET, ip.c_str(), &out.sin_addr) == 1;
}

struct Chunk
{
    Clock::time_point due;
    std::vector<char> bytes;
    std::size_t sent = 0;
};

// One direction of a forwarded connection: what was read from `from` waits in `queue` until
// its time, then goes to `to`.
struct Direction
{
    int from = -1;
    int to = -1;
    std::deque<Chunk> queue;
    std::size_t queued = 0;
    bool eof = false;  // `from` ended
    bool shut = false; // and that end was passed on
    bool due(Clock::time_point now) const { return !queue.empty() && queue.front().due <= now; }
};

// Writes what is due; false on an error that ends the connection.
bool flush(Direction& d, Clock::time_point now, std::atomic<std::uint64_t>& bytes)
{
    while (d.due(now)) {
        Chunk& c = d.queue.front();
        const ssize_t n =
            ::send(d.to, c.bytes.data() + c.sent, c.bytes.size() - c.sent, MSG_NOSIGNAL);
        if (n < 0) {
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
        }
        c.sent += static_cast<std::size_t>(n);
        bytes += static_cast<std::uint64_t>(n);
        if (c.sent < c.bytes.size()) {
            return true; // the socket is full: wait for POLLOUT
        }
        d.queued -= c.bytes.size();
        d.queue.pop_front();
    }
    if (d.eof && d.queue.empty() && !d.shut) {
        ::shutdown(d.to, SHUT_WR);
        d.shut = true;
    }
    return true;
}

// Reads one chunk; false on an error that ends the connection.
bool fill(Direction& d, std::chrono::microseconds delay)
{
    std::vector<char> buffer(kChunk);
    const ssize_t n = ::recv(d.from, buffer.data(), buffer.size(), 0);
    if (n < 0) {
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    }
    if (n == 0) {
        d.eof = true;
        return true;
    }
    buffer.resize(static_cast<std::size_t>(n));
    d.queued += buffer.size();
    d.queue.push_back(Chunk{Clock::now() + delay, std::move(buffer), 0});
    return true;
}

} // namespace

DelayLink::DelayLink(DelayLinkOptions options)
    : m_options(std::move(options))
{
}

DelayLink::~DelayLink()
{
    stop();
}

Result<std::unique_ptr<DelayLink>> DelayLink::start(DelayLinkOptions options)
{
    sockaddr_in listenAt{};
    sockaddr_in target{};
    if (!toAddress(options.listenAddress, 0, listenAt)) {
        return makeError(ErrorCode::InvalidArgument,
                         "delay link: '" + options.listenAddress + "' is not an IPv4 address");
    }
    if (!toAddress(options.targetAddress, options.targetPort, target) || options.targetPort == 0) {
        return makeError(ErrorCode::InvalidArgument, "delay link: the target '" +
                                                         options.targetAddress + ":" +
                                                         std::to_string(options.targetPort) +
                                                         "' is not an IPv4 address and port");
    }
    if (options.delay.count() < 0 || options.bufferBytes < kChunk) {
        return makeError(
            ErrorCode::InvalidArgument,
            "delay link: the delay must not be negative and the buffer at least 64 KiB");
    }
    std::unique_ptr<DelayLink> link(new DelayLink(std::move(options)));
    if (::pipe2(link->m_stop, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError, errnoText("delay link: pipe"));
    }
    link->m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    ::setsockopt(link->m_listen, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    socklen_t length = sizeof listenAt;
    if (link->m_listen < 0 ||
        ::bind(link->m_listen, reinterpret_cast<sockaddr*>(&listenAt), sizeof listenAt) != 0 ||
        ::listen(link->m_listen, 64) != 0 ||
        ::getsockname(link->m_listen, reinterpret_cast<sockaddr*>(&listenAt), &length) != 0) {
        return makeError(ErrorCode::IoError, errnoText("delay link: cannot listen on " +
                                                       link->m_options.listenAddress));
    }
    link->m_port = ntohs(listenAt.sin_port);
    link->m_acceptor = std::thread([raw = link.get()] { raw->acceptLoop(); });
    return link;
}

void DelayLink::stop()
{
    if (m_stopped) {
        return;
    }
    m_stopped = true;
    if (m_stop[1] >= 0) {
        (void)!::write(m_stop[1], "x", 1); // never drained: every poll sees it
    }
    if (m_acceptor.joinable()) {
        m_acceptor.join();
    }
    std::vector<std::thread> pumps;
    {
        std::lock_guard lock(m_mutex);
        pumps.swap(m_pumps);
    }
    for (std::thread& t : pumps) {
        t.join();
    }
    for (int* fd : {&m_listen, &m_stop[0], &m_stop[1]}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

int DelayLink::connectTarget() const
{
    sockaddr_in target{};
    toAddress(m_options.targetAddress, m_options.targetPort, target);
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        return -1;
    }
    if (::connect(fd, reinterpret_cast<sockaddr*>(&target), sizeof target) == 0) {
        return fd;
    }
    if (errno != EINPROGRESS) {
        ::close(fd);
        return -1;
    }
    pollfd p[2] = {{fd, POLLOUT, 0}, {m_stop[0], POLLIN, 0}};
    int error = 0;
    socklen_t length = sizeof error;
    if (::poll(p, 2, static_cast<int>(m_options.connectTimeout.count())) <= 0 ||
        (p[1].revents & POLLIN) != 0 ||
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void DelayLink::acceptLoop()
{
    for (;;) {
        pollfd p[2] = {{m_listen, POLLIN, 0}, {m_stop[0], POLLIN, 0}};
        if (::poll(p, 2, -1) < 0 && errno != EINTR) {
            return;
        }
        if ((p[1].revents & POLLIN) != 0) {
            return;
        }
        if ((p[0].revents & POLLIN) == 0) {
            continue;
        }
        const int accepted = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
        if (accepted < 0) {
            continue;
        }
        const int out = connectTarget();
        if (out < 0) {
            ++m_failedConnects;
            ::close(accepted); // the peer sees the link refuse, as a dead target would
            continue;
        }
        ++m_connections;
        std::lock_guard lock(m_mutex);
        m_pumps.emplace_back([this, accepted, out] { pump(accepted, out); });
    }
}

void DelayLink::pump(int a, int b)
{
    ::prctl(PR_SET_TIMERSLACK, 1UL); // wake at the chunk's time, not 50 µs after it
    for (const int fd : {a, b}) {
        setNonBlocking(fd);
        setNoDelay(fd);
    }
    Direction ways[2];
    ways[0].from = a;
    ways[0].to = b;
    ways[1].from = b;
    ways[1].to = a;
    for (;;) {
        const Clock::time_point now = Clock::now();
        bool healthy = true;
        for (Direction& d : ways) {
            healthy = healthy && flush(d, now, m_bytes);
        }
        if (!healthy || (ways[0].shut && ways[1].shut)) {
            break;
        }
        pollfd p[5];
        int n = 0;
        int readAt[2] = {-1, -1};
        p[n++] = {m_stop[0], POLLIN, 0};
        std::optional<Clock::time_point> wake;
        for (int i = 0; i < 2; ++i) {
            Direction& d = ways[i];
            if (!d.eof && d.queued < m_options.bufferBytes) {
                readAt[i] = n;
                p[n++] = {d.from, POLLIN, 0};
            }
            if (d.due(now)) {
                p[n++] = {d.to, POLLOUT, 0}; // due but the socket was full
            } else if (!d.queue.empty() && (!wake || d.queue.front().due < *wake)) {
                wake = d.queue.front().due;
            }
        }
        timespec timeout{};
        if (wake) {
            const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(*wake - now);
            timeout.tv_sec = static_cast<time_t>(ns.count() / 1000000000);
            timeout.tv_nsec = static_cast<long>(ns.count() % 1000000000);
        }
        if (::ppoll(p, static_cast<nfds_t>(n), wake ? &timeout : nullptr, nullptr) < 0 &&
            errno != EINTR) {
            break;
        }
        if ((p[0].revents & POLLIN) != 0) {
            break; // stop()
        }
        for (int i = 0; i < 2 && healthy; ++i) {
            if (readAt[i] >= 0 && (p[readAt[i]].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
                healthy = fill(ways[i], m_options.delay);
            }
        }
        if (!healthy) {
            break;
        }
    }
    ::close(a);
    ::close(b);
}

} // namespace xylem::testing
