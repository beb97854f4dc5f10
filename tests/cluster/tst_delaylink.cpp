// DelayLink, the delaying TCP forwarder of bench_cluster where the kernel has no netem: on
// loopback, in front of a real echo server. Nothing comes back early (a round trip through the
// link crosses it twice: never under 2 × delay), megabytes arrive whole and in order through a
// buffer far smaller than they are, end-of-file is passed on, a target that does not listen
// closes the link's connection instead of hanging it, and bad options are refused by name.

#include "tests/cluster/delaylink.h"

#include <QtTest>

#include <algorithm>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;
using Clock = std::chrono::steady_clock;

namespace {

sockaddr_in loopback(std::uint16_t port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

// Echoes each connection it accepts until that connection's end-of-file, then closes it.
class EchoServer
{
public:
    EchoServer()
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a = loopback(0);
        socklen_t length = sizeof a;
        ::bind(m_listen, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::listen(m_listen, 8);
        ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&a), &length);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~EchoServer()
    {
        ::shutdown(m_listen, SHUT_RDWR); // wakes accept()
        m_thread.join();
        ::close(m_listen);
    }
    std::uint16_t port() const { return m_port; }

private:
    void serve()
    {
        for (;;) {
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0) {
                return;
            }
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            char buffer[65536];
            for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) {
                for (ssize_t sent = 0; sent < n;) {
                    const ssize_t w =
                        ::send(fd, buffer + sent, static_cast<std::size_t>(n - sent), MSG_NOSIGNAL);
                    if (w <= 0) {
                        break;
                    }
                    sent += w;
                }
            }
            ::close(fd);
        }
    }

    int m_listen = -1;
    std::uint16_t m_port = 0;
    std::thread m_thread;
};

int dial(std::uint16_t port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_in a = loopback(port);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

// Up to `want` bytes, waiting at most 10 s in all; fewer at end-of-file.
std::string readBytes(int fd, std::size_t want)
{
    std::string got;
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    char buffer[65536];
    while (got.size() < want && Clock::now() < deadline) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0) {
            continue;
        }
        const ssize_t n = ::recv(fd, buffer, std::min(sizeof buffer, want - got.size()), 0);
        if (n <= 0) {
            break;
        }
        got.append(buffer, static_cast<std::size_t>(n));
    }
    return got;
}

std::unique_ptr<DelayLink> linkTo(std::uint16_t port, std::chrono::microseconds delay,
                                  std::size_t buffer = 4u << 20)
{
    auto made = DelayLink::start(
        {"127.0.0.1", "127.0.0.1", port, delay, buffer, std::chrono::milliseconds(2000)});
    return made ? std::move(made).value() : nullptr;
}

} // namespace

class TestDelayLink : public QObject
{
    Q_OBJECT

private slots:
    void nothingComesBackBeforeTwiceTheDelay()
    {
        EchoServer echo;
        const auto delay = std::chrono::microseconds(100);
        auto link = linkTo(echo.port(), delay);
        QVERIFY(link);
        const int fd = dial(link->port());
        QVERIFY(fd >= 0);
        std::vector<double> us;
        for (int i = 0; i < 200; ++i) {
            const auto before = Clock::now();
            QCOMPARE(::send(fd, "p", 1, MSG_NOSIGNAL), ssize_t(1));
            QCOMPARE(readBytes(fd, 1), std::string("p"));
            us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - before).count());
        }
        ::close(fd);
        std::sort(us.begin(), us.end());
        qInfo("round trip through a 100 us link: min %.1f us, median %.1f us", us.front(),
              us[us.size() / 2]);
        QVERIFY2(us.front() >= 200.0, "a round trip came back before 2 x the delay");
        QCOMPARE(link->connections(), std::uint64_t(1));
        // Counted once written: the last echo may be read before its count is added.
        QTRY_COMPARE_WITH_TIMEOUT(link->bytesForwarded(), std::uint64_t(400), 2000);
    }

    // 8 MiB each way through 64 KiB per direction: the reader waits for the writer, and every
    // byte arrives once, in order.
    void megabytesArriveWholeAndInOrderThroughASmallBuffer()
    {
        EchoServer echo;
        auto link = linkTo(echo.port(), std::chrono::microseconds(100), 64 * 1024);
        QVERIFY(link);
        const int fd = dial(link->port());
        QVERIFY(fd >= 0);
        std::string data(8u << 20, '\0');
        for (std::size_t i = 0; i < data.size(); ++i) {
            data[i] = static_cast<char>((i * 131 + i / 4099) & 0xff);
        }
        std::thread writer([&] {
            for (std::size_t sent = 0; sent < data.size();) {
                const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
                if (n <= 0) {
                    return;
                }
                sent += static_cast<std::size_t>(n);
            }
            ::shutdown(fd, SHUT_WR); // the echo server's end-of-file comes back through the link
        });
        const std::string back = readBytes(fd, data.size() + 1);
        writer.join();
        ::close(fd);
        QCOMPARE(back.size(), data.size()); // and then end-of-file, nothing more
        QVERIFY(back == data);
    }

    void aTargetThatDoesNotListenClosesTheConnection()
    {
        std::uint16_t closed = 0;
        {
            EchoServer gone; // a port that was just free; nobody listens on it afterwards
            closed = gone.port();
        }
        auto link = linkTo(closed, std::chrono::microseconds(100));
        QVERIFY(link);
        const int fd = dial(link->port());
        QVERIFY(fd >= 0);
        const auto before = Clock::now();
        QCOMPARE(readBytes(fd, 1), std::string()); // end-of-file, not a hang
        QVERIFY(Clock::now() - before < std::chrono::seconds(3));
        ::close(fd);
        QCOMPARE(link->failedConnects(), std::uint64_t(1));
    }

    void stopEndsOpenConnections()
    {
        EchoServer echo;
        auto link = linkTo(echo.port(), std::chrono::microseconds(100));
        QVERIFY(link);
        const int fd = dial(link->port());
        QVERIFY(fd >= 0);
        QCOMPARE(::send(fd, "x", 1, MSG_NOSIGNAL), ssize_t(1));
        QCOMPARE(readBytes(fd, 1), std::string("x"));
        const auto before = Clock::now();
        link->stop();
        QVERIFY(Clock::now() - before < std::chrono::seconds(2));
        QCOMPARE(readBytes(fd, 1), std::string()); // the link's end closed
        ::close(fd);
    }

    void badOptionsAreRefusedByName()
    {
        auto noAddress = DelayLink::start({"127.0.0.1", "h1", 7000, std::chrono::microseconds(100),
                                           4u << 20, std::chrono::milliseconds(1000)});
        QVERIFY(!noAddress);
        QVERIFY2(noAddress.error().message.find("'h1:7000'") != std::string::npos,
                 noAddress.error().message.c_str());
        auto noListen =
            DelayLink::start({"localhost", "127.0.0.1", 7000, std::chrono::microseconds(100),
                              4u << 20, std::chrono::milliseconds(1000)});
        QVERIFY(!noListen);
        QVERIFY(noListen.error().message.find("'localhost'") != std::string::npos);
        auto noPort = DelayLink::start({"127.0.0.1", "127.0.0.1", 0, std::chrono::microseconds(100),
                                        4u << 20, std::chrono::milliseconds(1000)});
        QVERIFY(!noPort);
    }
};

QTEST_GUILESS_MAIN(TestDelayLink)
#include "tst_delaylink.moc"
