// Which proxies an emulated wide-area link goes on (core/tune/clusterlinks.h): in generated
// flat and hierarchy trees over two clusters, exactly the hops that join the clusters, and the
// xylem-gsum --wan text made of them; a link that is not a time (or a rate) is refused by name.

#include "core/model/treegenerator.h"
#include "core/tune/clusterlinks.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::tune;

namespace {

Configuration generated(TreeShape shape, const std::string& hosts, int threads)
{
    auto list = parseHostList(hosts);
    if (!list) {
        qFatal("bad host list %s", hosts.c_str());
    }
    auto config = generateTree(TreeSpec{"t", list.value(), threads, shape, 2, RootKind::Core, {}});
    if (!config) {
        qFatal("cannot generate: %s", config.error().describe().c_str());
    }
    return config.value();
}

QStringList ids(const Configuration& config, const std::vector<int>& wrappers)
{
    QStringList out;
    for (const int w : wrappers) {
        out << QString::fromStdString(config.wrapper(w).id);
    }
    return out;
}

} // namespace

class TestClusterLinks : public QObject
{
    Q_OBJECT

private slots:
    // Flat: one gred on A; the threads of C and D (cluster c1) reach it across the link, those
    // of B (c0, another host of A's cluster) through a proxy that stays inside c0.
    void flatTreeCrossesAtEveryThreadOfTheOtherCluster()
    {
        const Configuration c = generated(TreeShape::Flat, "A:c0,B:c0,C:c1,D:c1", 2);
        QCOMPARE(ids(c, clusterCrossingProxies(c)),
                 (QStringList{"p.C.t0", "p.C.t1", "p.D.t0", "p.D.t1"}));
        QVERIFY(c.indexOf("p.B.t0") >= 0); // a proxy that does not cross
        auto spec = clusterLinkSpec(c, "2ms/100Mbit");
        QVERIFY(spec);
        QCOMPARE(QString::fromStdString(spec.value()),
                 QString("p.C.t0=2ms/100Mbit,p.C.t1=2ms/100Mbit,p.D.t0=2ms/100Mbit,"
                         "p.D.t1=2ms/100Mbit"));
    }

    // Hierarchy-aware: the clusters meet once, at the root, through c1's one proxy.
    void hierarchyCrossesOnceAtTheRoot()
    {
        const Configuration c = generated(TreeShape::HierarchyAware, "A:c0,B:c0,C:c1,D:c1", 2);
        QCOMPARE(ids(c, clusterCrossingProxies(c)), QStringList{"p.cluster.c1"});
        QVERIFY(c.indexOf("p.host.B") >= 0 && c.indexOf("p.host.D") >= 0); // inside a cluster
        auto spec = clusterLinkSpec(c, "500us");
        QVERIFY(spec);
        QCOMPARE(QString::fromStdString(spec.value()), QString("p.cluster.c1=500us"));
    }

    void oneClusterOrNoLinkGivesNoWan()
    {
        const Configuration c = generated(TreeShape::Flat, "A,B,C", 1);
        QVERIFY(clusterCrossingProxies(c).empty());
        QCOMPARE(QString::fromStdString(clusterLinkSpec(c, "2ms").value()), QString());
        const Configuration two = generated(TreeShape::Flat, "A:c0,B:c1", 1);
        QCOMPARE(QString::fromStdString(clusterLinkSpec(two, "").value()), QString());
    }

    void badLinksAreNamed_data()
    {
        QTest::addColumn<QString>("link");
        QTest::addColumn<QString>("named");
        QTest::newRow("no unit") << "2" << "'2'";
        QTest::newRow("word") << "fast" << "'fast'";
        QTest::newRow("negative") << "-1ms" << "'-1ms'";
        QTest::newRow("zero rate") << "2ms/0Mbit" << "'0Mbit'";
        QTest::newRow("bad rate") << "2ms/fast" << "'fast'";
        QTest::newRow("empty rate") << "2ms/" << "''";
    }

    void badLinksAreNamed()
    {
        QFETCH(QString, link);
        QFETCH(QString, named);
        const Configuration c = generated(TreeShape::Flat, "A:c0,B:c1", 1);
        auto spec = clusterLinkSpec(c, link.toStdString());
        QVERIFY(!spec);
        QVERIFY2(QString::fromStdString(spec.error().describe()).contains(named),
                 spec.error().describe().c_str());
        QVERIFY(checkLink("2ms/100Mbit") && checkLink("0.5ms") && checkLink("1s/1Gbit"));
    }
};

QTEST_APPLESS_MAIN(TestClusterLinks)
#include "tst_clusterlinks.moc"
