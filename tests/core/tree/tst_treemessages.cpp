// The gather tree's messages: every one round-trips, and no truncation or random payload makes
// a decoder crash or accept garbage silently.

#include "core/tree/treemessages.h"

#include <QTest>

#include <random>

using namespace xylem;
using namespace xylem::tree;

namespace {

template <typename Decode>
void survivesDamage(const std::vector<std::uint8_t>& bytes, Decode decode)
{
    for (size_t n = 0; n < bytes.size(); ++n) {
        QVERIFY(!decode(std::span(bytes.data(), n))); // every truncation is an error
    }
    std::mt19937 random(11);
    for (int i = 0; i < 200; ++i) {
        std::vector<std::uint8_t> damaged = bytes;
        damaged[random() % damaged.size()] ^= static_cast<std::uint8_t>(1 + random() % 255);
        (void)decode(damaged); // may decode to something else; must not crash
    }
}

} // namespace

class TestTreeMessages : public QObject
{
    Q_OBJECT

private slots:
    void helloAndWelcome()
    {
        protocol::Nonce nonce{};
        nonce.fill(0xa5);
        const auto hello = decodeTreeHello(encode(TreeHelloMessage{7, nonce}));
        QVERIFY(hello);
        QCOMPARE(hello->node, 7u);
        QVERIFY(hello->nonce == nonce);
        QCOMPARE(encode(TreeHelloMessage{7, nonce}).size(), size_t(4 + 32)); // and no token
        survivesDamage(encode(TreeHelloMessage{7, nonce}), decodeTreeHello);
        QCOMPARE(claimOf(TreeHelloMessage{7, nonce}), std::string("tree node 7"));
        const auto welcome = decodeTreeWelcome(encode(TreeWelcomeMessage{3, "{}", true}));
        QVERIFY(welcome && welcome->node == 3 && welcome->topologyJson == "{}" &&
                welcome->leavesAttach);
        survivesDamage(encode(TreeWelcomeMessage{3, "{\"x\":1}", false}), decodeTreeWelcome);
    }

    void challengeAndProof()
    {
        protocol::Nonce nonce{};
        protocol::Mac mac{};
        nonce.fill(1);
        mac.fill(2);
        const auto challenge = decodeTreeChallenge(encode(TreeChallengeMessage{nonce, mac}));
        QVERIFY(challenge && challenge->nonce == nonce && challenge->proof == mac);
        survivesDamage(encode(TreeChallengeMessage{nonce, mac}), decodeTreeChallenge);
        const auto proof = decodeTreeProof(encode(TreeProofMessage{mac}));
        QVERIFY(proof && proof->proof == mac);
        survivesDamage(encode(TreeProofMessage{mac}), decodeTreeProof);
        auto longer = encode(TreeProofMessage{mac});
        longer.push_back(0);
        QVERIFY(!decodeTreeProof(longer)); // a proof of 33 bytes is no proof
    }

    void streamSpec()
    {
        StreamSpec spec;
        spec.id = 9;
        spec.filter = gather::FilterSpec{"wait-stats", {1, 2, 3}, "/opt/xylem/libfilters.so"};
        spec.sync = gather::SyncSpec{gather::SyncMode::TimeOut, std::chrono::microseconds(1500)};
        spec.source = SourceSpec{"synthetic-tuples", {100}};
        spec.gathering = Gathering::Sequential;
        spec.filterAtLeaves = true;
        const auto back = decodeStreamSpec(encode(spec));
        QVERIFY(back);
        QCOMPARE(back->id, 9u);
        QVERIFY(back->filter == spec.filter);
        QVERIFY(back->sync == spec.sync);
        QCOMPARE(back->source.name, spec.source.name);
        QVERIFY(back->gathering == Gathering::Sequential && back->filterAtLeaves);
        survivesDamage(encode(spec), decodeStreamSpec);
        auto bad = encode(spec);
        bad[bad.size() - 4 - spec.filter.library.size() - 2] = 9; // no such gathering
        QVERIFY(!decodeStreamSpec(bad));
    }

    void waveData()
    {
        WaveDataMessage m{
            2, 41, {5, 6}, gather::Batch{3, gather::Tuples{{Tuple{1, 2, 3, 4, 5, 6}}}}};
        const auto back = decodeWaveData(encode(m));
        QVERIFY(back);
        QCOMPARE(back->wave, std::uint64_t(41));
        QCOMPARE(back->missing, (std::vector<std::uint32_t>{5, 6}));
        QVERIFY(back->batch == m.batch);
        survivesDamage(encode(m), decodeWaveData);
    }

    void pullBounds()
    {
        QVERIFY(decodePull(encode(PullMessage{1, 2, 3})));
        QVERIFY(!decodePull(encode(PullMessage{1, 2, 0})));
        QVERIFY(!decodePull(encode(PullMessage{1, 2, (1u << 20) + 1})));
    }

    void readyNodesAndClocks()
    {
        SubtreeReadyMessage ready{4, 5, {9}, {NodeAddress{4, "127.0.0.1", 4000}}};
        const auto r = decodeSubtreeReady(encode(ready));
        QVERIFY(r && r->nodes == 5 && r->missing == std::vector<std::uint32_t>{9} &&
                r->listening.at(0).port == 4000);
        survivesDamage(encode(ready), decodeSubtreeReady);
        const auto nodes = decodeNodes(encode(NodesMessage{{1, 2}, "gone"}));
        QVERIFY(nodes && nodes->nodes.size() == 2 && nodes->reason == "gone");
        const ClockReportMessage clocks{{ClockOffset{3, -5, 7}}};
        const auto c = decodeClockReport(encode(clocks));
        QVERIFY(c && c->offsets == clocks.offsets);
        survivesDamage(encode(clocks), decodeClockReport);
        const auto pong = decodePong(encode(PongMessage{8, 123456789}));
        QVERIFY(pong && pong->id == 8 && pong->clockNs == 123456789);
        const auto control = decodeControl(encode(ControlMessage{"set-policy", "fill-read"}));
        QVERIFY(control && control->command == "set-policy" && control->argument == "fill-read");
    }
};

QTEST_GUILESS_MAIN(TestTreeMessages)
#include "tst_treemessages.moc"
