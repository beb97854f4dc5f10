// What a client of xylem-collector's socket can hold of the collector: a frame longer than any
// request is refused on its header (many such clients at once leave the collector's memory as
// it was), a silent client is closed after the idle time-out while a client that keeps asking
// stays, and a client that asks without ever reading its replies is not read from once they
// pile up, and then closed. The socket file is open to this user alone from the moment bind
// makes it, whatever the umask.

#include "collectors/collector/collectorclient.h"
#include "collectors/collector/collectorserver.h"
#include "core/protocol/bytes.h"
#include "tests/support/modespy.h"
#include "tests/support/waituntil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <mutex>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

using namespace xylem;
using namespace xylem::collector;
using Clock = std::chrono::steady_clock;

namespace {

// A collector's server and service on their own thread, with what they logged.
class Rig
{
public:
    Rig(const std::string& socket, ServerLimits limits)
        : m_service(
              CollectorOptions{.host = "A", .ringPrefix = "xylem-test-none-", .samplePeriodNs = 0})
        , m_server(
              m_io, m_service, socket, std::chrono::milliseconds(20),
              [this](const std::string& line) {
                  std::lock_guard lock(m_mutex);
                  m_log += line + "\n";
              },
              limits)
    {
        m_started = m_server.start().ok();
        m_thread = std::thread([this] { m_io.run(); });
    }
    ~Rig()
    {
        boost::asio::post(m_io, [this] { m_server.stop(); });
        m_io.stop();
        m_thread.join();
    }
    bool started() const { return m_started; }
    std::string log() const
    {
        std::lock_guard lock(m_mutex);
        return m_log;
    }

private:
    boost::asio::io_context m_io;
    CollectorService m_service;
    CollectorServer m_server;
    std::thread m_thread;
    bool m_started = false;
    mutable std::mutex m_mutex;
    std::string m_log;
};

// The most memory this process has held (kB).
long peakKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.starts_with("VmHWM:")) {
            return std::stol(line.substr(6));
        }
    }
    return -1;
}

int connectRaw(const std::string& path)
{
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    path.copy(address.sun_path, sizeof address.sun_path - 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 &&
        ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

class TestCollectorSocket : public QObject
{
    Q_OBJECT

private slots:
    void oversizedRequestIsRefusedOnItsHeader();
    void silentClientIsClosedAfterTheIdleTimeout();
    void clientThatNeverReadsIsClosed();
    void socketIsPrivateFromTheMomentItExists();

private:
    QTemporaryDir m_dir;
};

void TestCollectorSocket::oversizedRequestIsRefusedOnItsHeader()
{
    const std::string socket = m_dir.filePath("big.sock").toStdString();
    Rig rig(socket, ServerLimits{});
    QVERIFY(rig.started());
    constexpr int kClients = 20;
    const std::vector<std::uint8_t> payload(8u << 20, 0x5a); // of the 40 MiB each announces
    std::vector<CollectorClient> clients;
    for (int i = 0; i < kClients; ++i) {
        auto client = CollectorClient::connect(socket, std::chrono::seconds(10));
        QVERIFY(client.ok());
        clients.push_back(std::move(client).value());
    }
    const long before = peakKb();
    for (CollectorClient& client : clients) {
        QVERIFY(
            client
                .sendBytes(protocol::encodeFrameHeader(protocol::MessageType::Hello, 0, 40u << 20))
                .ok());
        (void)client.sendBytes(payload); // fails once the collector has closed
    }
    for (CollectorClient& client : clients) {
        const auto reply = client.receive();
        QVERIFY(!reply.ok());
        QVERIFY2(reply.error().message.find("closed the connection") != std::string::npos,
                 reply.error().describe().c_str()); // not a time-out: refused on the header
    }
    const long grown = peakKb() - before;
    qInfo("20 clients: the peak grew by %ld kB", grown);
    QVERIFY2(grown < 32 * 1024, qPrintable(QString("the peak grew by %1 kB").arg(grown)));
    QVERIFY2(rig.log().find("exceeds the limit of 16777216") != std::string::npos,
             rig.log().c_str());
    auto after = CollectorClient::connect(socket);
    QVERIFY(after.ok());
    QVERIFY(after->hello("still serving").ok());
}

void TestCollectorSocket::silentClientIsClosedAfterTheIdleTimeout()
{
    const std::string socket = m_dir.filePath("idle.sock").toStdString();
    Rig rig(socket, ServerLimits{std::chrono::milliseconds(500)});
    QVERIFY(rig.started());
    auto silent = CollectorClient::connect(socket, std::chrono::seconds(20));
    auto busy = CollectorClient::connect(socket);
    QVERIFY(silent.ok() && busy.ok());
    const auto began = Clock::now();
    for (int i = 0; i < 15; ++i) { // 1.5 s, three idle time-outs
        QVERIFY(busy->hello("busy").ok());
        testing::letTimePass(std::chrono::milliseconds(100));
    }
    const auto reply = silent->receive(); // the close, long before the client's 20 s
    QVERIFY(!reply.ok());
    QVERIFY2(reply.error().message.find("closed the connection") != std::string::npos,
             reply.error().describe().c_str());
    QVERIFY(Clock::now() - began < std::chrono::seconds(15));
    QVERIFY2(rig.log().find("no request for 500 ms") != std::string::npos, rig.log().c_str());
}

void TestCollectorSocket::clientThatNeverReadsIsClosed()
{
    const std::string socket = m_dir.filePath("deaf.sock").toStdString();
    Rig rig(socket, ServerLimits{std::chrono::milliseconds(1000), 16u << 20, 64u << 10});
    QVERIFY(rig.started());
    const int fd = connectRaw(socket);
    QVERIFY(fd >= 0);
    const auto request = protocol::encodeFrame(protocol::MessageType::ListRings, 0, {});
    bool closed = false;
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    for (int sent = 0; !closed && Clock::now() < deadline; ++sent) {
        const ssize_t n = ::send(fd, request.data(), request.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd p{fd, POLLOUT, 0};
            ::poll(&p, 1, 10);
        }
        closed = n < 0 && (errno == EPIPE || errno == ECONNRESET);
        if (sent % 64 == 63) { // a steady stream, not a flood of the test's own memory
            testing::letTimePass(std::chrono::milliseconds(1));
        }
    }
    ::close(fd);
    QVERIFY2(closed, "a client that never reads its replies is closed");
    QVERIFY2(rig.log().find("no request for 1000 ms") != std::string::npos, rig.log().c_str());
}

void TestCollectorSocket::socketIsPrivateFromTheMomentItExists()
{
    QTemporaryDir dir; // the spy looks at every entry of the folder
    const std::string socket = dir.filePath("private.sock").toStdString();
    const mode_t old = ::umask(0); // bind alone would make it 0777
    std::vector<std::string> exposed;
    int calls = 0;
    bool started = false;
    {
        const testing::ModeSpy spy(dir.path().toStdString());
        Rig rig(socket, ServerLimits{});
        started = rig.started();
        exposed = spy.exposed();
        calls = spy.calls();
        ::umask(old);
        struct stat st
        {
        };
        QVERIFY(::stat(socket.c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        auto client = CollectorClient::connect(socket);
        QVERIFY(client.ok());
        QVERIFY(client->hello("owner").ok());
    }
    QVERIFY(started);
    QVERIFY2(calls > 0, "the bind was not seen");
    QVERIFY2(exposed.empty(), exposed.empty() ? "" : exposed.front().c_str());
}

QTEST_GUILESS_MAIN(TestCollectorSocket)
#include "tst_collectorsocket.moc"
