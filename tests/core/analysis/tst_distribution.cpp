// Histograms of per-call values over common bins: both runs' bars on the same intervals, each
// a fraction of its own calls; the upper quantile cuts off a long tail, counted as "above".

#include "core/analysis/distribution.h"

#include <QtTest>

#include <numeric>

using namespace xylem;

namespace {

double sum(const std::vector<double>& v)
{
    return std::accumulate(v.begin(), v.end(), 0.0);
}

} // namespace

class TestDistribution : public QObject
{
    Q_OBJECT

private slots:
    void binsAreCommonAndFractionsAreOfEachRun()
    {
        const std::vector<std::int64_t> a{100, 100, 200, 300};
        const std::vector<std::int64_t> b{300, 300, 400, 400, 400, 500, 500, 500};
        const auto h = commonHistograms({a, b}, 4);
        QCOMPARE(h.size(), size_t{2});
        QCOMPARE(h[0].lowNs, 100.0);
        QCOMPARE(h[0].binNs, h[1].binNs);
        QCOMPARE(h[0].binNs, 401.0 / 4);
        // Bins [100, 200.25), [200.25, 300.5), [300.5, 400.75), [400.75, 501).
        QCOMPARE(h[0].fraction, (std::vector<double>{0.75, 0.25, 0.0, 0.0}));
        QCOMPARE(h[1].fraction, (std::vector<double>{0.0, 0.25, 0.375, 0.375}));
        QCOMPARE(h[0].count, std::int64_t{4});
        QCOMPARE(h[1].above, std::int64_t{0});
        QVERIFY(qFuzzyCompare(sum(h[1].fraction), 1.0)); // the largest value is in a bin
    }

    void anUpperQuantileCutsTheTail()
    {
        std::vector<std::int64_t> values(99, 1000);
        values.push_back(1'000'000); // one call a thousand times slower
        const auto h = commonHistograms({values}, 10, 0.99);
        QCOMPARE(h[0].above, std::int64_t{1});
        QCOMPARE(h[0].fraction[0], 0.99);
        QVERIFY(h[0].binNs <= 1.0 + 1e-9); // the bins span the 1000s, not the outlier
    }

    void emptySeriesHaveNoBins()
    {
        const std::vector<std::int64_t> none;
        auto h = commonHistograms({none, none}, 8);
        QCOMPARE(h.size(), size_t{2});
        QVERIFY(h[0].fraction.empty());
        const std::vector<std::int64_t> some{5, 6};
        h = commonHistograms({none, some}, 8);
        QCOMPARE(h[0].count, std::int64_t{0});
        QCOMPARE(sum(h[0].fraction), 0.0);
        QCOMPARE(sum(h[1].fraction), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestDistribution)
#include "tst_distribution.moc"
