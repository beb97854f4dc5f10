// The live engine's statistics in bounded memory: exact up to the budget of values, then running
// statistics and a median histogram whose median lies within 0.4 % of the exact one, and a
// streaming report that stays that close to the batch report however many calls it takes.

#include "core/analysis/analyzer.h"
#include "core/analysis/medianhistogram.h"
#include "core/analysis/seriesstore.h"
#include "core/analysis/streaminganalyzer.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace xylem;

namespace {

// The histogram's promise: half a bucket of relative width 1/128, and exact below 256.
bool closeToExact(double estimate, double exact)
{
    return std::abs(estimate - exact) <= std::max(0.5, std::abs(exact) / 256.0 + 1e-9);
}

double histogramMedian(const std::vector<std::int64_t>& values)
{
    MedianHistogram h;
    for (const std::int64_t v : values) {
        h.add(v);
    }
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return h.median(static_cast<double>(*lo), static_cast<double>(*hi));
}

} // namespace

class TestBoundedSeries : public QObject
{
    Q_OBJECT

private slots:
    void histogramMedianIsWithinItsBound_data()
    {
        QTest::addColumn<std::int64_t>("lo");
        QTest::addColumn<std::int64_t>("hi");
        QTest::addColumn<int>("count");
        QTest::newRow("latencies") << std::int64_t(1'000) << std::int64_t(900'000) << 10001;
        QTest::newRow("small, exact") << std::int64_t(-255) << std::int64_t(255) << 5000;
        QTest::newRow("waits around zero") << std::int64_t(-50'000) << std::int64_t(50'000) << 8000;
        QTest::newRow("negative") << std::int64_t(-9'000'000'000) << std::int64_t(-300) << 7001;
        QTest::newRow("huge") << std::int64_t(1) << std::numeric_limits<std::int64_t>::max() << 999;
        QTest::newRow("one value") << std::int64_t(123'456'789) << std::int64_t(123'456'789) << 1;
    }
    void histogramMedianIsWithinItsBound()
    {
        QFETCH(std::int64_t, lo);
        QFETCH(std::int64_t, hi);
        QFETCH(int, count);
        std::mt19937_64 rng(7);
        std::uniform_int_distribution<std::int64_t> pick(lo, hi);
        std::vector<std::int64_t> values;
        for (int i = 0; i < count; ++i) {
            values.push_back(pick(rng));
        }
        const double exact = medianOf(values);
        const double estimate = histogramMedian(values);
        QVERIFY2(closeToExact(estimate, exact),
                 qPrintable(QString("%1 estimated, %2 exact").arg(estimate).arg(exact)));
        if (hi < 256 && lo > -256) {
            QCOMPARE(estimate, exact);
        }
    }

    void histogramTakesTheExtremesOfInt64()
    {
        const std::vector<std::int64_t> values{std::numeric_limits<std::int64_t>::min(),
                                               std::numeric_limits<std::int64_t>::max(), -1, 0};
        QCOMPARE(histogramMedian(values), -0.5);
        QVERIFY(std::isnan(MedianHistogram().median(0, 0)));
    }

    void seriesAreExactUpToTheBudgetThenBounded()
    {
        SeriesStore store(2, 100, 0, 2 * 1000); // exact for 1000 calls of 2 series
        std::mt19937_64 rng(3);
        std::vector<std::int64_t> first;
        std::vector<std::int64_t> second;
        const auto addCalls = [&](int n) {
            for (int i = 0; i < n; ++i) {
                std::int64_t* row = store.row();
                row[0] = 10'000 + static_cast<std::int64_t>(rng() % 90'000);
                row[1] = -static_cast<std::int64_t>(rng() % 1000);
                first.push_back(row[0]);
                second.push_back(row[1]);
                store.commit();
            }
        };
        addCalls(1000);
        QVERIFY(store.exact());
        QCOMPARE(store.stats(0).median, medianOf(first));
        addCalls(50'000);
        QVERIFY(!store.exact());
        for (const auto& [series, values] : {std::pair{0, &first}, std::pair{1, &second}}) {
            const Stats exact = computeStats(*values);
            const Stats bounded = store.stats(static_cast<size_t>(series));
            QCOMPARE(bounded.count, exact.count);
            QCOMPARE(bounded.min, exact.min);
            QCOMPARE(bounded.max, exact.max);
            QVERIFY(std::abs(bounded.mean - exact.mean) < 1e-6 * std::abs(exact.mean) + 1e-6);
            QVERIFY(std::abs(bounded.stddev - exact.stddev) < 1e-6 * exact.stddev);
            QVERIFY(closeToExact(bounded.median, exact.median));
            QCOMPARE(bounded.windowMedian, medianOf(std::span(*values).last(100)));
        }
    }

    // A long stream through the engine with a small budget: counts as the batch form's, medians
    // within the bound.
    void streamingReportStaysCloseToTheBatchReport()
    {
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 20000, .seed = 5});
        StreamingAnalyzer streaming(config, {.pendingWindow = 1024, .exactValues = 10'000});
        streaming.add(tuples);
        const AnalysisReport batch = analyze(config, tuples);
        const AnalysisReport live = streaming.report();
        QCOMPARE(live.calls, batch.calls);
        QCOMPARE(live.operationTime.count, batch.operationTime.count);
        QCOMPARE(live.operationTime.max, batch.operationTime.max);
        QVERIFY(closeToExact(live.operationTime.median, batch.operationTime.median));
        QCOMPARE(live.imbalancePath, batch.imbalancePath);
        for (size_t i = 0; i < batch.threads.size(); ++i) {
            QVERIFY(
                closeToExact(live.threads[i].callTime.median, batch.threads[i].callTime.median));
            QCOMPARE(live.threads[i].callTime.windowMedian, batch.threads[i].callTime.windowMedian);
            QCOMPARE(live.threads[i].criticalArrivals, batch.threads[i].criticalArrivals);
        }
    }
};

QTEST_APPLESS_MAIN(TestBoundedSeries)
#include "tst_boundedseries.moc"
