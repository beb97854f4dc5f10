#include "core/analysis/slidingwindowmedian.h"
#include "core/analysis/stats.h"
#include "core/analysis/valueseries.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace xylem;

class TestStats : public QObject
{
    Q_OBJECT

private slots:
    void emptyHasOnlyACount()
    {
        std::vector<std::int64_t> none;
        const Stats s = computeStats(none);
        QCOMPARE(s.count, 0);
        QVERIFY(std::isnan(s.mean) && std::isnan(s.median) && std::isnan(s.stddev));
    }

    void oddCount()
    {
        std::vector<std::int64_t> v{900, 100, 500};
        const Stats s = computeStats(v);
        QCOMPARE(s.count, 3);
        QCOMPARE(s.mean, 500.0);
        QCOMPARE(s.min, 100.0);
        QCOMPARE(s.max, 900.0);
        QCOMPARE(s.median, 500.0);
        QVERIFY(std::fabs(s.stddev - std::sqrt(320000.0 / 3.0)) < 1e-9); // population: divide by n
    }

    void evenCountTakesTheMeanOfTheMiddleTwo()
    {
        std::vector<std::int64_t> v{4, 1, 3, 2};
        QCOMPARE(computeStats(v).median, 2.5);
        std::vector<std::int64_t> w{7, 7, 1, 100};
        QCOMPARE(computeStats(w).median, 7.0);
    }

    void negativeAndHugeValuesStayExact()
    {
        const std::int64_t big = 4'000'000'000'000'000'000;
        std::vector<std::int64_t> v{big, big, big, -5};
        const Stats s = computeStats(v);
        QCOMPARE(s.min, -5.0);
        QCOMPARE(s.max, static_cast<double>(big));
        // The 128-bit sum does not overflow: 3 * 4e18 would wrap a 64-bit one.
        QVERIFY(std::fabs(s.mean - (3.0 * static_cast<double>(big) - 5.0) / 4.0) < 1e3);
    }

    void windowMedianSeesOnlyTheLastW()
    {
        SlidingWindowMedian m(3);
        QVERIFY(std::isnan(m.median()));
        for (std::int64_t v : {1000, 1000, 1000, 1, 2, 3}) {
            m.push(v);
        }
        QCOMPARE(m.size(), size_t(3));
        QCOMPARE(m.median(), 2.0);
        m.push(10);
        QCOMPARE(m.median(), 3.0); // window {2, 3, 10}
    }

    void windowOfEvenSize()
    {
        SlidingWindowMedian m(4);
        for (std::int64_t v : {9, 1, 2, 3, 4}) {
            m.push(v);
        }
        QCOMPARE(m.median(), 2.5);
    }

    void seriesStatsDoNotDisturbLaterPushes()
    {
        ValueSeries s(2);
        for (std::int64_t v : {5, 1, 4}) {
            s.push(v);
        }
        Stats first = s.stats();
        QCOMPARE(first.median, 4.0);
        QCOMPARE(first.windowMedian, 2.5); // {1, 4}
        s.push(2);
        Stats second = s.stats();
        QCOMPARE(second.count, 4);
        QCOMPARE(second.median, 3.0);
        QCOMPARE(second.windowMedian, 3.0); // {4, 2}
    }
};

QTEST_APPLESS_MAIN(TestStats)
#include "tst_stats.moc"
