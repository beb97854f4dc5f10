// The gather tree when things go wrong: a relay killed mid-stream, a leaf that stops answering
// (time-out synchronization), attached leaves that die and rejoin, a wrong token, garbage.

#include "core/protocol/frame.h"
#include "core/tree/treemessages.h"
#include "tests/core/tree/treetesthelpers.h"
#include "tests/support/waituntil.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <boost/asio.hpp>
#include <csignal>
#include <random>

using namespace xylem;
using namespace xylem::tree;
using namespace xylem::tree::testing;
namespace asio = boost::asio;

namespace {

// Waits until events name every node of `nodes` as `kind`.
bool awaitEvents(FrontEnd& tree, TreeEvent::Kind kind, size_t nodes, std::chrono::seconds timeout,
                 std::vector<TreeEvent>* seen = nullptr)
{
    size_t count = 0;
    return xylem::testing::waitUntil(
        [&] {
            for (const TreeEvent& e : tree.takeEvents()) {
                count += e.kind == kind ? e.nodes.size() : 0;
                if (seen) {
                    seen->push_back(e);
                }
            }
            return count >= nodes;
        },
        timeout, std::chrono::milliseconds(20));
}

// Sends bytes to the front-end and says whether it closed the connection within a second.
bool closedAfter(std::uint16_t port, const std::vector<std::uint8_t>& bytes)
{
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect({asio::ip::make_address("127.0.0.1"), port}, ec);
    if (ec) {
        return false;
    }
    asio::write(socket, asio::buffer(bytes), ec);
    std::array<std::uint8_t, 256> buffer{};
    ::timeval tv{1, 0};
    ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    for (;;) {
        const size_t n = socket.read_some(asio::buffer(buffer), ec);
        if (ec == asio::error::eof || ec == asio::error::connection_reset) {
            return true;
        }
        if (ec || n == 0) {
            return false; // time-out: still open
        }
    }
}

double sum(const Wave& w)
{
    return std::get<gather::Numbers>(w.batch.content).values.at(0);
}

} // namespace

class TestGatherTreeFailure : public QObject
{
    Q_OBJECT

private slots:
    void relayKilledMidStream()
    {
        auto tree = startTree({4, 16});
        QVERIFY(tree);
        QVERIFY(tree->openStream(stream(1, "sum", "node-number")));
        const double all = sumOfLeaves(tree->topology());
        for (int w = 0; w < 20; ++w) {
            QVERIFY(tree->pull(1, 1, std::chrono::seconds(5)));
            auto wave = tree->next(1, std::chrono::seconds(10));
            QVERIFY(wave);
            QCOMPARE(sum(wave.value()), all);
        }
        const pid_t relay = tree->childProcess(1);
        QVERIFY(relay > 0);
        QCOMPARE(::kill(relay, SIGKILL), 0);
        std::vector<TreeEvent> events;
        QVERIFY(awaitEvents(*tree, TreeEvent::Kind::Lost, 5, std::chrono::seconds(10), &events));
        QVERIFY(events.front().reason.find("localhost") != std::string::npos);
        // The rest of the tree keeps delivering, and says whose data is missing.
        const auto lost = tree->topology().subtree(1);
        double rest = all;
        for (const std::uint32_t n : lost) {
            rest -= tree->topology().nodes[n].role == gather::NodeRole::Leaf ? n : 0;
        }
        QVERIFY(tree->pull(1, 1, std::chrono::seconds(5)));
        auto after = tree->next(1, std::chrono::seconds(10));
        QVERIFY(after);
        QCOMPARE(sum(after.value()), rest);
        QCOMPARE(after->batch.contributors, 12u);
        QCOMPARE(std::set(after->missing.begin(), after->missing.end()),
                 std::set(lost.begin(), lost.end()));
    }

    void wrongTokenAndGarbageAreRefused()
    {
        auto tree = startTree({2, 4});
        QVERIFY(tree);
        const auto port = tree->listenPort();
        {
            // A child with another tree's token: its proof is refused, and nothing follows it.
            asio::io_context io;
            asio::ip::tcp::socket socket(io);
            boost::system::error_code ec;
            socket.connect({asio::ip::make_address("127.0.0.1"), port}, ec);
            QVERIFY(!ec);
            FrameReader reader;
            const auto checked = handshakeByHand(socket, reader, "not-the-token", 1);
            QVERIFY(checked && !*checked);
            QVERIFY(!readFrame(socket, reader, std::chrono::seconds(10))); // closed, no welcome
        }
        // A hello said twice: the second is no proof.
        auto hello = protocol::encodeFrame(protocol::MessageType::TreeHello, 0,
                                           encode(TreeHelloMessage{1, {}}));
        auto twice = hello;
        twice.insert(twice.end(), hello.begin(), hello.end());
        QVERIFY(closedAfter(port, twice));
        QVERIFY(closedAfter(port, protocol::encodeFrame(protocol::MessageType::Pull, 0,
                                                        encode(PullMessage{1, 0, 1}))));
        std::mt19937 random(7);
        for (int i = 0; i < 20; ++i) {
            std::vector<std::uint8_t> garbage(1 + random() % 300);
            for (auto& b : garbage) {
                b = static_cast<std::uint8_t>(random());
            }
            QVERIFY(closedAfter(port, garbage));
        }
        // A frame header announcing more than the bound.
        auto huge = protocol::encodeFrame(protocol::MessageType::TreeHello, 0, {});
        huge[12] = huge[13] = huge[14] = huge[15] = 0xff;
        QVERIFY(closedAfter(port, huge));
        // Nothing else happened: the tree answers as before.
        auto wave = oneWave(*tree, stream(1, "sum", "node-number"));
        QVERIFY(wave);
        QCOMPARE(sum(wave.value()), sumOfLeaves(tree->topology()));
        QVERIFY(tree->takeEvents().empty());
    }

    void attachedLeavesTimeOutDieAndRejoin()
    {
        QTemporaryDir dir;
        FrontEndOptions options = localTree({2, 4});
        options.launch.leavesAttach = true;
        options.addressFile = dir.filePath("tree.address").toStdString();
        auto tree = startTree(options);
        QVERIFY(tree);
        const auto leaves = tree->topology().leaves();
        std::vector<std::unique_ptr<QProcess>> collectors;
        auto startLeaf = [&](std::uint32_t node) {
            auto p = std::make_unique<QProcess>();
            p->setProcessChannelMode(QProcess::ForwardedChannels);
            p->start(XYLEM_COLLECTOR, {"--attach", QString::fromStdString(options.addressFile),
                                       "--node", QString::number(node)});
            p->waitForStarted();
            return p;
        };
        for (const std::uint32_t leaf : leaves) {
            collectors.push_back(startLeaf(leaf));
        }
        QVERIFY(awaitEvents(*tree, TreeEvent::Kind::Joined, 4, std::chrono::seconds(20)));
        auto wave = oneWave(*tree, stream(1, "sum", "node-number"));
        QVERIFY(wave);
        QCOMPARE(sum(wave.value()), sumOfLeaves(tree->topology()));

        // A leaf that stops answering: a time-out stream passes the wave up without it.
        StreamSpec timed = stream(2, "sum", "node-number");
        timed.sync = gather::SyncSpec{gather::SyncMode::TimeOut, std::chrono::milliseconds(300)};
        QVERIFY(tree->openStream(timed));
        // A whole first wave: every leaf has the stream before one of them stops answering.
        QVERIFY(tree->pull(2, 1, std::chrono::seconds(5)));
        auto firstWave = tree->next(2, std::chrono::seconds(10));
        QVERIFY(firstWave && firstWave->missing.empty());
        ::kill(pid_t(collectors[0]->processId()), SIGSTOP);
        QVERIFY(tree->pull(2, 1, std::chrono::seconds(5)));
        auto partial = tree->next(2, std::chrono::seconds(10));
        ::kill(pid_t(collectors[0]->processId()), SIGCONT);
        QVERIFY(partial);
        QCOMPARE(sum(partial.value()), sumOfLeaves(tree->topology()) - leaves[0]);
        QCOMPARE(partial->missing, std::vector<std::uint32_t>{leaves[0]});

        // A leaf that dies is reported; started again, it rejoins and counts again.
        ::kill(pid_t(collectors[1]->processId()), SIGKILL);
        collectors[1]->waitForFinished();
        QVERIFY(awaitEvents(*tree, TreeEvent::Kind::Lost, 1, std::chrono::seconds(10)));
        collectors[1] = startLeaf(leaves[1]);
        QVERIFY(awaitEvents(*tree, TreeEvent::Kind::Joined, 1, std::chrono::seconds(20)));
        QVERIFY(tree->pull(1, 1, std::chrono::seconds(5)));
        auto whole = tree->next(1, std::chrono::seconds(10));
        QVERIFY(whole);
        QCOMPARE(sum(whole.value()), sumOfLeaves(tree->topology()));
        QVERIFY(whole->missing.empty());
        tree->shutdown();
        for (auto& p : collectors) {
            QVERIFY(p->waitForFinished(10000)); // Shutdown reached the attached leaves
        }
    }

    void aTreeThatCannotStartSaysWhy()
    {
        FrontEndOptions options = localTree({2, 4});
        options.launch.relayExecutable = "/nonexistent/xylem-relay";
        options.startTimeout = std::chrono::seconds(2);
        auto tree = FrontEnd::start(options);
        QVERIFY(tree);
        // Started, with every node below the front-end missing and named.
        QCOMPARE(tree.value()->startup().nodesUp, 1u);
        QCOMPARE(tree.value()->startup().missing.size(), size_t(6));
    }
};

QTEST_GUILESS_MAIN(TestGatherTreeFailure)
#include "tst_gathertreefailure.moc"
