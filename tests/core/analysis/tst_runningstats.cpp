#include "core/analysis/runningstats.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace xylem;

class TestRunningStats : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheExactStatistics()
    {
        std::mt19937_64 rng(5);
        std::vector<std::int64_t> values;
        RunningStats running(100);
        for (int i = 0; i < 10000; ++i) {
            // Large offsets: Welford's update stays accurate where a naive sum of squares would
            // not.
            const auto v = static_cast<std::int64_t>(1'700'000'000'000'000'000LL +
                                                     static_cast<std::int64_t>(rng() % 100000));
            values.push_back(v);
            running.add(v);
        }
        std::vector<std::int64_t> copy = values;
        const Stats exact = computeStats(copy);
        const Stats live = running.stats();
        QCOMPARE(live.count, exact.count);
        QCOMPARE(live.min, exact.min);
        QCOMPARE(live.max, exact.max);
        QVERIFY(std::fabs(live.mean - exact.mean) < 1.0);
        QVERIFY(std::fabs(live.stddev - exact.stddev) / exact.stddev < 1e-3);
        QVERIFY(std::isnan(live.median)); // not kept in bounded memory
        std::vector<std::int64_t> last(values.end() - 100, values.end());
        QCOMPARE(live.windowMedian, medianOf(last));
    }

    void mergeEqualsOneStream()
    {
        RunningStats a, b, whole;
        for (std::int64_t v = 0; v < 1000; ++v) {
            (v % 3 ? a : b).add(v * v % 977);
            whole.add(v * v % 977);
        }
        a.merge(b);
        const Stats merged = a.stats();
        const Stats one = whole.stats();
        QCOMPARE(merged.count, one.count);
        QCOMPARE(merged.min, one.min);
        QCOMPARE(merged.max, one.max);
        QVERIFY(std::fabs(merged.mean - one.mean) < 1e-9);
        QVERIFY(std::fabs(merged.stddev - one.stddev) < 1e-9);
        RunningStats empty;
        empty.merge(whole);
        QCOMPARE(empty.stats().count, 1000);
        whole.merge(RunningStats());
        QCOMPARE(whole.stats().count, 1000);
    }

    void emptyHasNoValues()
    {
        const Stats s = RunningStats().stats();
        QCOMPARE(s.count, 0);
        QVERIFY(std::isnan(s.mean) && std::isnan(s.stddev) && std::isnan(s.windowMedian));
    }
};

QTEST_APPLESS_MAIN(TestRunningStats)
#include "tst_runningstats.moc"
