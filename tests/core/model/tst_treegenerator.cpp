// The tree generators over many host lists: every shape yields a valid tree with the threads
// asked for, a proxy exactly where a path crosses hosts, the requested root kind and a JSON
// round trip. The documented layouts are in tst_treelayouts.cpp, the specs in tst_treespec.cpp.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"
#include "tests/core/model/modeltesthelpers.h"

#include <QtTest>

#include <set>
#include <string>
#include <vector>

using namespace xylem;
using xylem::modeltest::hostsText;
using xylem::modeltest::makeHosts;
using xylem::modeltest::q;

class TestTreeGenerator : public QObject
{
    Q_OBJECT

private slots:
    void generatesValidTrees_data();
    void generatesValidTrees();
    // Last, so that a crash in the k-ary generator does not hide the other results.
    void generatesValidKAryTrees_data();
    void generatesValidKAryTrees();

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
                const QString name =
                    QStringLiteral("%1 %2 %3x%4 in %5 clusters")
                        .arg(QLatin1String(s.name))
                        .arg(root == RootKind::Core ? QLatin1String("core") : QLatin1String("gred"))
                        .arg(z.hosts)
                        .arg(z.threads)
                        .arg(z.clusters);
                QTest::newRow(qPrintable(name))
                    << static_cast<int>(s.shape) << s.arity << static_cast<int>(root) << z.hosts
                    << z.clusters << z.threads;
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

QTEST_APPLESS_MAIN(TestTreeGenerator)

#include "tst_treegenerator.moc"
