#include "core/analysis/seriesstore.h"
#include "core/analysis/slidingwindowmedian.h"
#include "core/analysis/stats.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
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

    // Found live: an arrival wait that is either 0 or about 40 us, half and half, hung the
    // histogram median (the middle ranks in different buckets kept every value a candidate).
    void twoValuedLargeSetsEndWithTheExactMedian()
    {
        std::vector<std::int64_t> v(4000, 0);
        std::fill(v.begin() + 2000, v.end(), 40'000);
        QCOMPARE(computeStats(v).median, 20'000.0);
        v.push_back(40'000); // odd: the middle one
        QCOMPARE(computeStats(v).median, 40'000.0);
        std::vector<std::int64_t> spread(3000);
        for (size_t i = 0; i < spread.size(); ++i) {
            spread[i] = i < 1500 ? std::int64_t(i % 7) : 1'000'000'000 + std::int64_t(i % 5);
        }
        QCOMPARE(computeStats(spread).median, (6.0 + 1'000'000'000.0) / 2.0);
    }

    void agreesWithSortingOnRandomSets()
    {
        std::mt19937_64 random(7);
        for (int round = 0; round < 200; ++round) {
            const size_t n = 1 + random() % 5000;
            const int clusters = 1 + int(random() % 3);
            std::vector<std::int64_t> v(n);
            for (auto& x : v) {
                const auto centre = std::int64_t(random() % clusters) * 1'000'000'007;
                x = centre + std::int64_t(random() % (1 + random() % 100000));
            }
            std::vector<std::int64_t> sorted = v;
            std::sort(sorted.begin(), sorted.end());
            const double expected =
                (double(sorted[(n - 1) / 2]) + double(sorted[n / 2])) / 2.0;
            QCOMPARE(computeStats(v).median, expected);
        }
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

    void seriesStoreKeepsEachSeriesInOrder()
    {
        SeriesStore store(3, 2);
        for (std::int64_t call = 0; call < 21; ++call) { // not a multiple of the staging batch
            std::int64_t* row = store.row();
            row[0] = call;
            row[1] = -call;
            row[2] = 7;
            store.commit();
        }
        QCOMPARE(store.calls(), size_t(21));
        const Stats a = store.stats(0);
        QCOMPARE(a.count, 21);
        QCOMPARE(a.median, 10.0);
        QCOMPARE(a.windowMedian, 19.5); // the last two: 19, 20
        QCOMPARE(store.stats(1).min, -20.0);
        QCOMPARE(store.stats(2).stddev, 0.0);
        // Asking does not disturb what comes next.
        std::int64_t* row = store.row();
        row[0] = 1000;
        row[1] = 0;
        row[2] = 7;
        store.commit();
        const Stats b = store.stats(0);
        QCOMPARE(b.count, 22);
        QCOMPARE(b.median, 10.5);
        QCOMPARE(b.windowMedian, 510.0);
    }

    // The histogram selection against a plain sort, on shapes that stress it.
    void medianMatchesASort_data()
    {
        QTest::addColumn<int>("shape");
        QTest::addColumn<int>("n");
        for (int n : {1, 2, 3, 511, 512, 513, 1000, 4096, 100001, 100002}) {
            for (int shape = 0; shape < 5; ++shape) {
                QTest::addRow("shape %d, n %d", shape, n) << shape << n;
            }
        }
    }
    void medianMatchesASort()
    {
        QFETCH(int, shape);
        QFETCH(int, n);
        std::mt19937_64 rng(static_cast<std::uint64_t>(shape * 1000003 + n));
        std::vector<std::int64_t> v(static_cast<size_t>(n));
        for (auto& x : v) {
            switch (shape) {
            case 0:
                x = static_cast<std::int64_t>(rng() % 1'000'000);
                break; // uniform
            case 1:
                x = 5;
                break; // all equal
            case 2:
                x = static_cast<std::int64_t>(rng() % 3);
                break; // few values
            case 3:
                x = static_cast<std::int64_t>(rng() % 100) + 1'000'000'000'000;
                break; // clustered far from 0
            default:
                x = static_cast<std::int64_t>(rng());
                break; // the whole int64 range
            }
        }
        if (shape == 3 && n > 2) { // outliers at both ends crowd the cluster into one bucket
            v[0] = std::numeric_limits<std::int64_t>::min();
            v[1] = std::numeric_limits<std::int64_t>::max();
        }
        std::vector<std::int64_t> sorted = v;
        std::sort(sorted.begin(), sorted.end());
        const size_t m = sorted.size();
        const double expected =
            m % 2 ? static_cast<double>(sorted[m / 2])
                  : (static_cast<double>(sorted[m / 2 - 1]) + static_cast<double>(sorted[m / 2])) /
                        2.0;
        QCOMPARE(medianOf(v), expected);
        QCOMPARE(computeStats(v).median, expected);
    }
};

QTEST_APPLESS_MAIN(TestStats)
#include "tst_stats.moc"
