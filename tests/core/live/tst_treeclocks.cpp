// TreeClocks: the front-end's measurements of a tree run's clocks become per-host models that
// map each host's tuples onto the front-end's clock (offset and drift), leave alone a host whose
// offset is within its error bound, prefer a host's collector to its relay, and keep unreached
// hosts unmeasured.

#include "core/live/treeclocks.h"
#include "core/model/treegenerator.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::live;

namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

Configuration threeHosts()
{
    TreeSpec spec;
    spec.name = "clocks";
    spec.hosts = {Host{"a", ""}, Host{"b", ""}, Host{"c", ""}};
    spec.threadsPerHost = 1;
    auto config = generateTree(spec);
    if (!config) {
        qFatal("%s", config.error().message.c_str());
    }
    return std::move(config).value();
}

gather::Topology leavesOf(const std::vector<std::string>& hosts, bool relayOnB = false)
{
    gather::TopologySpec spec;
    spec.frontEndHost = "fe";
    spec.hosts = hosts;
    spec.fanout = relayOnB ? 2 : 8; // three leaves under two slots: a relay
    if (relayOnB) {
        spec.relayHosts = {"b"};
    }
    auto topology = gather::generateTopology(spec);
    if (!topology) {
        qFatal("%s", topology.error().message.c_str());
    }
    return std::move(topology).value();
}

std::uint32_t nodeOf(const gather::Topology& t, const std::string& host, gather::NodeRole role)
{
    for (std::uint32_t i = 0; i < t.nodes.size(); ++i) {
        if (t.nodes[i].host == host && t.nodes[i].role == role) {
            return i;
        }
    }
    qFatal("no node on %s", host.c_str());
}

// The thread wrapper of a host: tuples it records are on that host's clock.
std::uint32_t threadOf(const Configuration& config, const std::string& host)
{
    for (const int t : config.threads()) {
        if (config.wrapper(t).host == host) {
            return static_cast<std::uint32_t>(t);
        }
    }
    qFatal("no thread on %s", host.c_str());
}

} // namespace

class TestTreeClocks : public QObject
{
    Q_OBJECT

private slots:
    void offsetsAndDriftCorrectTuplesOntoTheFrontEndsClock()
    {
        const Configuration config = threeHosts();
        const auto topology = leavesOf({"a", "b", "c"});
        TreeClocks clocks(topology, config, "fe");
        const std::uint32_t a = nodeOf(topology, "a", gather::NodeRole::Leaf);
        const std::uint32_t b = nodeOf(topology, "b", gather::NodeRole::Leaf);
        // a is 5 s ahead of the front-end (error 40 us); b is 10 ns off with a 50 us bound:
        // as good as the same clock. c is never reached.
        const std::vector<tree::ClockOffset> start{{a, 5 * kSecond, 40'000}, {b, 10, 50'000}};
        clocks.add(start, 100 * kSecond);
        // 100 s later a has gained 1 ms (10 ppm).
        const std::vector<tree::ClockOffset> end{{a, 5 * kSecond + 1'000'000, 30'000},
                                                 {b, -12, 50'000}};
        clocks.add(end, 200 * kSecond);
        QCOMPARE(clocks.measurements(), 2);

        std::vector<Tuple> tuples{
            {1, 105 * kSecond, 105 * kSecond + 7, threadOf(config, "a"), 0, 0},
            {1, 250 * kSecond + 5 * kSecond, 255 * kSecond, threadOf(config, "a"), 0, 0},
            {1, 105 * kSecond, 105 * kSecond + 3, threadOf(config, "b"), 0, 0},
            {1, 42, 43, threadOf(config, "c"), 0, 0},
        };
        clocks.correct(tuples);
        QCOMPARE(tuples[0].down, 100 * kSecond);     // at the start sample: -5 s
        QCOMPARE(tuples[0].up, 100 * kSecond + 7);
        // 150 s after the start on a's clock: the drift line goes on (+1.5 ms ahead).
        QVERIFY(std::llabs(tuples[1].down - (250 * kSecond - 1'500'000)) < 1000);
        QCOMPARE(tuples[2].down, 105 * kSecond);     // b: within its bound, left alone
        QCOMPARE(tuples[3].down, std::int64_t(42));  // c: no model
        QCOMPARE(clocks.toFrontEnd("a", 105 * kSecond), 100 * kSecond);

        const auto models = clocks.hostClocks();
        QCOMPARE(models.size(), std::size_t(3));
        QCOMPARE(models[0].host, std::string("a"));
        QVERIFY(models[0].measured);
        QCOMPARE(models[0].master, std::string("fe"));
        QCOMPARE(models[0].start.offsetNs, -5 * kSecond); // reference - local
        QCOMPARE(models[0].end.localNs, 200 * kSecond + 5 * kSecond + 1'000'000);
        QCOMPARE(models[0].errorBoundNs.value(), std::int64_t(40'000));
        QVERIFY(std::abs(models[0].driftPpm() + 10.0) < 0.01);
        QVERIFY(models[1].measured);
        QVERIFY(!models[2].measured);
        QVERIFY(!models[2].errorBoundNs);
    }

    // A proxy's tuples come from its service path on its parent's host: that host's clock.
    void aProxysTuplesAreOnItsParentsClock()
    {
        const Configuration config = threeHosts();
        const auto topology = leavesOf({"a", "b", "c"});
        TreeClocks clocks(topology, config, "fe");
        const std::vector<tree::ClockOffset> offsets{
            {nodeOf(topology, "a", gather::NodeRole::Leaf), 0, 10'000},
            {nodeOf(topology, "b", gather::NodeRole::Leaf), 4 * kSecond, 10'000},
            {nodeOf(topology, "c", gather::NodeRole::Leaf), -2 * kSecond, 10'000}};
        clocks.add(offsets, 10 * kSecond);
        int checked = 0;
        for (int w = 0; w < config.wrapperCount(); ++w) {
            const Wrapper& proxy = config.wrapper(w);
            if (proxy.kind != WrapperKind::Proxy) {
                continue;
            }
            const std::string parentHost = config.wrapper(proxy.parent).host;
            QVERIFY(parentHost != proxy.host);
            std::vector<Tuple> tuples{
                {1, 20 * kSecond, 20 * kSecond, static_cast<std::uint32_t>(w), 0, 0}};
            clocks.correct(tuples);
            QCOMPARE(tuples[0].down, clocks.toFrontEnd(parentHost, 20 * kSecond));
            QVERIFY(tuples[0].down != clocks.toFrontEnd(proxy.host, 20 * kSecond));
            ++checked;
        }
        QVERIFY(checked >= 1);
    }

    void aHostsCollectorWinsOverItsRelay()
    {
        const Configuration config = threeHosts();
        const auto topology = leavesOf({"a", "b", "c"}, true);
        TreeClocks clocks(topology, config, "fe");
        const std::uint32_t relay = nodeOf(topology, "b", gather::NodeRole::Relay);
        const std::uint32_t leaf = nodeOf(topology, "b", gather::NodeRole::Leaf);
        // Whichever comes first in the report, the collector's offset stands.
        const std::vector<tree::ClockOffset> offsets{{relay, 7 * kSecond, 5'000},
                                                     {leaf, 2 * kSecond, 10'000},
                                                     {relay, 7 * kSecond, 5'000}};
        clocks.add(offsets, 10 * kSecond);
        std::vector<Tuple> tuples{{1, 12 * kSecond, 12 * kSecond, threadOf(config, "b"), 0, 0}};
        clocks.correct(tuples);
        QCOMPARE(tuples[0].down, 10 * kSecond);
    }
};

QTEST_GUILESS_MAIN(TestTreeClocks)
#include "tst_treeclocks.moc"
