// The tree generators: every shape over many host lists yields a valid tree with the threads
// asked for, a proxy exactly where a path crosses hosts, the requested root kind and a JSON
// round trip; the binomial, k-ary and hierarchy-aware layouts have their documented structure.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"

#include <QtTest>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace xylem {

char* toString(ErrorCode code)
{
    static const char* const names[] = {"InvalidArgument", "MalformedInput", "InvalidConfiguration",
                                        "InvalidTrace", "IoError"};
    return qstrdup(names[static_cast<int>(code)]);
}

} // namespace xylem

using namespace xylem;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

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

std::vector<Host> makeHosts(int count, int clusters)
{
    std::vector<Host> hosts;
    for (int i = 0; i < count; ++i) {
        hosts.push_back(Host{"h" + std::to_string(i), "c" + std::to_string(i % clusters)});
    }
    return hosts;
}

QString hostsText(const std::vector<Host>& hosts)
{
    QStringList parts;
    for (const Host& h : hosts) {
        parts << q(h.id) + QLatin1Char(':') + q(h.cluster);
    }
    return parts.join(QLatin1Char(','));
}

} // namespace

class TestTreeGenerator : public QObject
{
    Q_OBJECT

private slots:
    void generatesValidTrees_data();
    void generatesValidTrees();
    void flatJoinsEveryThreadAtOneGred();
    void binomialEightThreadsOneHost();
    void binomialAcrossHostsInsertsProxies();
    void hierarchyAwareStructure();
    void hierarchyAwareOneClusterHasClusterRoot();
    void hostNamesDoNotCollideWithGeneratedIds_data();
    void hostNamesDoNotCollideWithGeneratedIds();
    void usesGivenOrDefaultName();
    void rejectsBadSpecs_data();
    void rejectsBadSpecs();
    void shapeNames();
    void parsesHostLists_data();
    void parsesHostLists();
    void rejectsBadHostLists_data();
    void rejectsBadHostLists();
    // Last, so that a crash in the k-ary generator does not hide the other results.
    void generatesValidKAryTrees_data();
    void generatesValidKAryTrees();
    void kAryGroupsInOrder();

private:
    static void addTreeRows(bool kAry);
    static void checkGeneratedTree();
};

void TestTreeGenerator::generatesValidTrees_data()
{
    addTreeRows(false);
}

void TestTreeGenerator::generatesValidTrees()
{
    checkGeneratedTree();
}

void TestTreeGenerator::generatesValidKAryTrees_data()
{
    addTreeRows(true);
}

void TestTreeGenerator::generatesValidKAryTrees()
{
    checkGeneratedTree();
}

// Rows: every shape (k-ary with k = 2, 3, 5, or the others) x root kind x host list.
void TestTreeGenerator::addTreeRows(bool kAry)
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("arity");
    QTest::addColumn<int>("rootKind");
    QTest::addColumn<int>("hostCount");
    QTest::addColumn<int>("clusters");
    QTest::addColumn<int>("threads");

    struct ShapeCase
    {
        const char* name;
        TreeShape shape;
        int arity;
    };
    const ShapeCase shapes[] = {
        {"flat", TreeShape::Flat, 2},         {"kary2", TreeShape::KAry, 2},
        {"kary3", TreeShape::KAry, 3},        {"kary5", TreeShape::KAry, 5},
        {"binomial", TreeShape::Binomial, 2}, {"hierarchy", TreeShape::HierarchyAware, 2},
    };
    struct SizeCase
    {
        int hosts;
        int clusters;
        int threads;
    };
    const SizeCase sizes[] = {{1, 1, 1}, {1, 1, 4}, {3, 1, 1}, {4, 1, 4}, {5, 2, 3}, {16, 1, 8}};
    for (const ShapeCase& s : shapes) {
        if ((s.shape == TreeShape::KAry) != kAry) {
            continue;
        }
        for (RootKind root : {RootKind::Core, RootKind::Gred}) {
            for (const SizeCase& z : sizes) {
                const QString name = QStringLiteral("%1 %2 %3x%4 in %5 clusters")
                                         .arg(QLatin1String(s.name))
                                         .arg(root == RootKind::Core ? QLatin1String("core") : QLatin1String("gred"))
                                         .arg(z.hosts)
                                         .arg(z.threads)
                                         .arg(z.clusters);
                QTest::newRow(qPrintable(name)) << static_cast<int>(s.shape) << s.arity << static_cast<int>(root)
                                                << z.hosts << z.clusters << z.threads;
            }
        }
    }
}

void TestTreeGenerator::checkGeneratedTree()
{
    QFETCH(int, shape);
    QFETCH(int, arity);
    QFETCH(int, rootKind);
    QFETCH(int, hostCount);
    QFETCH(int, clusters);
    QFETCH(int, threads);

    TreeSpec spec;
    spec.hosts = makeHosts(hostCount, clusters);
    spec.threadsPerHost = threads;
    spec.shape = static_cast<TreeShape>(shape);
    spec.arity = arity;
    spec.root = static_cast<RootKind>(rootKind);
    const auto generated = generateTree(spec);
    QVERIFY2(generated.ok(), generated ? "" : generated.error().describe().c_str());
    const Configuration& c = generated.value();

    // The hosts are kept as given.
    QCOMPARE(hostsText(c.hosts()), hostsText(spec.hosts));

    // Threads: hosts x threads, each expected id exactly once, on its own host.
    QCOMPARE(c.threads().size(), static_cast<size_t>(hostCount * threads));
    std::multiset<std::string> threadIds;
    for (int t : c.threads()) {
        threadIds.insert(c.wrapper(t).id);
        QCOMPARE(c.wrapper(t).kind == WrapperKind::Thread, true);
    }
    for (const Host& h : spec.hosts) {
        for (int t = 0; t < threads; ++t) {
            const std::string id = h.id + ".t" + std::to_string(t);
            QVERIFY2(threadIds.count(id) == 1, id.c_str());
            QCOMPARE(q(c.wrapper(c.indexOf(id)).host), q(h.id));
        }
    }

    // Root kind; a core root has exactly one child, a gred on the core's host.
    const Wrapper& root = c.wrapper(c.root());
    if (static_cast<RootKind>(rootKind) == RootKind::Core) {
        QVERIFY2(root.kind == WrapperKind::Core, root.id.c_str());
        QCOMPARE(q(root.id), QStringLiteral("core"));
        QCOMPARE(c.children(c.root()).size(), size_t(1));
        const Wrapper& top = c.wrapper(c.children(c.root()).front());
        QVERIFY2(top.kind == WrapperKind::Gred, top.id.c_str());
        QCOMPARE(q(top.host), q(root.host));
    } else {
        QVERIFY2(root.kind == WrapperKind::Gred, root.id.c_str());
    }
    QCOMPARE(q(root.host), q(spec.hosts.front().id));

    for (int i = 0; i < c.wrapperCount(); ++i) {
        const Wrapper& w = c.wrapper(i);
        const auto children = c.children(i);
        if (w.parent >= 0) {
            const Wrapper& parent = c.wrapper(w.parent);
            // Only a proxy has its parent on another host, and a proxy always does.
            if (w.kind == WrapperKind::Proxy) {
                QVERIFY2(parent.host != w.host, w.id.c_str());
            } else {
                QVERIFY2(parent.host == w.host, (w.id + " -> " + parent.id).c_str());
            }
        }
        switch (w.kind) {
        case WrapperKind::Proxy: {
            // Exactly one child, on the proxy's own host, named after it.
            QCOMPARE(children.size(), size_t(1));
            const Wrapper& child = c.wrapper(children.front());
            QCOMPARE(q(child.host), q(w.host));
            QCOMPARE(q(w.id), QStringLiteral("p.") + q(child.id));
            QVERIFY2(child.kind != WrapperKind::Proxy, w.id.c_str());
            break;
        }
        case WrapperKind::Gred:
            QVERIFY2(!children.empty(), w.id.c_str());
            // A single child needs no gred unless the gred is the top of the tree.
            if (i != c.root() && c.wrapper(w.parent).kind != WrapperKind::Core) {
                QVERIFY2(children.size() >= 2, w.id.c_str());
            }
            if (static_cast<TreeShape>(shape) == TreeShape::KAry) {
                QVERIFY2(children.size() <= static_cast<size_t>(arity), w.id.c_str());
            }
            if (static_cast<TreeShape>(shape) == TreeShape::Flat) {
                QCOMPARE(q(w.id), QStringLiteral("gred"));
                QCOMPARE(children.size(), static_cast<size_t>(hostCount * threads));
            }
            break;
        case WrapperKind::Thread:
            QVERIFY(children.empty());
            break;
        case WrapperKind::Core:
            QCOMPARE(i, c.root());
            break;
        }
    }

    // Every thread reaches the root.
    for (int t : c.threads()) {
        QCOMPARE(c.pathToRoot(t).back(), c.root());
    }

    // JSON round trip.
    const auto again = parseConfigurationJson(configurationToJson(c));
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(again.value() == c);
}

void TestTreeGenerator::flatJoinsEveryThreadAtOneGred()
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
void TestTreeGenerator::binomialEightThreadsOneHost()
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
        QCOMPARE(path.join(QLatin1Char(' ')),
                 rootKind == RootKind::Gred ? QStringLiteral("h0.t7 g6 g4 g0")
                                            : QStringLiteral("h0.t7 g6 g4 g0 core"));
    }
}

void TestTreeGenerator::binomialAcrossHostsInsertsProxies()
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

void TestTreeGenerator::kAryGroupsInOrder()
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

void TestTreeGenerator::hierarchyAwareStructure()
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
        QCOMPARE(proxies.join(QLatin1Char(' ')),
                 QStringLiteral("p.cluster.c1@C->root p.host.B@B->cluster.c0 p.host.D@D->cluster.c1"));
        QCOMPARE(c.wrapperCount(), 8 + 4 + 2 + 1 + 3 + (rootKind == RootKind::Core ? 1 : 0));
    }
}

void TestTreeGenerator::hierarchyAwareOneClusterHasClusterRoot()
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
void TestTreeGenerator::hostNamesDoNotCollideWithGeneratedIds_data()
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

void TestTreeGenerator::hostNamesDoNotCollideWithGeneratedIds()
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

void TestTreeGenerator::usesGivenOrDefaultName()
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

void TestTreeGenerator::rejectsBadSpecs_data()
{
    QTest::addColumn<int>("hostCount");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("arity");
    QTest::addColumn<QString>("keyword");

    QTest::newRow("empty host list") << 0 << 1 << static_cast<int>(TreeShape::Flat) << 2
                                     << QStringLiteral("host list is empty");
    QTest::newRow("threads per host 0") << 2 << 0 << static_cast<int>(TreeShape::HierarchyAware) << 2
                                        << QStringLiteral("threads per host");
    QTest::newRow("threads per host negative") << 2 << -3 << static_cast<int>(TreeShape::Binomial) << 2
                                               << QStringLiteral("threads per host");
    QTest::newRow("k-ary arity 1") << 2 << 2 << static_cast<int>(TreeShape::KAry) << 1
                                   << QStringLiteral("k >= 2");
    QTest::newRow("k-ary arity 0") << 2 << 2 << static_cast<int>(TreeShape::KAry) << 0
                                   << QStringLiteral("k >= 2");
    QTest::newRow("too many threads") << 4 << (1 << 20) << static_cast<int>(TreeShape::Flat) << 2
                                      << QStringLiteral("threads in all");
}

void TestTreeGenerator::rejectsBadSpecs()
{
    QFETCH(int, hostCount);
    QFETCH(int, threads);
    QFETCH(int, shape);
    QFETCH(int, arity);
    QFETCH(QString, keyword);
    TreeSpec spec;
    spec.hosts = makeHosts(hostCount, 1);
    spec.threadsPerHost = threads;
    spec.shape = static_cast<TreeShape>(shape);
    spec.arity = arity;
    const auto c = generateTree(spec);
    QVERIFY(!c.ok());
    QCOMPARE(c.error().code, ErrorCode::InvalidArgument);
    QVERIFY2(q(c.error().describe()).contains(keyword), c.error().describe().c_str());
}

void TestTreeGenerator::shapeNames()
{
    QCOMPARE(q(toString(TreeShape::Flat)), QStringLiteral("flat"));
    QCOMPARE(q(toString(TreeShape::KAry)), QStringLiteral("kary"));
    QCOMPARE(q(toString(TreeShape::Binomial)), QStringLiteral("binomial"));
    QCOMPARE(q(toString(TreeShape::HierarchyAware)), QStringLiteral("hierarchy"));
    for (TreeShape s : {TreeShape::Flat, TreeShape::KAry, TreeShape::Binomial, TreeShape::HierarchyAware}) {
        const auto back = treeShapeFromString(toString(s));
        QVERIFY(back.has_value());
        QVERIFY(*back == s);
    }
    QVERIFY(!treeShapeFromString("star").has_value());
    QVERIFY(!treeShapeFromString("Flat").has_value());
    QVERIFY(!treeShapeFromString("").has_value());
}

void TestTreeGenerator::parsesHostLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // host:cluster,...

    QTest::newRow("count 3") << QStringLiteral("3") << QStringLiteral("h0:c0,h1:c0,h2:c0");
    QTest::newRow("count 1") << QStringLiteral("1") << QStringLiteral("h0:c0");
    QTest::newRow("with clusters") << QStringLiteral("A:c0,B:c1") << QStringLiteral("A:c0,B:c1");
    QTest::newRow("without clusters") << QStringLiteral("A,B") << QStringLiteral("A:c0,B:c0");
    QTest::newRow("mixed") << QStringLiteral("A:x,B,C:y") << QStringLiteral("A:x,B:c0,C:y");
    QTest::newRow("dotted names") << QStringLiteral("n1.site.org:s1") << QStringLiteral("n1.site.org:s1");
    QTest::newRow("single host") << QStringLiteral("solo") << QStringLiteral("solo:c0");
}

void TestTreeGenerator::parsesHostLists()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto hosts = parseHostList(text.toStdString());
    QVERIFY2(hosts.ok(), hosts ? "" : hosts.error().describe().c_str());
    QCOMPARE(hostsText(hosts.value()), expected);
}

void TestTreeGenerator::rejectsBadHostLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("keyword");
    QTest::newRow("empty cluster") << QStringLiteral("A:,B") << QStringLiteral("'A:'");
    QTest::newRow("space in name") << QStringLiteral("a b") << QStringLiteral("'a b'");
    QTest::newRow("empty entry") << QStringLiteral("A,,B") << QStringLiteral("bad host list entry");
    QTest::newRow("empty host before colon") << QStringLiteral(":c0") << QStringLiteral("':c0'");
    QTest::newRow("quote") << QStringLiteral("A,B\"") << QStringLiteral("bad host list entry");
    QTest::newRow("empty text") << QString() << QStringLiteral("empty");
    QTest::newRow("count 0") << QStringLiteral("0") << QStringLiteral("at least 1");
    QTest::newRow("negative count") << QStringLiteral("-2") << QStringLiteral("at least 1");
}

void TestTreeGenerator::rejectsBadHostLists()
{
    QFETCH(QString, text);
    QFETCH(QString, keyword);
    const auto hosts = parseHostList(text.toStdString());
    QVERIFY2(!hosts.ok(), qPrintable(hostsText(hosts ? hosts.value() : std::vector<Host>{})));
    QCOMPARE(hosts.error().code, ErrorCode::InvalidArgument);
    QVERIFY2(q(hosts.error().describe()).contains(keyword), hosts.error().describe().c_str());
}

QTEST_APPLESS_MAIN(TestTreeGenerator)

#include "tst_treegenerator.moc"
