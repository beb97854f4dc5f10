// Wire version 2 refuses a peer of version 1, and says so to both ends: the frame decoder's error
// names both versions, the refusing side answers with an Error frame in the peer's own framing
// (what an old collector client or leaf reads and shows), a gather-tree node, here the
// front-end's children in process, refuses an old relay's hello, answers it, and logs both
// versions, and a collector answers an old client on its socket the same way. The handshakes
// carry no version of their own: the frame header is where it is.

#include "collectors/collector/collectorserver.h"
#include "core/gather/topology.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"
#include "core/protocol/treemessages.h"
#include "core/tree/downstream.h"
#include "core/tree/token.h"
#include "tests/support/versiononepeer.h"
#include "tests/support/waituntil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <mutex>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;
namespace asio = boost::asio;

namespace {

using Bytes = std::vector<std::uint8_t>;

class Parent
{
public:
    Parent()
        : m_topology(gather::levelTopology({2}, "localhost").value())
        , m_children(m_io, m_topology, 0, tree::makeToken(), false,
                     tree::Downstream::Events{[](std::uint32_t, protocol::Frame&) {},
                                              [](std::uint32_t) {},
                                              [](std::uint32_t, const std::string&) {},
                                              [this](const std::string& line) {
                                                  std::lock_guard lock(m_mutex);
                                                  m_log += line + "\n";
                                              }})
    {
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
    std::string log() const
    {
        std::lock_guard lock(m_mutex);
        return m_log;
    }

private:
    asio::io_context m_io;
    gather::Topology m_topology;
    tree::Downstream m_children;
    std::uint16_t m_port = 0;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::string m_log;
};

// A collector's server and service on their own thread.
class Collector
{
public:
    explicit Collector(const std::string& socket)
        : m_service(collector::CollectorOptions{
              .host = "A", .ringPrefix = "xylem-test-none-", .samplePeriodNs = 0})
        , m_server(m_io, m_service, socket, std::chrono::milliseconds(20),
                   [](const std::string&) {})
    {
        m_started = m_server.start().ok();
        m_thread = std::thread([this] { m_io.run(); });
    }
    ~Collector()
    {
        asio::post(m_io, [this] { m_server.stop(); });
        m_io.stop();
        m_thread.join();
    }
    bool started() const { return m_started; }

private:
    asio::io_context m_io;
    collector::CollectorService m_service;
    collector::CollectorServer m_server;
    std::thread m_thread;
    bool m_started = false;
};

int connectUnix(const std::string& path)
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

class TestWireVersion : public QObject
{
    Q_OBJECT

private slots:
    void versionIsTwo() { QCOMPARE(protocol::kWireVersion, std::uint16_t(2)); }

    void aVersionOneFrameIsRefusedNamingBothVersions()
    {
        protocol::FrameDecoder decoder;
        std::vector<protocol::Frame> out;
        const auto hello = protocol::encode(protocol::TreeHelloMessage{1, {}});
        const auto fed = decoder.feed(versionOneFrame(protocol::MessageType::TreeHello, hello), out);
        QVERIFY(!fed);
        QVERIFY(out.empty());
        QCOMPARE(decoder.refusedVersion(), std::uint16_t(1));
        const std::string message = fed.error().message;
        QVERIFY2(message.find("wire version 1, this side speaks 2") != std::string::npos,
                 message.c_str());
    }

    void theRefusalIsReadableByAVersionOnePeer()
    {
        const std::string seen = errorAsVersionOneReadsIt(protocol::encodeVersionRefusal(1));
        QVERIFY2(seen.find("wire version 2") != std::string::npos &&
                     seen.find("version 1") != std::string::npos,
                 seen.c_str());
    }

    void aTreeNodeRefusesAnOldRelayAndTellsIt()
    {
        Parent parent;
        asio::io_context io;
        asio::ip::tcp::socket socket(io);
        socket.connect({asio::ip::make_address("127.0.0.1"), parent.port()});
        const auto hello = protocol::encode(protocol::TreeHelloMessage{1, {}});
        asio::write(socket, asio::buffer(versionOneFrame(protocol::MessageType::TreeHello, hello)));
        // What the old relay reads before the node closes: why, in its own framing.
        const std::string seen = errorAsVersionOneReadsIt(readUntilClosed(socket.native_handle()));
        QVERIFY2(seen.find("wire version 2, the peer version 1") != std::string::npos,
                 seen.c_str());
        // And the node's own log names both.
        QVERIFY2(xylem::testing::waitUntil(
                     [&] {
                         return parent.log().find("wire version 1, this side speaks 2") !=
                                std::string::npos;
                     },
                     std::chrono::seconds(10)),
                 parent.log().c_str());
    }

    void aCollectorTellsAnOldClientWhy()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("c.sock").toStdString();
        Collector collector(path);
        QVERIFY(collector.started());
        const int fd = connectUnix(path);
        QVERIFY(fd >= 0);
        const Bytes hello = versionOneFrame(protocol::MessageType::Hello,
                                            protocol::encode(protocol::HelloMessage{"old tool"}));
        QCOMPARE(::write(fd, hello.data(), hello.size()), ssize_t(hello.size()));
        const std::string seen = errorAsVersionOneReadsIt(readUntilClosed(fd));
        ::close(fd);
        QVERIFY2(seen.find("wire version 2, the peer version 1") != std::string::npos,
                 seen.c_str());
    }
};

QTEST_GUILESS_MAIN(TestWireVersion)
#include "tst_wireversion.moc"
