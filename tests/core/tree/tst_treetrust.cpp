// What a stranger, or a child gone silent, can hold of a node of the gather tree, and what it
// can learn: before its proof a connection may send hello-sized frames and no more (a frame
// announcing 40 MiB is refused on its header, by the front-end's code in process and by a real
// relay, and many such strangers at once leave the node's memory as it was), strangers waiting
// for their proof are bounded in number and in time (the hello time-out covers the whole
// handshake), a wrong proof is refused with nothing sent after it, and an admitted edge silent
// for the idle time-out is closed (its child lost) while a quiet but live one, kept up by
// heartbeats, stays. The token itself never crosses the wire: a plain listener playing the
// parent or the front-end reads every byte a joining node or an attaching collector sends, and
// a parent that cannot prove the token is refused before the child proves anything.

#include "core/gather/topology.h"
#include "core/protocol/bytes.h"
#include "core/protocol/handshake.h"
#include "core/tree/addressfile.h"
#include "core/tree/attachlocate.h"
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
using tree::testing::closedWithin;
using tree::testing::FrameReader;
using tree::testing::handshakeByHand;
using tree::testing::readFrame;

namespace {

// A front-end's (or relay's) children, in process, on their own thread.
class Parent
{
public:
    explicit Parent(std::chrono::milliseconds idleTimeout,
                    std::chrono::milliseconds helloTimeout = std::chrono::seconds(60))
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
        m_children.helloTimeout = helloTimeout; // 60 s: only the bounds close a stranger
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

// Whether the parent logs `text` within 10 s (Connection::close ends the socket first, and the
// line follows).
bool logged(const Parent& parent, const std::string& text)
{
    return xylem::testing::waitUntil([&] { return parent.log().find(text) != std::string::npos; },
                                     std::chrono::seconds(10));
}

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

// A child that proves the token by hand and reads its welcome, and then what the test makes
// it do.
std::optional<asio::ip::tcp::socket> admittedChild(asio::io_context& io, const Parent& parent)
{
    asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect({asio::ip::make_address("127.0.0.1"), parent.port()}, ec);
    FrameReader reader;
    if (ec || handshakeByHand(socket, reader, parent.token(), 1) != true) {
        return std::nullopt;
    }
    const auto welcome = readFrame(socket, reader, std::chrono::seconds(10));
    if (!welcome || welcome->type != protocol::MessageType::TreeWelcome) {
        return std::nullopt;
    }
    return socket;
}

// A plain TCP listener playing a parent or a front-end: it keeps every byte the node that dials
// it sends, and answers its hello with a challenge whose proof was made with `token`.
class PlayedParent
{
public:
    explicit PlayedParent(std::string token)
        : m_token(std::move(token))
        , m_acceptor(m_io, {asio::ip::make_address("127.0.0.1"), 0})
    {
        m_thread = std::thread([this] { play(); });
    }
    ~PlayedParent() { finish(); }
    std::uint16_t port() const { return m_acceptor.local_endpoint().port(); }
    // After the dialling side is done: what it sent, and whether it sent a proof.
    std::string received()
    {
        finish();
        return std::string(m_reader.seen.begin(), m_reader.seen.end());
    }
    bool proofReceived()
    {
        finish();
        return m_proof;
    }

private:
    void finish()
    {
        if (m_thread.joinable()) {
            m_thread.join();
        }
    }
    void play()
    {
        asio::ip::tcp::socket socket(m_io);
        boost::system::error_code ec;
        pollfd p{m_acceptor.native_handle(), POLLIN, 0};
        if (::poll(&p, 1, 10000) <= 0) {
            return;
        }
        m_acceptor.accept(socket, ec);
        if (ec) {
            return;
        }
        const auto hello = readFrame(socket, m_reader, std::chrono::seconds(10));
        const auto decoded =
            hello && hello->type == protocol::MessageType::TreeHello
                ? decodeTreeHello(hello->payload)
                : Result<TreeHelloMessage>(makeError(ErrorCode::MalformedInput, "no hello"));
        if (!decoded) {
            return;
        }
        auto server = protocol::ServerHandshake::begin(m_token, "tree", decoded->nonce,
                                                       claimOf(decoded.value()));
        asio::write(socket,
                    asio::buffer(protocol::encodeFrame(
                        protocol::MessageType::TreeChallenge, 0,
                        encode(TreeChallengeMessage{server->nonce(), server->proof()}))),
                    ec);
        // Its proof, or the end of the connection (it refuses a parent without the token).
        while (auto frame = readFrame(socket, m_reader, std::chrono::seconds(10))) {
            if (frame->type == protocol::MessageType::TreeProof) {
                m_proof = true;
                return; // closed: what follows the proof is not the token's business
            }
        }
    }

    std::string m_token;
    asio::io_context m_io;
    asio::ip::tcp::acceptor m_acceptor;
    FrameReader m_reader;
    bool m_proof = false;
    std::thread m_thread;
};

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
    void aWrongProofIsRefusedAndNothingFollows();
    void aProofMustComeWithinTheHelloTimeOut();
    void theTokenNeverCrossesTheWire_data();
    void theTokenNeverCrossesTheWire();
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

void TestTreeTrust::aWrongProofIsRefusedAndNothingFollows()
{
    Parent parent(kTreeIdleTimeout);
    asio::io_context io;
    asio::ip::tcp::socket stranger(io);
    boost::system::error_code ec;
    stranger.connect({asio::ip::make_address("127.0.0.1"), parent.port()}, ec);
    QVERIFY(!ec);
    FrameReader reader;
    // The parent's proof does not check out with the wrong token: a real child would stop here.
    const auto checked = handshakeByHand(stranger, reader, "not-the-token", 1);
    QVERIFY(checked && !*checked);
    QVERIFY(!readFrame(stranger, reader, std::chrono::seconds(10))); // no welcome: closed
    QVERIFY(closedWithin(stranger, std::chrono::seconds(1)));
    QVERIFY2(logged(parent, "refused: wrong token"), parent.log().c_str());
    QVERIFY2(parent.log().find("joined") == std::string::npos, parent.log().c_str());
    // Before its proof a stranger is held to a hello's size, on the second frame too.
    asio::ip::tcp::socket big(io);
    big.connect({asio::ip::make_address("127.0.0.1"), parent.port()}, ec);
    auto client = protocol::ClientHandshake::begin("not-the-token", "tree", "tree node 1");
    QVERIFY(client);
    asio::write(big,
                asio::buffer(protocol::encodeFrame(protocol::MessageType::TreeHello, 0,
                                                   encode(TreeHelloMessage{1, client->nonce()}))),
                ec);
    asio::write(
        big,
        asio::buffer(protocol::encodeFrameHeader(protocol::MessageType::TreeProof, 0, 40u << 20)),
        ec);
    QVERIFY(closedWithin(big, std::chrono::seconds(10)));
    QVERIFY2(logged(parent, "exceeds the limit of 4096"), parent.log().c_str());
    QVERIFY(admittedChild(io, parent)); // and the child with the token still joins
}

void TestTreeTrust::aProofMustComeWithinTheHelloTimeOut()
{
    Parent parent(kTreeIdleTimeout, std::chrono::seconds(1));
    asio::io_context io;
    asio::ip::tcp::socket stranger(io);
    boost::system::error_code ec;
    stranger.connect({asio::ip::make_address("127.0.0.1"), parent.port()}, ec);
    auto client = protocol::ClientHandshake::begin("any", "tree", "tree node 1");
    QVERIFY(client);
    asio::write(stranger,
                asio::buffer(protocol::encodeFrame(protocol::MessageType::TreeHello, 0,
                                                   encode(TreeHelloMessage{1, client->nonce()}))),
                ec);
    FrameReader reader;
    const auto challenge = readFrame(stranger, reader, std::chrono::seconds(10));
    QVERIFY(challenge && challenge->type == protocol::MessageType::TreeChallenge);
    const auto began = Clock::now();
    QVERIFY(closedWithin(stranger, std::chrono::seconds(10))); // it never sends its proof
    QVERIFY(Clock::now() - began < std::chrono::seconds(5));
    QVERIFY2(parent.log().find("no hello and proof within the time-out") != std::string::npos,
             parent.log().c_str());
}

void TestTreeTrust::theTokenNeverCrossesTheWire_data()
{
    QTest::addColumn<bool>("locate");        // an attaching collector, or a joining node
    QTest::addColumn<bool>("parentKnowsIt"); // whether the played parent holds the token
    QTest::newRow("a node joins a parent that knows the token") << false << true;
    QTest::newRow("a node joins a parent that does not") << false << false;
    QTest::newRow("a collector asks a front-end that knows the token") << true << true;
    QTest::newRow("a collector asks a front-end that does not") << true << false;
}

void TestTreeTrust::theTokenNeverCrossesTheWire()
{
    QFETCH(bool, locate);
    QFETCH(bool, parentKnowsIt);
    const std::string token = makeToken();
    PlayedParent parent(parentKnowsIt ? token : makeToken());
    const std::string at = "127.0.0.1:" + std::to_string(parent.port());
    std::string error;
    if (locate) {
        const auto located =
            locateParent(HostPort{"127.0.0.1", parent.port()}, token,
                         TreeLocateMessage{kLocateNode, "localhost", 0}, std::chrono::seconds(3));
        QVERIFY(!located);
        error = located.error().message;
    } else {
        asio::io_context io;
        ParentLink link(io, ParentAddress{"127.0.0.1", parent.port()}, token, 1);
        const auto joined = link.join(std::chrono::seconds(3));
        QVERIFY(!joined);
        error = joined.error().message;
    }
    const std::string sent = parent.received();
    QVERIFY(sent.size() >= 16 + 36); // the hello's frame at least
    QVERIFY2(sent.find(token) == std::string::npos, "the token crossed the wire");
    QVERIFY(parent.proofReceived() == parentKnowsIt); // proven to a parent that proved first
    if (!parentKnowsIt) {
        const std::string who = (locate ? "the front-end at " : "the parent at ") + at;
        QVERIFY2(error.find(who + " does not know the tree's token") != std::string::npos,
                 error.c_str());
    }
}

QTEST_GUILESS_MAIN(TestTreeTrust)
#include "tst_treetrust.moc"
