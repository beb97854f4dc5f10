#include "core/analysis/analyzer.h"
#include "core/analysis/serialization.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

using namespace xylem;

class TestSerialization : public QObject
{
    Q_OBJECT

private slots:
    void gredOfThreadsEqualsItsOwnCurve()
    {
        auto config = readConfigurationFile(testing::testDataPath("two-hosts.tree.json"));
        auto tuples = readTraceCsvFile(testing::testDataPath("two-hosts.trace.csv"), config.value());
        const int gA = config->indexOf("gA");
        auto curve = subtreeSerialization(config.value(), tuples.value(), gA);
        QVERIFY(curve.ok());
        QCOMPARE(curve.value(), (std::vector<double>{200.0, 500.0})); // as in the expected report
    }

    void wholeTreeOfTheFlatExample()
    {
        auto config = readConfigurationFile(testing::testDataPath("flat-mpi.tree.json"));
        auto tuples = readTraceCsvFile(testing::testDataPath("flat-mpi.trace.csv"), config.value());
        auto curve = subtreeSerialization(config.value(), tuples.value(), config->root());
        QVERIFY(curve.ok());
        QCOMPARE(curve.value(), (std::vector<double>{0.0, 50.0, 100.0, 200.0}));
    }

    void subtreeSpanningHostsCoversAllItsThreads()
    {
        auto config = readConfigurationFile(testing::testDataPath("two-hosts.tree.json"));
        auto tuples = readTraceCsvFile(testing::testDataPath("two-hosts.trace.csv"), config.value());
        auto curve = subtreeSerialization(config.value(), tuples.value(), config->indexOf("gB"));
        QVERIFY(curve.ok());
        QCOMPARE(curve->size(), size_t(3));
        // Call 0: t3 = 7000 (gB's edge); threads up at 13000, 12700, 7200 -> 200, 5700, 6000.
        // Call 1: t3 = 27600; ups 33300, 32900, 28000 -> 400, 5300, 5700.
        // Call 2: t3 = 47600; ups 53200, 53400, 47800 -> 200, 5600, 5800.
        QCOMPARE(curve.value(), (std::vector<double>{800.0 / 3, 16600.0 / 3, 17500.0 / 3}));
    }

    void aThreadIsNoSubtree()
    {
        auto config = readConfigurationFile(testing::testDataPath("two-hosts.tree.json"));
        QVERIFY(!subtreeSerialization(config.value(), {}, config->indexOf("T1")).ok());
        QVERIFY(!subtreeSerialization(config.value(), {}, 99).ok());
    }

    void lineFit()
    {
        const LineFit exact = fitLine({10.0, 13.0, 16.0, 19.0});
        QCOMPARE(exact.intercept, 10.0);
        QCOMPARE(exact.slope, 3.0);
        const LineFit one = fitLine({7.0});
        QCOMPARE(one.intercept, 7.0);
        QCOMPARE(one.slope, 0.0);
        const LineFit noisy = fitLine({0.0, 2.0, 1.0, 3.0});
        QCOMPARE(noisy.slope, 0.8);
        QCOMPARE(noisy.intercept, 0.3);
    }
};

QTEST_APPLESS_MAIN(TestSerialization)
#include "tst_serialization.moc"
