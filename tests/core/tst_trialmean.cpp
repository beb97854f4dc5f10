// The figures a trial adds to its run (core/tune/trial.h): the mean operation time's Student t
// 95 % interval, checked against values worked out by hand and against t tables on both sides
// of the switch from table to expansion; and the speedup of one trial against another, the
// ratio of their means with metrics.md §13's bootstrap interval around it.

#include "core/model/treegenerator.h"
#include "core/tune/trial.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace xylem;
using namespace xylem::tune;

namespace {

// Values alternating mean ± d: sample standard deviation d·sqrt(n/(n−1)).
std::vector<std::int64_t> alternating(int n, std::int64_t mean, std::int64_t d)
{
    std::vector<std::int64_t> v;
    for (int i = 0; i < n; ++i) {
        v.push_back(i % 2 == 0 ? mean - d : mean + d);
    }
    return v;
}

double halfWidth(const MeanInterval& m)
{
    return (m.upper - m.lower) / 2;
}

TrialResult trialOf(const std::string& label, std::vector<std::int64_t> times)
{
    auto config = generateTree(TreeSpec{"t", parseHostList("A,B").value(), 1, TreeShape::Flat,
                                        2, RootKind::Core, {}});
    TrialResult t(config.value());
    t.label = label;
    t.operationTimes = std::move(times);
    t.meanNs = meanInterval(t.operationTimes).mean;
    return t;
}

} // namespace

class TestTrialMean : public QObject
{
    Q_OBJECT

private slots:
    // 1..5: mean 3, s = sqrt(2.5), t(0.975, 4) = 2.776 -> half width 2.776 · 1.5811 / 2.2361.
    void fiveValuesByHand()
    {
        const std::vector<std::int64_t> v{1, 2, 3, 4, 5};
        const MeanInterval m = meanInterval(v);
        QCOMPARE(m.mean, 3.0);
        QVERIFY(std::abs(halfWidth(m) - 2.776 * std::sqrt(2.5) / std::sqrt(5.0)) < 1e-9);
        QVERIFY(std::abs(m.lower - (3.0 - 1.9629)) < 1e-3);
    }

    // The t quantile on both sides of df 30 and far out: 2.042 (30), 2.0395 (31), 1.9840 (100),
    // 1.9600 (huge), recovered from the half width of values with a known s.
    void tQuantileAcrossTheTable_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("t");
        QTest::newRow("df 30") << 31 << 2.042;
        QTest::newRow("df 31") << 32 << 2.0395;
        QTest::newRow("df 100") << 101 << 1.9840;
        QTest::newRow("df 99999") << 100000 << 1.9600;
    }

    void tQuantileAcrossTheTable()
    {
        QFETCH(int, n);
        QFETCH(double, t);
        const std::vector<std::int64_t> v = alternating(n, 1'000'000, 1000);
        const MeanInterval m = meanInterval(v);
        long double squares = 0;
        for (const auto x : v) {
            squares += (x - m.mean) * (x - m.mean);
        }
        const double s = std::sqrt(static_cast<double>(squares / (n - 1)));
        const double recovered = halfWidth(m) / (s / std::sqrt(static_cast<double>(n)));
        QVERIFY2(std::abs(recovered - t) < 5e-4, qPrintable(QString::number(recovered, 'f', 5)));
    }

    void tooFewValuesHaveNoInterval()
    {
        QVERIFY(std::isnan(meanInterval({}).mean));
        const std::vector<std::int64_t> one{7};
        const MeanInterval m = meanInterval(one);
        QCOMPARE(m.mean, 7.0);
        QVERIFY(std::isnan(m.lower) && std::isnan(m.upper));
    }

    // B twice as fast as A: speedup 2, its interval around 2 and not containing 1; A against
    // itself contains 1. A trial without calls has no speedup.
    void speedupIsTheRatioOfMeansWithItsInterval()
    {
        const TrialResult a = trialOf("a", alternating(400, 2000, 100));
        const TrialResult b = trialOf("b", alternating(400, 1000, 50));
        auto s = speedupOf(a, b);
        QVERIFY(s);
        QCOMPARE(s->value, 2.0);
        QVERIFY(s->interval.lower < 2.0 && 2.0 < s->interval.upper);
        QVERIFY(!s->interval.noSignificantDifference());
        auto same = speedupOf(a, a);
        QVERIFY(same && same->value == 1.0 && same->interval.noSignificantDifference());
        auto none = speedupOf(a, trialOf("empty", {}));
        QVERIFY(!none);
        QVERIFY(QString::fromStdString(none.error().describe()).contains("'empty'"));
    }
};

QTEST_APPLESS_MAIN(TestTrialMean)
#include "tst_trialmean.moc"
