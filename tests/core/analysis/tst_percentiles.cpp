// The tail percentiles of a stats object (docs/metrics.md "Percentiles") against a reference
// that sorts the values and applies the rule by hand, on the small (copy and select) and large
// (histogram) paths, and the live engine's bounded-memory estimate against the exact value.

#include "core/analysis/medianhistogram.h"
#include "core/analysis/seriesstore.h"
#include "core/analysis/stats.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace xylem;

namespace {

// The rule written out once more, independently: sort, h = (n-1)q, interpolate.
double reference(std::vector<std::int64_t> v, double q)
{
    std::sort(v.begin(), v.end());
    const double h = static_cast<double>(v.size() - 1) * q;
    const auto i = static_cast<size_t>(std::floor(h));
    if (i + 1 >= v.size()) {
        return static_cast<double>(v.back());
    }
    return static_cast<double>(v[i]) +
           (h - std::floor(h)) * static_cast<double>(v[i + 1] - v[i]);
}

bool near(double a, double b, double relative = 1e-12)
{
    return std::fabs(a - b) <= relative * std::max(1.0, std::fabs(b));
}

} // namespace

class TestPercentiles : public QObject
{
    Q_OBJECT

private slots:
    void handWorkedExample()
    {
        // 10 values 10..100: h = 9q. p90: h = 8.1 -> 90 + 0.1 * 10 = 91.
        std::vector<std::int64_t> v{100, 20, 30, 40, 50, 60, 70, 80, 90, 10};
        const Stats s = computeStats(v);
        QCOMPARE(s.p90, 91.0);
        QCOMPARE(s.p99, 99.1);   // h = 8.91
        QCOMPARE(s.p999, 99.91); // h = 8.991
        QCOMPARE(percentileOf(v, 0.5), s.median);
        QCOMPARE(percentileOf(v, 0.0), 10.0);
        QCOMPARE(percentileOf(v, 1.0), 100.0);
    }

    void oneValueAndEmpty()
    {
        std::vector<std::int64_t> one{7};
        const Stats s = computeStats(one);
        QCOMPARE(s.p90, 7.0);
        QCOMPARE(s.p999, 7.0);
        std::vector<std::int64_t> none;
        QVERIFY(std::isnan(computeStats(none).p99));
        QVERIFY(std::isnan(percentileOf(none, 0.9)));
    }

    void matchTheReference_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("shape");
        for (const int n : {2, 3, 100, 511, 512, 513, 1000, 4097, 100'000}) {
            for (const int shape : {0, 1, 2, 3}) {
                QTest::addRow("n=%d shape=%d", n, shape) << n << shape;
            }
        }
    }

    // Shapes: uniform; a heavy tail (a few huge outliers crowd the rest into one bucket);
    // two values; many ties with negatives.
    void matchTheReference()
    {
        QFETCH(int, count);
        QFETCH(int, shape);
        std::mt19937_64 random(static_cast<std::uint64_t>(count * 7 + shape));
        std::vector<std::int64_t> v(static_cast<size_t>(count));
        for (auto& x : v) {
            switch (shape) {
            case 0: x = std::int64_t(random() % 1'000'000); break;
            case 1: x = random() % 1000 == 0 ? std::int64_t(1) << 50 : std::int64_t(random() % 5000); break;
            case 2: x = random() % 2 ? 40'000 : 0; break;
            default: x = std::int64_t(random() % 9) - 4; break;
            }
        }
        const Stats s = computeStats(v);
        QVERIFY2(near(s.median, reference(v, 0.5)), "median");
        QVERIFY2(near(s.p90, reference(v, 0.9)), qPrintable(QString::number(s.p90)));
        QVERIFY2(near(s.p99, reference(v, 0.99)), qPrintable(QString::number(s.p99)));
        QVERIFY2(near(s.p999, reference(v, 0.999)), qPrintable(QString::number(s.p999)));
        for (const double q : {0.0, 0.25, 0.75, 0.95, 1.0}) {
            QVERIFY(near(percentileOf(v, q), reference(v, q)));
        }
    }

    void percentilesAreOrdered()
    {
        std::mt19937_64 random(3);
        std::lognormal_distribution<double> latency(9.0, 1.0);
        std::vector<std::int64_t> v(20'000);
        for (auto& x : v) {
            x = static_cast<std::int64_t>(latency(random));
        }
        const Stats s = computeStats(v);
        QVERIFY(s.min <= s.median && s.median <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.p999 &&
                s.p999 <= s.max);
    }

    // The live engine's summaries (seriesstore.h, medianhistogram.h) estimate within 0.4 %.
    void histogramEstimateIsClose()
    {
        std::mt19937_64 random(5);
        std::lognormal_distribution<double> latency(10.0, 0.8);
        std::vector<std::int64_t> v(50'000);
        MedianHistogram histogram;
        for (auto& x : v) {
            x = static_cast<std::int64_t>(latency(random));
            histogram.add(x);
        }
        const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        for (const double q : {0.5, 0.9, 0.99, 0.999}) {
            const double exact = reference(v, q);
            const double estimate =
                histogram.quantile(q, static_cast<double>(*lo), static_cast<double>(*hi));
            QVERIFY2(std::fabs(estimate - exact) <= 0.004 * exact,
                     qPrintable(QStringLiteral("q %1: %2 vs %3").arg(q).arg(estimate).arg(exact)));
        }
        QVERIFY(std::isnan(MedianHistogram().quantile(0.9, 0, 1)));
    }
};

QTEST_APPLESS_MAIN(TestPercentiles)
#include "tst_percentiles.moc"
