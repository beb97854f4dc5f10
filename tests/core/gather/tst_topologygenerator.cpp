// generateTopology: every shape over many host counts yields a valid tree with one leaf per
// host, the fanout bound and the minimal depth where the shape promises them; the exact k-ary
// layouts of 1-4-16, 1-8-64 and 512 leaves; balanced against unbalanced; hosts and ranks of
// relays; and the specs it refuses. K-nomial, cluster and level shapes: tst_topologyshapes.cpp.

#include "core/gather/topology.h"
#include "tests/core/gather/topologytesthelpers.h"

#include <QtTest>

#include <map>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using xylem::gathertest::leavesPerBranch;
using xylem::gathertest::levelCounts;
using xylem::gathertest::maxFanout;
using xylem::gathertest::minimalDepth;
using xylem::gathertest::q;
using xylem::gathertest::spec;
using Counts = std::vector<std::uint32_t>;

class TestTopologyGenerator : public QObject
{
    Q_OBJECT

private slots:
    void everyShapeIsValid_data();
    void everyShapeIsValid();
    void kary1x4x16();
    void kary1x8x64And512Leaves();
    void balancedAgainstUnbalanced();
    void relayHostsAndRanks();
    void refusesBadSpecs();
};

void TestTopologyGenerator::everyShapeIsValid_data()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("fanout");
    QTest::addColumn<bool>("balanced");
    const char* shapeNames[] = {"flat", "kary", "knomial", "hierarchy"};
    for (int shape = 0; shape < 4; ++shape) {
        for (const int hosts : {1, 2, 3, 4, 5, 9, 16, 17, 63, 64, 65, 100, 512}) {
            for (const int fanout : {2, 3, 4, 8}) {
                for (const bool balanced : {true, false}) {
                    QTest::addRow("%s-%d-k%d-%s", shapeNames[shape], hosts, fanout,
                                  balanced ? "balanced" : "unbalanced")
                        << shape << hosts << fanout << balanced;
                }
            }
        }
    }
}

void TestTopologyGenerator::everyShapeIsValid()
{
    QFETCH(int, shape);
    QFETCH(int, hosts);
    QFETCH(int, fanout);
    QFETCH(bool, balanced);
    auto s = spec(static_cast<TopologyShape>(shape), static_cast<size_t>(hosts),
                  static_cast<std::uint32_t>(fanout), balanced);
    for (int i = 0; i < hosts; ++i) {
        s.clusters.push_back("c" + std::to_string(i % 5)); // ignored but by Hierarchy
    }
    XYLEM_REQUIRE_TOPOLOGY(t, generateTopology(s));
    QCOMPARE(gathertest::structureProblem(t), QString());
    QCOMPARE(q(t.nodes[0].name()), QStringLiteral("localhost:0"));
    // One leaf per host, rank 0 (the front-end is elsewhere), every one reachable.
    const auto leaves = t.leaves();
    QCOMPARE(leaves.size(), static_cast<size_t>(hosts));
    std::map<std::string, int> perHost;
    for (const std::uint32_t leaf : leaves) {
        QCOMPARE(t.nodes[leaf].rank, 0u);
        ++perHost[t.nodes[leaf].host];
    }
    QCOMPARE(perHost.size(), static_cast<size_t>(hosts));
    // A relay always has company: a single child would be a useless hop.
    for (const auto& n : t.nodes) {
        QVERIFY(n.role != NodeRole::Relay || n.children.size() >= 2);
    }
    const auto k = static_cast<std::uint32_t>(fanout);
    switch (static_cast<TopologyShape>(shape)) {
    case TopologyShape::Flat:
        QCOMPARE(t.depth(), 1u);
        QCOMPARE(t.nodes.size(), static_cast<size_t>(hosts) + 1);
        break;
    case TopologyShape::Kary:
        QVERIFY(maxFanout(t) <= k);
        QCOMPARE(t.depth(), minimalDepth(static_cast<std::uint64_t>(hosts), k));
        break;
    case TopologyShape::Knomial:
        // Each level of the k-nomial tree adds one hop; the front-end has (k-1) per level.
        QVERIFY(t.depth() <= minimalDepth(static_cast<std::uint64_t>(hosts) + 1, k));
        QVERIFY(t.nodes[0].children.size() <=
                (k - 1) * minimalDepth(static_cast<std::uint64_t>(hosts) + 1, k));
        break;
    case TopologyShape::Hierarchy:
        QVERIFY(maxFanout(t) <= k);
        break;
    }
}

void TestTopologyGenerator::kary1x4x16()
{
    XYLEM_REQUIRE_TOPOLOGY(t, generateTopology(spec(TopologyShape::Kary, 16, 4)));
    QVERIFY(levelCounts(t) == (Counts{1, 4, 16}));
    QCOMPARE(t.nodes.size(), size_t(21));
    QVERIFY(leavesPerBranch(t) == (Counts{4, 4, 4, 4}));
    // Relays sit on the host of their first leaf, after that host's leaf (rank 0).
    QCOMPARE(q(t.nodes[1].name()), QStringLiteral("n0:1"));
    QCOMPARE(q(t.nodes[4].name()), QStringLiteral("n12:1"));
    QCOMPARE(q(t.nodes[5].name()), QStringLiteral("n0:0"));
    QCOMPARE(q(t.nodes[20].name()), QStringLiteral("n15:0"));
}

void TestTopologyGenerator::kary1x8x64And512Leaves()
{
    XYLEM_REQUIRE_TOPOLOGY(t64, generateTopology(spec(TopologyShape::Kary, 64, 8)));
    QVERIFY(levelCounts(t64) == (Counts{1, 8, 64}));
    for (const bool balanced : {true, false}) {
        XYLEM_REQUIRE_TOPOLOGY(t, generateTopology(spec(TopologyShape::Kary, 512, 8, balanced)));
        QVERIFY(levelCounts(t) == (Counts{1, 8, 64, 512}));
        QCOMPARE(t.depth(), 3u);
        QCOMPARE(maxFanout(t), size_t(8));
        QCOMPARE(t.leaves().size(), size_t(512));
        QCOMPARE(gathertest::structureProblem(t), QString());
    }
    XYLEM_REQUIRE_TOPOLOGY(k4, generateTopology(spec(TopologyShape::Kary, 512, 4)));
    QCOMPARE(k4.depth(), 5u); // 4^4 = 256 < 512 <= 4^5
    QVERIFY(maxFanout(k4) <= 4);
    XYLEM_REQUIRE_TOPOLOGY(flat, generateTopology(spec(TopologyShape::Flat, 512, 8)));
    QCOMPARE(flat.nodes[0].children.size(), size_t(512));
}

void TestTopologyGenerator::balancedAgainstUnbalanced()
{
    XYLEM_REQUIRE_TOPOLOGY(even, generateTopology(spec(TopologyShape::Kary, 10, 4, true)));
    XYLEM_REQUIRE_TOPOLOGY(full, generateTopology(spec(TopologyShape::Kary, 10, 4, false)));
    QVERIFY(leavesPerBranch(even) == (Counts{3, 3, 2, 2}));
    QVERIFY(leavesPerBranch(full) == (Counts{4, 4, 2}));
    QCOMPARE(even.depth(), 2u);
    QCOMPARE(full.depth(), 2u);

    // 17 leaves, k = 4: three levels either way; unbalanced fills a 16-leaf branch first.
    XYLEM_REQUIRE_TOPOLOGY(even17, generateTopology(spec(TopologyShape::Kary, 17, 4, true)));
    XYLEM_REQUIRE_TOPOLOGY(full17, generateTopology(spec(TopologyShape::Kary, 17, 4, false)));
    QVERIFY(leavesPerBranch(even17) == (Counts{5, 4, 4, 4}));
    QVERIFY(leavesPerBranch(full17) == (Counts{16, 1}));
    QCOMPARE(even17.depth(), 3u);
    QCOMPARE(full17.depth(), 3u);
    QVERIFY(full17.nodes[2].role == NodeRole::Leaf); // the 17th leaf, right under the front-end

    // No relay is needed when the leaves fit the fanout.
    XYLEM_REQUIRE_TOPOLOGY(small, generateTopology(spec(TopologyShape::Kary, 4, 4, false)));
    QCOMPARE(small.nodes.size(), size_t(5));
}

void TestTopologyGenerator::relayHostsAndRanks()
{
    // Front-end on a leaf host: that leaf takes rank 1, the relays there the ranks after it.
    auto s = spec(TopologyShape::Kary, 4, 2);
    s.frontEndHost = "n0";
    XYLEM_REQUIRE_TOPOLOGY(t, generateTopology(s));
    std::vector<std::string> names;
    for (const auto& n : t.nodes) {
        names.push_back(n.name());
    }
    QVERIFY(names ==
            (std::vector<std::string>{"n0:0", "n0:2", "n2:1", "n0:1", "n1:0", "n2:0", "n3:0"}));

    auto r = spec(TopologyShape::Kary, 16, 4);
    r.relayHosts = {"ra", "rb"};
    XYLEM_REQUIRE_TOPOLOGY(rr, generateTopology(r));
    names.clear();
    for (const std::uint32_t c : rr.nodes[0].children) {
        names.push_back(rr.nodes[c].name());
    }
    QVERIFY(names == (std::vector<std::string>{"ra:0", "rb:0", "ra:1", "rb:1"}));
}

void TestTopologyGenerator::refusesBadSpecs()
{
    std::vector<std::pair<TopologySpec, QString>> cases;
    cases.emplace_back(spec(TopologyShape::Kary, 0, 4), QStringLiteral("host list is empty"));
    cases.emplace_back(spec(TopologyShape::Kary, 5, 1), QStringLiteral("fanout"));
    cases.emplace_back(spec(TopologyShape::Knomial, 5, 0), QStringLiteral("fanout"));
    auto s = spec(TopologyShape::Hierarchy, 5, 4);
    s.clusters = {"a", "b"};
    cases.emplace_back(s, QStringLiteral("clusters: 2 given for 5 hosts"));
    s = spec(TopologyShape::Flat, 3, 4);
    s.hosts[2] = "n0";
    cases.emplace_back(s, QStringLiteral("host #3 'n0'"));
    s.hosts[2] = "";
    cases.emplace_back(s, QStringLiteral("host #3 ''"));
    s = spec(TopologyShape::Kary, 9, 2);
    s.relayHosts = {"r", ""};
    cases.emplace_back(s, QStringLiteral("relayHosts"));
    s = spec(TopologyShape::Kary, 9, 2);
    s.frontEndHost.clear();
    cases.emplace_back(s, QStringLiteral("front-end host"));
    for (const auto& [bad, problem] : cases) {
        const auto r = generateTopology(bad);
        QVERIFY2(!r.ok(), qPrintable(problem));
        QVERIFY(r.error().code == ErrorCode::InvalidArgument);
        QVERIFY2(q(r.error().message).contains(problem), r.error().message.c_str());
    }
    // Flat ignores the fanout; a host name MRNet text cannot carry is the model's rule.
    QVERIFY(generateTopology(spec(TopologyShape::Flat, 3, 0)).ok());
    s = spec(TopologyShape::Flat, 3, 4);
    s.hosts[1] = "bad host";
    const auto r = generateTopology(s);
    QVERIFY(!r.ok());
    QVERIFY(r.error().code == ErrorCode::InvalidConfiguration);
}

QTEST_APPLESS_MAIN(TestTopologyGenerator)
#include "tst_topologygenerator.moc"
