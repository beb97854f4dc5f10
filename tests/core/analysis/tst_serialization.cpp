#include "core/analysis/analyzer.h"
#include "core/analysis/serialization.h"
#include "tests/support/testdata.h"

#include <QtTest>

using namespace xylem;

class TestSerialization : public QObject
{
    Q_OBJECT

private slots:
    void gredOfThreadsEqualsItsOwnCurve()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& config = run.configuration;
        const int gA = config.indexOf("gA");
        auto curve = subtreeSerialization(config, run.tuples, gA);
        QVERIFY(curve.ok());
        QCOMPARE(curve.value(), (std::vector<double>{200.0, 500.0})); // as in the expected report
    }

    void wholeTreeOfTheFlatExample()
    {
        const Run run = testing::exampleRun("flat-mpi");
        const Configuration& config = run.configuration;
        auto curve = subtreeSerialization(config, run.tuples, config.root());
        QVERIFY(curve.ok());
        QCOMPARE(curve.value(), (std::vector<double>{0.0, 50.0, 100.0, 200.0}));
    }

    void subtreeSpanningHostsCoversAllItsThreads()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& config = run.configuration;
        auto curve = subtreeSerialization(config, run.tuples, config.indexOf("gB"));
        QVERIFY(curve.ok());
        QCOMPARE(curve->size(), size_t(3));
        // Call 0: t3 = 7000 (gB's edge); threads up at 13000, 12700, 7200 -> 200, 5700, 6000.
        // Call 1: t3 = 27600; ups 33300, 32900, 28000 -> 400, 5300, 5700.
        // Call 2: t3 = 47600; ups 53200, 53400, 47800 -> 200, 5600, 5800.
        QCOMPARE(curve.value(), (std::vector<double>{800.0 / 3, 16600.0 / 3, 17500.0 / 3}));
    }

    void aThreadIsNoSubtree()
    {
        const Configuration config = testing::exampleRun("two-hosts").configuration;
        QVERIFY(!subtreeSerialization(config, {}, config.indexOf("T1")).ok());
        QVERIFY(!subtreeSerialization(config, {}, 99).ok());
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
