// FramedSocket's frame bound: limited to a hello, it refuses a frame announcing more on its
// header (before holding any of it), takes one within the bound, and once raised takes the
// frames of an admitted peer. Its wire version: a peer that writes a version-1 frame reads an
// Error frame in its own framing naming both versions, and this side's error names them too;
// a current peer still talks; a peer's refusal of this side arrives as an error in its words.

#include "collectors/allreduce/framedsocket.h"
#include "core/protocol/collectormessages.h"
#include "tests/support/versiononepeer.h"

#include <QtTest>

#include <thread>

using namespace xylem;
using namespace xylem::allreduce;
using namespace xylem::testing;
namespace asio = boost::asio;

namespace {

// Both ends of a loopback TCP connection.
std::pair<asio::ip::tcp::socket, asio::ip::tcp::socket> connectedPair(asio::io_context& io)
{
    asio::ip::tcp::acceptor acceptor(io, {asio::ip::make_address("127.0.0.1"), 0});
    asio::ip::tcp::socket client(io);
    client.connect(acceptor.local_endpoint());
    return {acceptor.accept(), std::move(client)};
}

using Bytes = std::vector<std::uint8_t>;

} // namespace

class TestFramedSocket : public QObject
{
    Q_OBJECT

private slots:
    void boundIsCheckedOnTheHeader()
    {
        asio::io_context io;
        auto [accepted, stranger] = connectedPair(io);
        FramedSocket framed(std::move(accepted));
        framed.limitFrames(protocol::kMaxHelloPayloadBytes);
        asio::write(stranger, asio::buffer(protocol::encodeFrameHeader(
                                  protocol::MessageType::PathHello, 0, 40u << 20)));
        const auto frame =
            framed.receive(std::chrono::steady_clock::now() + std::chrono::seconds(10));
        QVERIFY(!frame.ok());
        QVERIFY2(frame.error().message.find("exceeds the limit of 4096") != std::string::npos,
                 frame.error().describe().c_str());
    }

    void raisedBoundTakesAdmittedFrames()
    {
        asio::io_context io;
        auto [accepted, peer] = connectedPair(io);
        FramedSocket framed(std::move(accepted));
        framed.limitFrames(protocol::kMaxHelloPayloadBytes);
        FramedSocket other(std::move(peer));
        QVERIFY(
            other.send(protocol::MessageType::PathHello, std::vector<std::uint8_t>(100, 1)).ok());
        QCOMPARE(framed.receive()->payload.size(), size_t(100));
        framed.limitFrames(protocol::kMaxPayloadBytes);
        const std::vector<std::uint8_t> big(1u << 20, 2);
        std::thread sender([&] { (void)other.send(protocol::MessageType::AllreduceRequest, big); });
        const auto frame = framed.receive();
        sender.join();
        QVERIFY(frame.ok());
        QCOMPARE(frame->payload, big);
    }

    void aVersionOnePeerIsRefusedAndToldWhy()
    {
        asio::io_context io;
        auto [accepted, old] = connectedPair(io);
        FramedSocket framed(std::move(accepted));
        framed.limitFrames(protocol::kMaxHelloPayloadBytes);
        asio::write(old,
                    asio::buffer(versionOneFrame(protocol::MessageType::PathHello, Bytes(40, 7))));
        const auto frame =
            framed.receive(std::chrono::steady_clock::now() + std::chrono::seconds(10));
        QVERIFY(!frame.ok());
        QCOMPARE(framed.refusedVersion(), std::uint16_t(1));
        const std::string why = frame.error().message;
        QVERIFY2(why.find("wire version 1 (this side speaks 2)") != std::string::npos, why.c_str());
        // What the old peer reads before this side stops sending: why, in its own framing.
        const std::string seen = errorAsVersionOneReadsIt(readUntilClosed(old.native_handle()));
        QVERIFY2(seen.find("wire version 2, the peer version 1") != std::string::npos,
                 seen.c_str());
        framed.close();
    }

    void aCurrentPeerStillTalks()
    {
        asio::io_context io;
        auto [accepted, peer] = connectedPair(io);
        FramedSocket framed(std::move(accepted));
        framed.limitFrames(protocol::kMaxHelloPayloadBytes);
        FramedSocket other(std::move(peer));
        QVERIFY(other.send(protocol::MessageType::PathHello, Bytes(40, 7)).ok());
        const auto hello =
            framed.receive(std::chrono::steady_clock::now() + std::chrono::seconds(10));
        QVERIFY2(hello.ok(), hello ? "" : hello.error().describe().c_str());
        QVERIFY(hello->type == protocol::MessageType::PathHello);
        QCOMPARE(framed.refusedVersion(), std::uint16_t(0));
        QVERIFY(framed.send(protocol::MessageType::PathChallenge, Bytes(8, 1)).ok());
        const auto challenge =
            other.receive(std::chrono::steady_clock::now() + std::chrono::seconds(10));
        QVERIFY2(challenge.ok(), challenge ? "" : challenge.error().describe().c_str());
        QVERIFY(challenge->type == protocol::MessageType::PathChallenge);
        QCOMPARE(challenge->payload, Bytes(8, 1));
    }

    void aPeersRefusalIsAnErrorInItsWords()
    {
        // A newer gsum refuses this side: an Error frame in this side's framing (what
        // encodeVersionRefusal makes there), which receive() returns as an error.
        asio::io_context io;
        auto [accepted, newer] = connectedPair(io);
        FramedSocket framed(std::move(accepted));
        const std::string words = "this side speaks Xylem wire version 3, the peer version 2: "
                                  "run the same Xylem release on both ends";
        asio::write(newer, asio::buffer(protocol::encodeFrame(
                               protocol::MessageType::Error, 0,
                               protocol::encode(protocol::ErrorMessage{1, words}))));
        const auto frame =
            framed.receive(std::chrono::steady_clock::now() + std::chrono::seconds(10));
        QVERIFY(!frame.ok());
        QCOMPARE(QString::fromStdString(frame.error().message),
                 QString::fromStdString("the peer refused this side, saying: " + words));
        QCOMPARE(framed.refusedVersion(), std::uint16_t(0)); // it refused us, not we it
    }
};

QTEST_GUILESS_MAIN(TestFramedSocket)
#include "tst_framedsocket.moc"
