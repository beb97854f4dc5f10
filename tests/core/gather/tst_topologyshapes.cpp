// The exact layouts of the other generated shapes: a binomial and a 4-nomial tree, cluster
// trees (relays inside their cluster, more levels for big clusters, relays above many clusters)
// and levelTopology's 1-4-16, 1-8-64 and uneven levels, with the level lists it refuses.

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
using xylem::gathertest::q;
using xylem::gathertest::spec;
using Counts = std::vector<std::uint32_t>;

class TestTopologyShapes : public QObject
{
    Q_OBJECT

private slots:
    void knomialLayout();
    void hierarchyKeepsClustersTogether();
    void levelShapes();
};

void TestTopologyShapes::knomialLayout()
{
    // Binomial over 8 positions (front-end + 7 hosts): 0 -> 1 2 4, 1 -> 3 5, 2 -> 6, 3 -> 7.
    XYLEM_REQUIRE_TOPOLOGY(t, generateTopology(spec(TopologyShape::Knomial, 7, 2)));
    const std::string expected = "localhost:0 => n0:1 n1:1 n3:0 ;\n"
                                 "n0:1 => n0:0 n2:1 n4:0 ;\n"
                                 "n1:1 => n1:0 n5:0 ;\n"
                                 "n2:1 => n2:0 n6:0 ;\n";
    QCOMPARE(q(toMrnetText(t)), q(expected));
    QCOMPARE(t.depth(), 3u);
    // 4-nomial over 16 positions: the front-end has (k-1) children per level, 2 levels.
    XYLEM_REQUIRE_TOPOLOGY(k4, generateTopology(spec(TopologyShape::Knomial, 15, 4)));
    QCOMPARE(k4.nodes[0].children.size(), size_t(6));
    QCOMPARE(k4.depth(), 2u);
}

void TestTopologyShapes::hierarchyKeepsClustersTogether()
{
    auto s = spec(TopologyShape::Hierarchy, 13, 4);
    s.clusters = {"a", "a", "b", "c", "c", "c", "c", "c", "c", "c", "c", "c", "c"};
    XYLEM_REQUIRE_TOPOLOGY(t, generateTopology(s));
    QCOMPARE(gathertest::structureProblem(t), QString());
    QVERIFY(leavesPerBranch(t) == (Counts{2, 1, 10}));
    const auto& big = t.nodes[t.nodes[0].children[2]];
    QCOMPARE(big.children.size(), size_t(4)); // 10 hosts over fanout 4: one more relay level
    QCOMPARE(t.depth(), 3u);
    // Every relay runs in the cluster it serves: on the host of its first leaf.
    std::map<std::string, std::string> clusterOf;
    for (size_t i = 0; i < s.hosts.size(); ++i) {
        clusterOf[s.hosts[i]] = s.clusters[i];
    }
    for (const std::uint32_t leaf : t.leaves()) {
        for (auto up = t.nodes[leaf].parent; up > 0; up = t.nodes[static_cast<size_t>(up)].parent) {
            QCOMPARE(q(clusterOf[t.nodes[static_cast<size_t>(up)].host]),
                     q(clusterOf[t.nodes[leaf].host]));
        }
    }
    // More clusters than the fanout: relays above the clusters keep the front-end's bound.
    auto many = spec(TopologyShape::Hierarchy, 12, 3);
    for (size_t i = 0; i < 12; ++i) {
        many.clusters.push_back("c" + std::to_string(i / 2));
    }
    XYLEM_REQUIRE_TOPOLOGY(m, generateTopology(many));
    QVERIFY(maxFanout(m) <= 3);
    // One cluster: the front-end is its relay, as in a k-ary tree.
    XYLEM_REQUIRE_TOPOLOGY(one, generateTopology(spec(TopologyShape::Hierarchy, 16, 4)));
    XYLEM_REQUIRE_TOPOLOGY(kary, generateTopology(spec(TopologyShape::Kary, 16, 4)));
    QVERIFY(one == kary);
}

void TestTopologyShapes::levelShapes()
{
    XYLEM_REQUIRE_TOPOLOGY(a, levelTopology({4, 16}));
    QVERIFY(levelCounts(a) == (Counts{1, 4, 16}));
    QVERIFY(leavesPerBranch(a) == (Counts{4, 4, 4, 4}));
    for (std::uint32_t i = 0; i < a.nodes.size(); ++i) {
        QCOMPARE(q(a.nodes[i].name()), QStringLiteral("localhost:%1").arg(i));
    }
    XYLEM_REQUIRE_TOPOLOGY(b, levelTopology({8, 64}, "box"));
    QVERIFY(levelCounts(b) == (Counts{1, 8, 64}));
    QCOMPARE(maxFanout(b), size_t(8));
    QCOMPARE(q(b.nodes[72].name()), QStringLiteral("box:72"));
    XYLEM_REQUIRE_TOPOLOGY(c, levelTopology({3, 10}));
    QVERIFY(leavesPerBranch(c) == (Counts{4, 3, 3}));
    XYLEM_REQUIRE_TOPOLOGY(d, levelTopology({1}));
    QCOMPARE(d.nodes.size(), size_t(2));
    XYLEM_REQUIRE_TOPOLOGY(e, levelTopology({2, 2, 2, 512}));
    QCOMPARE(e.depth(), 4u);
    QCOMPARE(e.leaves().size(), size_t(512));

    for (const auto& bad : {Counts{}, Counts{0}, Counts{4, 2}, Counts{1, 1u << 20}}) {
        const auto r = levelTopology(bad);
        QVERIFY(!r.ok());
        QVERIFY(r.error().code == ErrorCode::InvalidArgument);
    }
    QVERIFY(q(levelTopology({4, 2}).error().message).contains(QStringLiteral("level 2")));
}

QTEST_APPLESS_MAIN(TestTopologyShapes)
#include "tst_topologyshapes.moc"
