// core/model/ranktree.h: the spanning trees over an MPI job's ranks that the interposer's tree
// collectives run on. Every shape on 1..64 ranks (and hierarchy on several host layouts) is a
// spanning tree (every rank reached exactly once from the root, parents and children agree,
// children ascending), with the depth its shape promises; re-rooted at every rank it keeps its
// edges and its host-crossing ones; bad SPECs and tree files are refused naming the problem.

#include "core/model/ranktree.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <set>

using namespace xylem;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

std::vector<std::string> hostsOf(int n, int layout)
{
    std::vector<std::string> hosts;
    for (int r = 0; r < n; ++r) {
        switch (layout) {
        case 0:
            hosts.push_back("one");
            break; // one host
        case 1:
            hosts.push_back("h" + std::to_string(r % 3));
            break; // round robin on 3
        case 2:
            hosts.push_back("h" + std::to_string(r / 4));
            break; // blocks of 4
        default:
            hosts.push_back("h" + std::to_string(r));
            break; // a host each
        }
    }
    return hosts;
}

// The error of a failed result, for QVERIFY2's message (evaluated whether it failed or not).
template <typename T> QString why(const Result<T>& r)
{
    return r.ok() ? QString() : q(r.error().describe());
}

int hostCount(const std::vector<std::string>& hosts)
{
    return static_cast<int>(std::set<std::string>(hosts.begin(), hosts.end()).size());
}

// Every rank reached exactly once from the root; parents and children agree; children ascend
// (rerooted trees: ascending but for the old parent, last). Returns the depth it walked.
int checkSpanning(const RankTree& t, bool ascending)
{
    const int n = t.size();
    std::vector<int> seen(static_cast<size_t>(n), 0);
    std::vector<std::pair<int, int>> stack{{t.root, 0}};
    int depth = 0;
    while (!stack.empty()) {
        const auto [r, level] = stack.back();
        stack.pop_back();
        ++seen[static_cast<size_t>(r)];
        depth = std::max(depth, level);
        const auto& kids = t.children[static_cast<size_t>(r)];
        for (size_t i = 0; i < kids.size(); ++i) {
            if (t.parent[static_cast<size_t>(kids[i])] != r) {
                qWarning("rank %d lists child %d whose parent is %d", r, kids[i],
                         t.parent[static_cast<size_t>(kids[i])]);
                return -1;
            }
            if (ascending && i > 0 && kids[i] < kids[i - 1]) {
                qWarning("children of %d not ascending", r);
                return -1;
            }
            stack.push_back({kids[i], level + 1});
        }
    }
    for (int r = 0; r < n; ++r) {
        if (seen[static_cast<size_t>(r)] != 1) {
            qWarning("rank %d reached %d times", r, seen[static_cast<size_t>(r)]);
            return -1;
        }
    }
    return t.parent[static_cast<size_t>(t.root)] == -1 ? depth : -1;
}

std::set<std::pair<int, int>> edges(const RankTree& t, bool crossingOnly)
{
    std::set<std::pair<int, int>> e;
    for (int r = 0; r < t.size(); ++r) {
        const int p = t.parent[static_cast<size_t>(r)];
        if (p >= 0 && (!crossingOnly || t.crossesHost[static_cast<size_t>(r)])) {
            e.insert({std::min(r, p), std::max(r, p)});
        }
    }
    return e;
}

int levelOf(const RankTree& t, int r)
{
    int level = 0;
    for (; t.parent[static_cast<size_t>(r)] >= 0; r = t.parent[static_cast<size_t>(r)]) {
        ++level;
    }
    return level;
}

} // namespace

class TestRankTree : public QObject
{
    Q_OBJECT

private slots:
    void everyShapeSpans_data();
    void everyShapeSpans();
    void rerootingKeepsEdges();
    void hierarchyLeaders();
    void hierarchyClusters();
    void rejectsBadSpecs_data();
    void rejectsBadSpecs();
    void rejectsBadTreeFiles_data();
    void rejectsBadTreeFiles();
    void readsTreeFile();
};

void TestRankTree::everyShapeSpans_data()
{
    QTest::addColumn<QString>("spec");
    for (const char* s : {"flat", "binomial", "k-ary:1", "k-ary:2", "k-ary:3", "k-ary:7",
                          "hierarchy", "hierarchy:2"}) {
        QTest::newRow(s) << s;
    }
}

void TestRankTree::everyShapeSpans()
{
    QFETCH(QString, spec);
    const auto parsed = parseRankTreeSpec(spec.toStdString());
    QVERIFY(parsed.ok());
    for (int layout = 0; layout < 4; ++layout) {
        for (int n = 1; n <= 64; ++n) {
            const auto hosts = hostsOf(n, layout);
            const auto t = buildRankTree(parsed.value(), hosts);
            QVERIFY2(t.ok(), qPrintable(why(t)));
            QCOMPARE(t->size(), n);
            QCOMPARE(t->root, 0);
            const int walked = checkSpanning(t.value(), true);
            QVERIFY2(walked >= 0, qPrintable(QString("n=%1 layout=%2").arg(n).arg(layout)));
            QCOMPARE(t->depth, walked);
            // The crossing edges are exactly those whose ends are on two hosts.
            for (int r = 1; r < n; ++r) {
                QCOMPARE(bool(t->crossesHost[size_t(r)]),
                         hosts[size_t(r)] != hosts[size_t(t->parent[size_t(r)])]);
            }
            const auto& p = parsed.value();
            switch (p.shape) {
            case RankTreeShape::Flat:
                QCOMPARE(t->depth, n > 1 ? 1 : 0);
                break;
            case RankTreeShape::Binomial: {
                // The most set bits of a rank below n; ceil(log2 n) at most, equal when n is a
                // power of two.
                int bits = 0;
                for (int r = 0; r < n; ++r) {
                    bits = std::max(bits, __builtin_popcount(unsigned(r)));
                }
                QCOMPARE(t->depth, bits);
                QVERIFY(t->depth <= ceilLog2(n));
                if ((n & (n - 1)) == 0) {
                    QCOMPARE(t->depth, ceilLog2(n));
                }
                break;
            }
            case RankTreeShape::KAry:
                QCOMPARE(t->depth, levelOf(t.value(), n - 1)); // the last rank is deepest
                if (p.arity >= 2) {
                    QVERIFY(t->depth <= ceilLog2(n));
                } else {
                    QCOMPARE(t->depth, n - 1); // a chain
                }
                break;
            case RankTreeShape::Hierarchy: {
                // Exactly one edge into each host but the first, and the binomial tree's depth
                // over the hosts plus the k-ary depth inside one at most.
                const int h = hostCount(hosts);
                QCOMPARE(int(edges(t.value(), true).size()), h - 1);
                int perHost = 0;
                for (const auto& host : hosts) {
                    perHost = std::max(perHost, int(std::count(hosts.begin(), hosts.end(), host)));
                }
                int inside = 0;
                for (int m = 1; m < perHost; m = m * p.arity + 1) {
                    ++inside;
                }
                QVERIFY(t->depth <= ceilLog2(h) + inside);
                break;
            }
            default:
                QFAIL("unexpected shape");
            }
        }
    }
}

void TestRankTree::rerootingKeepsEdges()
{
    for (const char* s : {"flat", "binomial", "k-ary:3", "hierarchy:2"}) {
        const auto spec = parseRankTreeSpec(s);
        QVERIFY(spec.ok());
        for (int n : {1, 2, 3, 5, 8, 13, 33}) {
            const auto hosts = hostsOf(n, 2);
            const auto t = buildRankTree(spec.value(), hosts);
            QVERIFY(t.ok());
            for (int root = 0; root < n; ++root) {
                const RankTree r = rerooted(t.value(), root);
                QCOMPARE(r.root, root);
                const int walked = checkSpanning(r, false);
                QVERIFY2(walked >= 0,
                         qPrintable(QString("%1 n=%2 root=%3").arg(s).arg(n).arg(root)));
                QCOMPARE(r.depth, walked);
                QVERIFY(r.depth <= 2 * t->depth);
                QCOMPARE(edges(r, false), edges(t.value(), false));
                QCOMPARE(edges(r, true), edges(t.value(), true));
            }
        }
    }
}

void TestRankTree::hierarchyLeaders()
{
    // Ranks 0..9 on hosts a a b b b a c c b c: leaders 0 (a), 2 (b), 6 (c), binomial over
    // them in that order (2 under 0, 6 under 0); inside a host k-ary with K = 2 over the
    // host's ranks ascending (a: 0 1 5 -> 1 and 5 under 0; b: 2 3 4 8 -> 3, 4 under 2, 8 under 3).
    const std::vector<std::string> hosts{"a", "a", "b", "b", "b", "a", "c", "c", "b", "c"};
    const auto spec = parseRankTreeSpec("hierarchy:2");
    QVERIFY(spec.ok());
    const auto t = buildRankTree(spec.value(), hosts);
    QVERIFY(t.ok());
    const std::vector<int> expected{-1, 0, 0, 2, 2, 0, 0, 6, 3, 6};
    QCOMPARE(t->parent, expected);
    QCOMPARE(t->children[0], (std::vector<int>{1, 2, 5, 6}));
    QCOMPARE(edges(t.value(), true), (std::set<std::pair<int, int>>{{0, 2}, {0, 6}}));
    QCOMPARE(parseRankTreeSpec("hierarchy")->arity, 4);
}

void TestRankTree::hierarchyClusters()
{
    // Hosts a b c d (one rank each) in clusters x x x y: the host leaders of x in a binomial
    // tree (1 and 2 under 0), y's alone, the cluster leaders 0 and 3 in one (3 under 0). Without
    // clusters: the binomial tree over all four (3 under 2).
    const std::vector<std::string> hosts{"a", "b", "c", "d"};
    const auto spec = parseRankTreeSpec("hierarchy");
    QVERIFY(spec.ok());
    const auto clustered = buildRankTree(spec.value(), hosts, {"x", "x", "x", "y"});
    QVERIFY(clustered.ok());
    QCOMPARE(clustered->parent, (std::vector<int>{-1, 0, 0, 0}));
    const auto plain = buildRankTree(spec.value(), hosts);
    QVERIFY(plain.ok());
    QCOMPARE(plain->parent, (std::vector<int>{-1, 0, 0, 2}));
    QCOMPARE(buildRankTree(spec.value(), hosts, {"x", "x", "x", "x"})->parent, plain->parent);
    QVERIFY(!buildRankTree(spec.value(), hosts, {"x"}).ok());
    // Spanning on every size, clusters of two hosts of four ranks each; one edge into each host
    // but the first.
    for (int n = 1; n <= 64; ++n) {
        const auto h = hostsOf(n, 2);
        std::vector<std::string> c;
        for (int r = 0; r < n; ++r) {
            c.push_back("c" + std::to_string(r / 8));
        }
        const auto t = buildRankTree(spec.value(), h, c);
        QVERIFY(t.ok());
        QCOMPARE(checkSpanning(t.value(), true), t->depth);
        QCOMPARE(int(edges(t.value(), true).size()), hostCount(h) - 1);
    }
}

void TestRankTree::rejectsBadSpecs_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("k-ary:0") << "k-ary:0"
                             << "tree 'k-ary:0': K must be 1 to 65536";
    QTest::newRow("k-ary") << "k-ary"
                           << "k-ary needs its K";
    QTest::newRow("k-ary:x") << "k-ary:x"
                             << "K is no whole number";
    QTest::newRow("hierarchy:0") << "hierarchy:0"
                                 << "K must be 1";
    QTest::newRow("unknown") << "star"
                             << "tree 'star': unknown shape 'star'";
    QTest::newRow("flat:3") << "flat:3"
                            << "flat takes no K";
    QTest::newRow("empty") << ""
                           << "unknown shape ''";
    QTest::newRow("no file") << "/nonexistent/x.tree.json"
                             << "/nonexistent/x.tree.json";
}

void TestRankTree::rejectsBadSpecs()
{
    QFETCH(QString, spec);
    QFETCH(QString, message);
    const auto parsed = parseRankTreeSpec(spec.toStdString());
    QVERIFY(!parsed.ok());
    QVERIFY2(q(parsed.error().describe()).contains(message),
             qPrintable(q(parsed.error().describe())));
}

void TestRankTree::rejectsBadTreeFiles_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("cycle") << R"({"ranks": 5, "parents": [-1, 0, 3, 4, 2]})"
                           << "a cycle: 2 -> 3 -> 4 -> 2 (not reached from the root 0)";
    QTest::newRow("two roots") << R"({"ranks": 4, "parents": [-1, 0, -1, 2]})"
                               << "two roots: ranks 0 and 2 have no parent";
    QTest::newRow("no root") << R"({"ranks": 2, "parents": [1, 0]})"
                             << "no root";
    QTest::newRow("missing ranks") << R"({"ranks": 4, "parents": [-1, 0, 0]})"
                                   << "missing ranks: 3 parents for 4 ranks";
    QTest::newRow("out of range") << R"({"ranks": 3, "parents": [-1, 0, 7]})"
                                  << "rank 2 has parent 7, not a rank of 0..2";
    QTest::newRow("self") << R"({"ranks": 3, "parents": [-1, 1, 0]})"
                          << "rank 1 is its own parent";
    QTest::newRow("not json") << "{\"ranks\": 3,"
                              << "t.tree.json: line";
    QTest::newRow("no ranks") << R"({"parents": [-1]})"
                              << "\"ranks\" must be";
    QTest::newRow("string parent") << R"({"ranks": 2, "parents": [-1, "0"]})"
                                   << "the parent of rank 1 is no whole number";
}

void TestRankTree::rejectsBadTreeFiles()
{
    QFETCH(QString, json);
    QFETCH(QString, message);
    const auto parsed = parseRankTreeJson(json.toStdString(), "t.tree.json");
    QVERIFY(!parsed.ok());
    QVERIFY2(q(parsed.error().describe()).contains(message),
             qPrintable(q(parsed.error().describe())));
    QVERIFY(q(parsed.error().describe()).startsWith("t.tree.json"));
}

void TestRankTree::readsTreeFile()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("chain.tree.json").toStdString();
    std::ofstream(path) << R"({"ranks": 4, "parents": [1, -1, 1, 2]})";
    const auto spec = parseRankTreeSpec(path);
    QVERIFY2(spec.ok(), qPrintable(why(spec)));
    QCOMPARE(spec->shape, RankTreeShape::File);
    const auto t = buildRankTree(spec.value(), hostsOf(4, 0));
    QVERIFY(t.ok());
    QCOMPARE(t->root, 1);
    QCOMPARE(t->depth, 2);
    QCOMPARE(t->children[1], (std::vector<int>{0, 2}));
    const auto wrongSize = buildRankTree(spec.value(), hostsOf(3, 0));
    QVERIFY(!wrongSize.ok());
    QVERIFY(q(wrongSize.error().describe()).contains("the tree covers 4 ranks, the job has 3"));
    QVERIFY(!buildRankTree(parseRankTreeSpec("native").value(), hostsOf(3, 0)).ok());
}

QTEST_GUILESS_MAIN(TestRankTree)
#include "tst_ranktree.moc"
