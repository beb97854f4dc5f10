// FramedSocket's frame bound: limited to a hello, it refuses a frame announcing more on its
// header (before holding any of it), takes one within the bound, and once raised takes the
// frames of an admitted peer.

#include "collectors/allreduce/framedsocket.h"

#include <QtTest>

#include <thread>

using namespace xylem;
using namespace xylem::allreduce;
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
};

QTEST_GUILESS_MAIN(TestFramedSocket)
#include "tst_framedsocket.moc"
