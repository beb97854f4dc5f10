// The documented layouts of the tree generators: flat, binomial, k-ary and hierarchy-aware trees
// have exactly the wrappers, children and proxies their definitions give; generated ids do not
// collide with host names; a tree gets the given name or a default one.

#include "core/model/configuration.h"
#include "core/model/treegenerator.h"
#include "tests/core/model/modeltesthelpers.h"

#include <QtTest>

#include <string>

using namespace xylem;
using xylem::modeltest::q;

namespace {

// The ids of a wrapper's children in listing order, space-separated.
QString childIds(const Configuration& c, int index)
{
    QStringList ids;
    for (int child : c.children(index)) {
        ids << q(c.wrapper(child).id);
    }
    return ids.join(QLatin1Char(' '));
}

QString childIds(const Configuration& c, const std::string& id)
{
    const int index = c.indexOf(id);
    return index < 0 ? QStringLiteral("<no wrapper %1>").arg(q(id)) : childIds(c, index);
}

} // namespace

class TestTreeLayouts : public QObject
{
    Q_OBJECT

private slots:
    void flatJoinsEveryThreadAtOneGred();
    void binomialEightThreadsOneHost();
    void binomialAcrossHostsInsertsProxies();
    void hierarchyAwareStructure();
    void hierarchyAwareOneClusterHasClusterRoot();
    void hostNamesDoNotCollideWithGeneratedIds_data();
    void hostNamesDoNotCollideWithGeneratedIds();
    void usesGivenOrDefaultName();
    // Last, so that a crash in the k-ary generator does not hide the other results.
    void kAryGroupsInOrder();
};

void TestTreeLayouts::flatJoinsEveryThreadAtOneGred()
{
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}, {"B", "c0"}};
    spec.threadsPerHost = 2;
    spec.shape = TreeShape::Flat;
    spec.root = RootKind::Core;
    const auto c = generateTree(spec);
    QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());
    QCOMPARE(childIds(*c, "core"), QStringLiteral("gred"));
    QCOMPARE(childIds(*c, "gred"), QStringLiteral("A.t0 A.t1 p.B.t0 p.B.t1"));
    QCOMPARE(childIds(*c, "p.B.t0"), QStringLiteral("B.t0"));
    QCOMPARE(q(c->wrapper(c->indexOf("p.B.t1")).host), QStringLiteral("B"));
    QCOMPARE(c->wrapperCount(), 2 * 2 + 2 + 2); // threads, proxies, gred, core
}

// Position i has the children i + 2^j for every 2^j below i's lowest set bit (all for i = 0),
// and position i's gred joins thread i with those subtrees, smallest first; a position without
// children needs no gred. For 8 threads: 0 -> {1, 2, 4}, 2 -> {3}, 4 -> {5, 6}, 6 -> {7}.
void TestTreeLayouts::binomialEightThreadsOneHost()
{
    for (RootKind rootKind : {RootKind::Gred, RootKind::Core}) {
        TreeSpec spec;
        spec.hosts = {{"h0", "c0"}};
        spec.threadsPerHost = 8;
        spec.shape = TreeShape::Binomial;
        spec.root = rootKind;
        const auto c = generateTree(spec);
        QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());

        QCOMPARE(childIds(*c, "g0"), QStringLiteral("h0.t0 h0.t1 g2 g4"));
        QCOMPARE(childIds(*c, "g2"), QStringLiteral("h0.t2 h0.t3"));
        QCOMPARE(childIds(*c, "g4"), QStringLiteral("h0.t4 h0.t5 g6"));
        QCOMPARE(childIds(*c, "g6"), QStringLiteral("h0.t6 h0.t7"));
        for (const char* absent : {"g1", "g3", "g5", "g7"}) {
            QVERIFY2(c->indexOf(absent) < 0, absent);
        }
        const int greds = 4;
        const int extra = rootKind == RootKind::Core ? 1 : 0;
        QCOMPARE(c->wrapperCount(), 8 + greds + extra);
        if (rootKind == RootKind::Gred) {
            QCOMPARE(q(c->wrapper(c->root()).id), QStringLiteral("g0"));
        } else {
            QCOMPARE(childIds(*c, "core"), QStringLiteral("g0"));
        }
        // Thread 7 is deepest: t7 -> g6 -> g4 -> g0.
        QStringList path;
        for (int w : c->pathToRoot(c->indexOf("h0.t7"))) {
            path << q(c->wrapper(w).id);
        }
        QCOMPARE(path.join(QLatin1Char(' ')), rootKind == RootKind::Gred
                                                  ? QStringLiteral("h0.t7 g6 g4 g0")
                                                  : QStringLiteral("h0.t7 g6 g4 g0 core"));
    }
}

void TestTreeLayouts::binomialAcrossHostsInsertsProxies()
{
    // Threads A.t0 A.t1 B.t0 B.t1 are positions 0..3: g0 (on A) joins A.t0, A.t1 and g2 (on B).
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}, {"B", "c0"}};
    spec.threadsPerHost = 2;
    spec.shape = TreeShape::Binomial;
    spec.root = RootKind::Gred;
    const auto c = generateTree(spec);
    QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());
    QCOMPARE(childIds(*c, "g0"), QStringLiteral("A.t0 A.t1 p.g2"));
    QCOMPARE(childIds(*c, "p.g2"), QStringLiteral("g2"));
    QCOMPARE(childIds(*c, "g2"), QStringLiteral("B.t0 B.t1"));
    QCOMPARE(q(c->wrapper(c->indexOf("g2")).host), QStringLiteral("B"));
    QCOMPARE(q(c->wrapper(c->indexOf("p.g2")).host), QStringLiteral("B"));
}

void TestTreeLayouts::hierarchyAwareStructure()
{
    for (RootKind rootKind : {RootKind::Gred, RootKind::Core}) {
        TreeSpec spec;
        spec.hosts = {{"A", "c0"}, {"B", "c0"}, {"C", "c1"}, {"D", "c1"}};
        spec.threadsPerHost = 2;
        spec.shape = TreeShape::HierarchyAware;
        spec.root = rootKind;
        const auto generated = generateTree(spec);
        QVERIFY2(generated.ok(), generated ? "" : generated.error().describe().c_str());
        const Configuration& c = generated.value();

        if (rootKind == RootKind::Gred) {
            QCOMPARE(q(c.wrapper(c.root()).id), QStringLiteral("root"));
        } else {
            QCOMPARE(childIds(c, "core"), QStringLiteral("root"));
        }
        QCOMPARE(q(c.wrapper(c.indexOf("root")).host), QStringLiteral("A"));
        QCOMPARE(childIds(c, "root"), QStringLiteral("cluster.c0 p.cluster.c1"));

        // Host greds join the threads of their host.
        for (const char* host : {"A", "B", "C", "D"}) {
            const std::string gred = std::string("host.") + host;
            const int index = c.indexOf(gred);
            QVERIFY2(index >= 0, gred.c_str());
            QVERIFY(c.wrapper(index).kind == WrapperKind::Gred);
            QCOMPARE(q(c.wrapper(index).host), QString::fromLatin1(host));
            QCOMPARE(childIds(c, index), QStringLiteral("%1.t0 %1.t1").arg(QLatin1String(host)));
        }
        // Cluster greds sit on their first host and join the host greds, proxied when remote.
        QCOMPARE(q(c.wrapper(c.indexOf("cluster.c0")).host), QStringLiteral("A"));
        QCOMPARE(q(c.wrapper(c.indexOf("cluster.c1")).host), QStringLiteral("C"));
        QCOMPARE(childIds(c, "cluster.c0"), QStringLiteral("host.A p.host.B"));
        QCOMPARE(childIds(c, "cluster.c1"), QStringLiteral("host.C p.host.D"));

        // Proxies exactly where a path crosses hosts.
        QStringList proxies;
        for (const Wrapper& w : c.wrappers()) {
            if (w.kind == WrapperKind::Proxy) {
                proxies << q(w.id) + QLatin1Char('@') + q(w.host) + QStringLiteral("->") +
                               q(c.wrapper(w.parent).id);
            }
        }
        proxies.sort();
        QCOMPARE(
            proxies.join(QLatin1Char(' ')),
            QStringLiteral("p.cluster.c1@C->root p.host.B@B->cluster.c0 p.host.D@D->cluster.c1"));
        QCOMPARE(c.wrapperCount(), 8 + 4 + 2 + 1 + 3 + (rootKind == RootKind::Core ? 1 : 0));
    }
}

void TestTreeLayouts::hierarchyAwareOneClusterHasClusterRoot()
{
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}, {"B", "c0"}};
    spec.threadsPerHost = 3;
    spec.shape = TreeShape::HierarchyAware;
    spec.root = RootKind::Gred;
    const auto c = generateTree(spec);
    QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());
    QCOMPARE(q(c->wrapper(c->root()).id), QStringLiteral("cluster.c0"));
    QCOMPARE(childIds(*c, "cluster.c0"), QStringLiteral("host.A p.host.B"));
    QVERIFY(c->indexOf("root") < 0);

    // One thread per host: no host greds, the threads join the cluster gred directly.
    spec.threadsPerHost = 1;
    const auto c1 = generateTree(spec);
    QVERIFY(c1.ok());
    QCOMPARE(childIds(*c1, "cluster.c0"), QStringLiteral("A.t0 p.B.t0"));
    QVERIFY(c1->indexOf("host.A") < 0);
}

// Host ids are free-form (dots are common: FQDNs); the generated wrapper ids must not clash
// with the threads' "<host>.t<i>" ids.
void TestTreeLayouts::hostNamesDoNotCollideWithGeneratedIds_data()
{
    QTest::addColumn<QString>("hosts");
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("threads");
    QTest::newRow("flat, host 'p.X' next to host 'X'")
        << QStringLiteral("p.X,X") << static_cast<int>(TreeShape::Flat) << 1;
    QTest::newRow("hierarchy, hosts 'host' and 't0'")
        << QStringLiteral("host,t0") << static_cast<int>(TreeShape::HierarchyAware) << 2;
    QTest::newRow("fqdn hosts, hierarchy")
        << QStringLiteral("n1.example.org:siteA,n2.example.org:siteA,n3.example.org:siteB")
        << static_cast<int>(TreeShape::HierarchyAware) << 2;
}

void TestTreeLayouts::hostNamesDoNotCollideWithGeneratedIds()
{
    QFETCH(QString, hosts);
    QFETCH(int, shape);
    QFETCH(int, threads);
    const auto list = parseHostList(hosts.toStdString());
    QVERIFY2(list.ok(), list ? "" : list.error().describe().c_str());
    TreeSpec spec;
    spec.hosts = list.value();
    spec.threadsPerHost = threads;
    spec.shape = static_cast<TreeShape>(shape);
    const auto c = generateTree(spec);
    QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());
    QCOMPARE(c->threads().size(), spec.hosts.size() * static_cast<size_t>(threads));
}

void TestTreeLayouts::usesGivenOrDefaultName()
{
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}};
    spec.threadsPerHost = 2;
    spec.shape = TreeShape::Flat;
    spec.name = "my tree";
    const auto named = generateTree(spec);
    QVERIFY(named.ok());
    QCOMPARE(q(named->name()), QStringLiteral("my tree"));

    spec.name.clear();
    const auto unnamed = generateTree(spec);
    QVERIFY(unnamed.ok());
    QVERIFY2(!unnamed->name().empty(), "a generated tree has a name");
    QVERIFY2(q(unnamed->name()).contains(QStringLiteral("flat")), unnamed->name().c_str());
}

void TestTreeLayouts::kAryGroupsInOrder()
{
    TreeSpec spec;
    spec.hosts = {{"h0", "c0"}};
    spec.threadsPerHost = 5;
    spec.shape = TreeShape::KAry;
    spec.arity = 2;
    spec.root = RootKind::Gred;
    const auto c = generateTree(spec);
    QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());
    // Level 1: {t0,t1} {t2,t3} and t4 alone; level 2: {g1.0,g1.1} and t4; level 3: the root.
    QCOMPARE(q(c->wrapper(c->root()).id), QStringLiteral("g3.0"));
    QCOMPARE(childIds(*c, "g3.0"), QStringLiteral("g2.0 h0.t4"));
    QCOMPARE(childIds(*c, "g2.0"), QStringLiteral("g1.0 g1.1"));
    QCOMPARE(childIds(*c, "g1.0"), QStringLiteral("h0.t0 h0.t1"));
    QCOMPARE(childIds(*c, "g1.1"), QStringLiteral("h0.t2 h0.t3"));
    QVERIFY(c->indexOf("g1.2") < 0);

    // k = 3 over 9 threads: three full groups, then one root.
    spec.threadsPerHost = 9;
    spec.arity = 3;
    const auto c3 = generateTree(spec);
    QVERIFY(c3.ok());
    QCOMPARE(childIds(*c3, c3->root()), QStringLiteral("g1.0 g1.1 g1.2"));
    QCOMPARE(childIds(*c3, "g1.2"), QStringLiteral("h0.t6 h0.t7 h0.t8"));

    // A single thread still gets a root gred.
    spec.threadsPerHost = 1;
    const auto c1 = generateTree(spec);
    QVERIFY(c1.ok());
    QCOMPARE(q(c1->wrapper(c1->root()).id), QStringLiteral("g1.0"));
    QCOMPARE(childIds(*c1, "g1.0"), QStringLiteral("h0.t0"));
}

QTEST_APPLESS_MAIN(TestTreeLayouts)

#include "tst_treelayouts.moc"
