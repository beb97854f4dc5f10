// What a stranger, or a child gone silent, can hold of a node of the gather tree: before its
// token a connection may send a hello-sized frame and no more (a frame announcing 40 MiB is
// refused on its header, by the front-end's code in process and by a real relay, and many such
// strangers at once leave the node's memory as it was), strangers waiting for their hello are
// bounded in number, and an admitted edge silent for the idle time-out is closed (its child
// lost) while a quiet but live one, kept up by heartbeats, stays.

#include "core/gather/topology.h"
#include "core/protocol/bytes.h"
#include "core/tree/addressfile.h"
#include "core/tree/downstream.h"
#include "core/tree/parentlink.h"
#include "core/tree/token.h"
#include "tests/core/tree/treetesthelpers.h"
#include "tests/support/waituntil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <mutex>
#include <poll.h>
#include <thread>

using namespace xylem;
using namespace xylem::tree;
namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

namespace {

// A front-end's (or relay's) children, in process, on their own thread.
class Parent
{
public:
    explicit Parent(std::chrono::milliseconds idleTimeout)
        : m_topology(gather::levelTopology({2}, "localhost").value())
        , m_token(makeToken())
        , m_children(m_io, m_topology, 0, m_token, false,
                     Downstream::Events{
                         [](std::uint32_t, protocol::Frame&) {},
                         [this](std::uint32_t) { note("joined"); },
                         [this](std::uint32_t, const std::string& why) { note("lost: " + why); },
                         [this](const std::string& line) {
                             note(line);
                         }})
    {
        m_children.helloTimeout = std::chrono::seconds(60); // only the bounds close a stranger
        m_children.idleTimeout = idleTimeout;
        m_port = m_children.listen("127.0.0.1", 0).value();
        m_thread = std::thread([this] { m_io.run(); });
    }
    ~Parent()
    {
        asio::post(m_io, [this] { m_children.closeAll(); });
        m_io.stop();
        m_thread.join();
    }
    std::uint16_t port() const { return m_port; }
    const std::string& token() const { return m_token; }
    std::string log() const
    {
        std::lock_guard lock(m_mutex);
        return m_log;
    }

private:
    void note(const std::string& line)
    {
        std::lock_guard lock(m_mutex);
        m_log += line + "\n";
    }

    asio::io_context m_io;
    gather::Topology m_topology;
    std::string m_token;
    Downstream m_children;
    std::uint16_t m_port = 0;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::string m_log;
};

long peakKb(const std::string& status)
{
    std::ifstream in(status);
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with("VmHWM:")) {
            return std::stol(line.substr(6));
        }
    }
    return -1;
}

// Whether the peer ends the connection before the deadline (what it sent first is skipped).
bool closedWithin(asio::ip::tcp::socket& socket, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    std::vector<std::uint8_t> scratch(64 * 1024);
    while (Clock::now() < deadline) {
        pollfd p{socket.native_handle(), POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0) {
            continue;
        }
        boost::system::error_code ec;
        socket.read_some(asio::buffer(scratch), ec);
        if (ec) {
            return true;
        }
    }
    return false;
}

// Strangers that each announce a 40 MiB frame and send some of it (payload); true when each
// was closed.
bool attack(asio::io_context& io, std::uint16_t port, int strangers,
            const std::vector<std::uint8_t>& payload)
{
    std::vector<asio::ip::tcp::socket> sockets;
    for (int i = 0; i < strangers; ++i) {
        sockets.emplace_back(io);
        boost::system::error_code ec;
        sockets.back().connect({asio::ip::make_address("127.0.0.1"), port}, ec);
        asio::write(sockets.back(),
                    asio::buffer(protocol::encodeFrameHeader(protocol::MessageType::TreeHello, 0,
                                                             40u << 20)),
                    ec);
        asio::write(sockets.back(), asio::buffer(payload), ec); // fails once refused
    }
    bool allClosed = true;
    for (auto& socket : sockets) {
        allClosed = closedWithin(socket, std::chrono::seconds(10)) && allClosed;
    }
    return allClosed;
}

// A child that says its hello (with the token) and reads its welcome, and then what the test
// makes it do.
std::optional<asio::ip::tcp::socket> admittedChild(asio::io_context& io, const Parent& parent)
{
    asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect({asio::ip::make_address("127.0.0.1"), parent.port()}, ec);
    asio::write(socket,
                asio::buffer(protocol::encodeFrame(protocol::MessageType::TreeHello, 0,
                                                   encode(TreeHelloMessage{parent.token(), 1}))),
                ec);
    protocol::FrameDecoder decoder;
    std::vector<protocol::Frame> frames;
    std::vector<std::uint8_t> buffer(64 * 1024);
    while (!ec && frames.empty()) {
        const size_t n = socket.read_some(asio::buffer(buffer), ec);
        if (!ec && !decoder.feed(std::span(buffer.data(), n), frames)) {
            return std::nullopt;
        }
    }
    if (ec || frames[0].type != protocol::MessageType::TreeWelcome) {
        return std::nullopt;
    }
    return socket;
}

} // namespace

class TestTreeTrust : public QObject
{
    Q_OBJECT

private slots:
    void strangerMaySendOnlyAHello();
    void strangersWaitingForTheirHelloAreBounded();
    void silentChildIsLost_data();
    void silentChildIsLost();
    void quietChildStaysJoined();
    void relayRefusesAStrangersBigFrame();
};

void TestTreeTrust::strangerMaySendOnlyAHello()
{
    Parent parent(kTreeIdleTimeout);
    asio::io_context io;
    const std::vector<std::uint8_t> payload(8u << 20, 0x5a); // counted before
    const long before = peakKb("/proc/self/status");
    QVERIFY2(attack(io, parent.port(), 20, payload),
             "each stranger is closed, long before its hello time-out");
    const long grown = peakKb("/proc/self/status") - before;
    qInfo("20 strangers: the peak grew by %ld kB", grown);
    QVERIFY2(grown < 32 * 1024, qPrintable(QString("the peak grew by %1 kB").arg(grown)));
    QVERIFY2(parent.log().find("exceeds the limit of 4096") != std::string::npos,
             parent.log().c_str());
    QVERIFY(admittedChild(io, parent)); // and a child with the token still joins
}

void TestTreeTrust::strangersWaitingForTheirHelloAreBounded()
{
    Parent parent(kTreeIdleTimeout);
    asio::io_context io;
    std::vector<asio::ip::tcp::socket> strangers;
    for (int i = 0; i < 300; ++i) {
        strangers.emplace_back(io);
        boost::system::error_code ec;
        strangers.back().connect({asio::ip::make_address("127.0.0.1"), parent.port()}, ec);
        QVERIFY(!ec);
    }
    // At most 256 + 2 per child wait: the 40 oldest go, the newest stay.
    for (int i = 0; i < 40; ++i) {
        QVERIFY2(closedWithin(strangers[i], std::chrono::seconds(10)),
                 qPrintable(QString::number(i)));
    }
    QVERIFY(!closedWithin(strangers.back(), std::chrono::milliseconds(200)));
    QVERIFY(parent.log().find("too many connections wait") != std::string::npos);
    QVERIFY(admittedChild(io, parent)); // a child that says its hello is not crowded out
}

void TestTreeTrust::silentChildIsLost_data()
{
    QTest::addColumn<bool>("midFrame");
    QTest::newRow("between frames") << false;
    QTest::newRow("in the middle of a 40 MiB frame") << true;
}

void TestTreeTrust::silentChildIsLost()
{
    QFETCH(bool, midFrame);
    Parent parent(std::chrono::seconds(3));
    asio::io_context io;
    auto child = admittedChild(io, parent);
    QVERIFY(child);
    if (midFrame) {
        boost::system::error_code ec;
        asio::write(*child,
                    asio::buffer(
                        protocol::encodeFrameHeader(protocol::MessageType::WaveData, 0, 40u << 20)),
                    ec);
        asio::write(*child, asio::buffer(std::vector<std::uint8_t>(8u << 20, 7)), ec);
    }
    const auto began = Clock::now();
    // It reads nothing and says nothing (no heartbeat): a paused or dead child.
    QVERIFY2(xylem::testing::waitUntil(
                 [&] { return parent.log().find("lost: silent for 3 s") != std::string::npos; },
                 std::chrono::seconds(30)),
             parent.log().c_str());
    QVERIFY(Clock::now() - began >= std::chrono::milliseconds(2500));
    QVERIFY(closedWithin(*child, std::chrono::seconds(10)));
}

void TestTreeTrust::quietChildStaysJoined()
{
    Parent parent(std::chrono::seconds(3));
    asio::io_context io;
    ParentLink link(io, ParentAddress{"127.0.0.1", parent.port()}, parent.token(), 1);
    link.idleTimeout = std::chrono::seconds(3);
    QVERIFY(link.join(std::chrono::seconds(10)).ok());
    std::atomic<bool> linkClosed{false};
    link.serve([](protocol::Frame&) {}, [&](const std::string&) { linkClosed = true; });
    std::thread thread([&] { io.run(); });
    xylem::testing::letTimePass(std::chrono::seconds(8)); // nothing but heartbeats, both ways
    const bool closed = linkClosed;
    const std::string seen = parent.log();
    asio::post(io, [&] { link.close("done"); });
    io.stop();
    thread.join();
    QVERIFY(!closed);
    QVERIFY2(seen.find("lost") == std::string::npos, seen.c_str());
}

void TestTreeTrust::relayRefusesAStrangersBigFrame()
{
    QTemporaryDir dir;
    FrontEndOptions options = tree::testing::localTree({1, 2});
    options.addressFile = dir.filePath("tree.address").toStdString();
    auto frontEnd = tree::testing::startTree(std::move(options));
    QVERIFY(frontEnd);
    const auto book = readAddressFile(dir.filePath("tree.address").toStdString());
    QVERIFY(book.ok());
    std::uint16_t relayPort = 0;
    for (const NodeAddress& a : book->listening) {
        relayPort = a.node == 1 ? a.port : relayPort;
    }
    const pid_t relay = frontEnd->childProcess(1);
    QVERIFY(relayPort != 0 && relay > 0);
    const std::string status = "/proc/" + std::to_string(relay) + "/status";
    const long before = peakKb(status);
    asio::io_context io;
    QVERIFY(attack(io, relayPort, 20, std::vector<std::uint8_t>(8u << 20, 0x5a)));
    const long grown = peakKb(status) - before;
    qInfo("20 strangers: the relay's peak grew by %ld kB", grown);
    QVERIFY2(grown < 32 * 1024, qPrintable(QString("the relay's peak grew by %1 kB").arg(grown)));
    const auto wave =
        tree::testing::oneWave(*frontEnd, tree::testing::stream(1, "sum", "node-number"));
    QVERIFY2(wave.ok(), wave ? "" : wave.error().describe().c_str());
    QVERIFY(wave->missing.empty());
}

QTEST_GUILESS_MAIN(TestTreeTrust)
#include "tst_treetrust.moc"
