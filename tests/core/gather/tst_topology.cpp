// The topology model: leaves, depth and subtrees in tree order, roles derived by makeTopology,
// and every rule makeTopology refuses, each error naming the node and the rule.

#include "core/gather/topology.h"
#include "tests/core/gather/topologytesthelpers.h"

#include <QtTest>

#include <functional>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using xylem::gathertest::node;
using xylem::gathertest::q;

namespace {

// The tree of topology.h: fe => r1 r2; r1 => n1 n2; r2 => n3.
std::vector<TopologyNode> exampleNodes()
{
    return {node("fe", 0, -1, {1, 2}), node("r1", 0, 0, {3, 4}), node("r2", 0, 0, {5}),
            node("n1", 0, 1),          node("n2", 0, 1),         node("n3", 0, 2)};
}

} // namespace

class TestTopology : public QObject
{
    Q_OBJECT

private slots:
    void derivesRoles();
    void leavesDepthAndSubtrees();
    void followsChildOrderNotIndexOrder();
    void acceptsUnevenDepthsAndSharedHosts();
    void linkChildrenRebuildsFromParents();
    void refusesBrokenTrees_data();
    void refusesBrokenTrees();
    void refusesEmptyNodeList();
};

void TestTopology::derivesRoles()
{
    auto nodes = exampleNodes();
    nodes[0].role = NodeRole::Leaf; // given roles are ignored
    nodes[3].role = NodeRole::FrontEnd;
    XYLEM_REQUIRE_TOPOLOGY(t, makeTopology(nodes));
    QVERIFY(t.nodes[0].role == NodeRole::FrontEnd);
    QVERIFY(t.nodes[1].role == NodeRole::Relay);
    QVERIFY(t.nodes[2].role == NodeRole::Relay);
    for (std::uint32_t i = 3; i < 6; ++i) {
        QVERIFY(t.nodes[i].role == NodeRole::Leaf);
    }
    QCOMPARE(gathertest::structureProblem(t), QString());
    QCOMPARE(q(t.nodes[4].name()), QStringLiteral("n2:0"));
}

void TestTopology::leavesDepthAndSubtrees()
{
    XYLEM_REQUIRE_TOPOLOGY(t, makeTopology(exampleNodes()));
    QVERIFY(t.leaves() == (std::vector<std::uint32_t>{3, 4, 5}));
    QCOMPARE(t.depth(), 2u);
    QVERIFY(t.subtree(0) == (std::vector<std::uint32_t>{0, 1, 3, 4, 2, 5}));
    QVERIFY(t.subtree(1) == (std::vector<std::uint32_t>{1, 3, 4}));
    QVERIFY(t.subtree(2) == (std::vector<std::uint32_t>{2, 5}));
    QVERIFY(t.subtree(5) == (std::vector<std::uint32_t>{5}));
    QVERIFY(t.subtree(6).empty()); // no such node
}

void TestTopology::followsChildOrderNotIndexOrder()
{
    auto nodes = exampleNodes();
    nodes[0].children = {2, 1};
    nodes[1].children = {4, 3};
    XYLEM_REQUIRE_TOPOLOGY(t, makeTopology(nodes));
    QVERIFY(t.nodes[0].children == (std::vector<std::uint32_t>{2, 1}));
    QVERIFY(t.leaves() == (std::vector<std::uint32_t>{5, 4, 3}));
    QVERIFY(t.subtree(0) == (std::vector<std::uint32_t>{0, 2, 5, 1, 4, 3}));
}

void TestTopology::acceptsUnevenDepthsAndSharedHosts()
{
    // A leaf right under the front-end next to a three-level branch; all on one host.
    const std::vector<TopologyNode> nodes{node("h", 0, -1, {1, 2}), node("h", 1, 0),
                                          node("h", 2, 0, {3}), node("h", 3, 2, {4}),
                                          node("h", 4, 3)};
    XYLEM_REQUIRE_TOPOLOGY(t, makeTopology(nodes));
    QCOMPARE(t.depth(), 3u);
    QVERIFY(t.leaves() == (std::vector<std::uint32_t>{1, 4}));
    QVERIFY(t.nodes[3].role == NodeRole::Relay);
    QCOMPARE(gathertest::structureProblem(t), QString());

    XYLEM_REQUIRE_TOPOLOGY(two, makeTopology({node("fe", 0, -1, {1}), node("a:b", 7, 0)}));
    QCOMPARE(two.depth(), 1u);
    QCOMPARE(q(two.nodes[1].name()), QStringLiteral("a:b:7"));
}

void TestTopology::linkChildrenRebuildsFromParents()
{
    auto nodes = exampleNodes();
    for (auto& n : nodes) {
        n.children = {99}; // replaced, not appended to
    }
    nodes.push_back(node("stray", 0, 42)); // an invalid parent is skipped, not followed
    gather::linkChildren(nodes);
    QVERIFY(nodes[0].children == (std::vector<std::uint32_t>{1, 2}));
    QVERIFY(nodes[1].children == (std::vector<std::uint32_t>{3, 4}));
    QVERIFY(nodes[2].children == (std::vector<std::uint32_t>{5}));
    QVERIFY(nodes[6].children.empty());
    nodes.pop_back();
    QVERIFY(makeTopology(nodes).ok());
}

void TestTopology::refusesBrokenTrees_data()
{
    QTest::addColumn<int>("brokenCase");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("rule");
    const char* rows[][3] = {
        {"root with a parent", "node 0 (fe:0)", "must have no parent"},
        {"second root", "node 4 (n2:0)", "a second root"},
        {"parent not earlier", "node 3 (n1:0)", "not an earlier node"},
        {"parent out of range", "node 5 (n3:0)", "parent 17 is not an earlier node"},
        {"own parent", "node 2 (r2:0)", "parent 2 is not an earlier node"},
        {"same host and rank", "node 4 (n1:0)", "same host and rank as node 3 (n1:0)"},
        {"empty host", "node 5 (:0)", "host name must be non-empty"},
        {"space in host", "node 5 (n 3:0)", "without spaces"},
        {"semicolon in host", "node 5 (n;3:0)", "';'"},
        {"hash in host", "node 5 (n#3:0)", "'#'"},
        {"arrow in host", "node 5 (n=>3:0)", "\"=>\""},
        {"child does not exist", "node 2 (r2:0)", "child 9 does not exist"},
        {"child of another", "node 2 (r2:0)", "lists child node 4 (n2:0) whose parent is 1"},
        {"child listed twice", "node 2 (r2:0)", "lists child node 5 (n3:0) twice"},
        {"child missing", "node 4 (n2:0)", "missing from the children of its parent node 1"},
        {"no leaf", "node 0 (fe:0)", "no children"},
    };
    int i = 0;
    for (const auto& row : rows) {
        QTest::newRow(row[0]) << i++ << QString::fromUtf8(row[1]) << QString::fromUtf8(row[2]);
    }
}

void TestTopology::refusesBrokenTrees()
{
    QFETCH(int, brokenCase);
    QFETCH(QString, where);
    QFETCH(QString, rule);
    using Break = std::function<void(std::vector<TopologyNode>&)>;
    const Break breaks[] = {
        [](auto& n) { n[0].parent = 3; },
        [](auto& n) {
            n[4].parent = -1;
            n[1].children = {3};
        },
        [](auto& n) { n[3].parent = 4; },
        [](auto& n) { n[5].parent = 17; },
        [](auto& n) { n[2].parent = 2; },
        [](auto& n) { n[4].host = "n1"; },
        [](auto& n) { n[5].host = ""; },
        [](auto& n) { n[5].host = "n 3"; },
        [](auto& n) { n[5].host = "n;3"; },
        [](auto& n) { n[5].host = "n#3"; },
        [](auto& n) { n[5].host = "n=>3"; },
        [](auto& n) {
            n[2].children = {5, 9};
        },
        [](auto& n) {
            n[2].children = {5, 4};
        },
        [](auto& n) {
            n[2].children = {5, 5};
        },
        [](auto& n) { n[1].children = {3}; },
        [](auto& n) {
            n.resize(1);
            n[0].children.clear();
        },
    };
    auto nodes = exampleNodes();
    breaks[brokenCase](nodes);
    const auto result = makeTopology(nodes);
    QVERIFY(!result.ok());
    QVERIFY(result.error().code == ErrorCode::InvalidConfiguration);
    QCOMPARE(q(result.error().where), where);
    QVERIFY2(q(result.error().message).contains(rule), result.error().message.c_str());
}

void TestTopology::refusesEmptyNodeList()
{
    const auto result = makeTopology({});
    QVERIFY(!result.ok());
    QVERIFY(result.error().code == ErrorCode::InvalidConfiguration);
    QVERIFY(q(result.error().message).contains(QStringLiteral("at least one node")));
}

QTEST_APPLESS_MAIN(TestTopology)
#include "tst_topology.moc"
