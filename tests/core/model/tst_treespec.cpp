// What the tree generators are given: host lists parsed from text (a count, or ids with
// optional clusters) and the bad ones rejected, shape names both ways, and the specs
// generateTree refuses, each with the message that names the problem.

#include "core/model/configuration.h"
#include "core/model/treegenerator.h"
#include "tests/core/model/modeltesthelpers.h"

#include <QtTest>

#include <map>
#include <vector>

using namespace xylem;
using xylem::modeltest::hostsText;
using xylem::modeltest::makeHosts;
using xylem::modeltest::q;

class TestTreeSpec : public QObject
{
    Q_OBJECT

private slots:
    void rejectsBadSpecs_data();
    void rejectsBadSpecs();
    void shapeNames();
    void parsesHostLists_data();
    void parsesHostLists();
    void rejectsBadHostLists_data();
    void rejectsBadHostLists();
    void threadsPerHostFromAHostFilesSlots();
};

void TestTreeSpec::rejectsBadSpecs_data()
{
    QTest::addColumn<int>("hostCount");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("arity");
    QTest::addColumn<QString>("keyword");

    QTest::newRow("empty host list")
        << 0 << 1 << static_cast<int>(TreeShape::Flat) << 2 << QStringLiteral("host list is empty");
    QTest::newRow("threads per host 0") << 2 << 0 << static_cast<int>(TreeShape::HierarchyAware)
                                        << 2 << QStringLiteral("threads per host");
    QTest::newRow("threads per host negative") << 2 << -3 << static_cast<int>(TreeShape::Binomial)
                                               << 2 << QStringLiteral("threads per host");
    QTest::newRow("k-ary arity 1")
        << 2 << 2 << static_cast<int>(TreeShape::KAry) << 1 << QStringLiteral("k >= 2");
    QTest::newRow("k-ary arity 0")
        << 2 << 2 << static_cast<int>(TreeShape::KAry) << 0 << QStringLiteral("k >= 2");
    QTest::newRow("too many threads") << 4 << (1 << 20) << static_cast<int>(TreeShape::Flat) << 2
                                      << QStringLiteral("threads in all");
}

void TestTreeSpec::rejectsBadSpecs()
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

void TestTreeSpec::shapeNames()
{
    QCOMPARE(q(toString(TreeShape::Flat)), QStringLiteral("flat"));
    QCOMPARE(q(toString(TreeShape::KAry)), QStringLiteral("kary"));
    QCOMPARE(q(toString(TreeShape::Binomial)), QStringLiteral("binomial"));
    QCOMPARE(q(toString(TreeShape::HierarchyAware)), QStringLiteral("hierarchy"));
    for (TreeShape s :
         {TreeShape::Flat, TreeShape::KAry, TreeShape::Binomial, TreeShape::HierarchyAware}) {
        const auto back = treeShapeFromString(toString(s));
        QVERIFY(back.has_value());
        QVERIFY(*back == s);
    }
    QVERIFY(!treeShapeFromString("star").has_value());
    QVERIFY(!treeShapeFromString("Flat").has_value());
    QVERIFY(!treeShapeFromString("").has_value());
}

void TestTreeSpec::parsesHostLists_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // host:cluster,...

    QTest::newRow("count 3") << QStringLiteral("3") << QStringLiteral("h0:c0,h1:c0,h2:c0");
    QTest::newRow("count 1") << QStringLiteral("1") << QStringLiteral("h0:c0");
    QTest::newRow("with clusters") << QStringLiteral("A:c0,B:c1") << QStringLiteral("A:c0,B:c1");
    QTest::newRow("without clusters") << QStringLiteral("A,B") << QStringLiteral("A:c0,B:c0");
    QTest::newRow("mixed") << QStringLiteral("A:x,B,C:y") << QStringLiteral("A:x,B:c0,C:y");
    QTest::newRow("dotted names") << QStringLiteral("n1.site.org:s1")
                                  << QStringLiteral("n1.site.org:s1");
    QTest::newRow("single host") << QStringLiteral("solo") << QStringLiteral("solo:c0");
}

void TestTreeSpec::parsesHostLists()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto hosts = parseHostList(text.toStdString());
    QVERIFY2(hosts.ok(), hosts ? "" : hosts.error().describe().c_str());
    QCOMPARE(hostsText(hosts.value()), expected);
}

void TestTreeSpec::rejectsBadHostLists_data()
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

void TestTreeSpec::rejectsBadHostLists()
{
    QFETCH(QString, text);
    QFETCH(QString, keyword);
    const auto hosts = parseHostList(text.toStdString());
    QVERIFY2(!hosts.ok(), qPrintable(hostsText(hosts ? hosts.value() : std::vector<Host>{})));
    QCOMPARE(hosts.error().code, ErrorCode::InvalidArgument);
    QVERIFY2(q(hosts.error().describe()).contains(keyword), hosts.error().describe().c_str());
}

// A host file gives each host its own slots: every shape makes that many threads per host (the
// hierarchy one gred per host over exactly its threads), and a count missing or below 1 is
// refused.
void TestTreeSpec::threadsPerHostFromAHostFilesSlots()
{
    for (const TreeShape shape :
         {TreeShape::Flat, TreeShape::KAry, TreeShape::Binomial, TreeShape::HierarchyAware}) {
        TreeSpec spec;
        spec.hosts = {{"a", "c0"}, {"b", "c0"}, {"c", "c1"}};
        spec.threadsOfHost = {2, 1, 3};
        spec.shape = shape;
        const auto config = generateTree(spec);
        QVERIFY2(config, config ? "" : config.error().message.c_str());
        std::map<std::string, int> threads;
        for (const int t : config->threads()) {
            ++threads[config->wrapper(t).host];
        }
        QCOMPARE(threads, (std::map<std::string, int>{{"a", 2}, {"b", 1}, {"c", 3}}));
        QCOMPARE(config->name(), std::string(toString(shape)) + " tree, 3 hosts, 6 threads");
        if (shape == TreeShape::HierarchyAware) {
            const int host = config->indexOf("host.c");
            QVERIFY(host >= 0);
            QCOMPARE(config->children(host).size(), size_t(3));
        }
    }
    TreeSpec uneven;
    uneven.hosts = {{"a", "c0"}, {"b", "c0"}};
    uneven.threadsOfHost = {2};
    QVERIFY(!generateTree(uneven));
    QCOMPARE(generateTree(uneven).error().message,
             std::string("a thread count for every host, or none"));
    uneven.threadsOfHost = {2, 0};
    QCOMPARE(generateTree(uneven).error().message,
             std::string("threads per host must be at least 1"));
}

QTEST_APPLESS_MAIN(TestTreeSpec)

#include "tst_treespec.moc"
