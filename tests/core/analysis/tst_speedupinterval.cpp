#include "core/analysis/speedupinterval.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace xylem;

namespace {

// Operation times as a run has them: a floor (the tree's latency) plus an exponential tail, so
// the true mean is floor + tail and the values are skewed as real call times are.
std::vector<std::int64_t> simulatedTimes(size_t n, double floorNs, double tailNs,
                                         std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::exponential_distribution<double> tail(1.0 / tailNs);
    std::vector<std::int64_t> values(n);
    for (std::int64_t& v : values) {
        v = static_cast<std::int64_t>(std::llround(floorNs + tail(random)));
    }
    return values;
}

SpeedupInterval intervalOf(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b,
                           BootstrapOptions options = {})
{
    auto interval = speedupInterval(a, b, options);
    if (!interval) {
        qFatal("%s", interval.error().describe().c_str());
    }
    return interval.value();
}

} // namespace

class TestSpeedupInterval : public QObject
{
    Q_OBJECT

private slots:
    // 95 % intervals on data with a known ratio of means: about 95 of 100 cover it; fewer than
    // 90 would mean a biased or too narrow interval. (Each run is new data, seeds 1..100.)
    void coversTheTrueRatio()
    {
        const double trueRatio = (100'000.0 + 20'000.0) / (80'000.0 + 10'000.0);
        int covered = 0;
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            const auto a = simulatedTimes(1'000, 100'000, 20'000, 2 * seed);
            const auto b = simulatedTimes(800, 80'000, 10'000, 2 * seed + 1);
            const SpeedupInterval i = intervalOf(a, b, {.threads = 1});
            covered += i.lower <= trueRatio && trueRatio <= i.upper ? 1 : 0;
        }
        qInfo("the true ratio %.4f was covered by %d of 100 intervals", trueRatio, covered);
        QVERIFY(covered >= 90);
        QVERIFY(covered <= 99); // an interval that always covers is too wide to say anything
    }

    // Runs from one distribution: almost always "no significant difference" (a 95 % interval
    // misses the true ratio 1 in about 5 % of data sets).
    void sameDistributionIsNoSignificantDifference()
    {
        int noDifference = 0;
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            const auto a = simulatedTimes(2'000, 50'000, 5'000, 1000 + seed);
            const auto b = simulatedTimes(2'000, 50'000, 5'000, 2000 + seed);
            noDifference += intervalOf(a, b).noSignificantDifference() ? 1 : 0;
        }
        QVERIFY2(noDifference >= 35, qPrintable(QString::number(noDifference)));
        const auto a = simulatedTimes(5'000, 50'000, 5'000, 7);
        const SpeedupInterval self = intervalOf(a, a);
        QVERIFY(self.noSignificantDifference());
        QVERIFY(self.lower < 1 && self.upper > 1);
    }

    void aClearlyFasterBIsAboveOne()
    {
        const auto a = simulatedTimes(3'000, 100'000, 20'000, 11);
        const auto b = simulatedTimes(3'000, 90'000, 20'000, 12); // true ratio 120/110 = 1.09
        const SpeedupInterval i = intervalOf(a, b);
        QVERIFY(!i.noSignificantDifference());
        QVERIFY(i.lower > 1.05 && i.upper < 1.13);
        const SpeedupInterval reverse = intervalOf(b, a);
        QVERIFY(reverse.upper < 1);
        QCOMPARE(i.resamples, 2000);
        QCOMPARE(i.seed, std::uint64_t{1});
        QCOMPARE(i.confidence, 0.95);
    }

    // Seed 1 gives one interval, whatever the threads; another seed another.
    void deterministic()
    {
        const auto a = simulatedTimes(20'000, 100'000, 20'000, 21);
        const auto b = simulatedTimes(15'000, 95'000, 20'000, 22);
        const SpeedupInterval one = intervalOf(a, b, {.threads = 1});
        const SpeedupInterval three = intervalOf(a, b, {.threads = 3});
        QCOMPARE(one.lower, three.lower);
        QCOMPARE(one.upper, three.upper);
        const SpeedupInterval again = intervalOf(a, b, {.threads = 1});
        QCOMPARE(again.lower, one.lower);
        const SpeedupInterval other = intervalOf(a, b, {.seed = 2, .threads = 1});
        QVERIFY(other.lower != one.lower || other.upper != one.upper);
    }

    // Runs larger than one block of draws (and one with a range beyond 32 bits): the interval is
    // centred on the observed ratio and as wide as the normal approximation says,
    // 2 * 1.96 * ratio * sqrt(cvA^2 / nA + cvB^2 / nB) for the means' coefficients of variation.
    void largeRunsHaveTheTheoreticalWidth_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<bool>("wideRange");
        QTest::newRow("300k calls") << 300'000 << false;
        QTest::newRow("200k calls, 5 s outliers") << 200'000 << true;
    }
    void largeRunsHaveTheTheoreticalWidth()
    {
        QFETCH(int, n);
        QFETCH(bool, wideRange);
        auto a = simulatedTimes(static_cast<size_t>(n), 100'000, 30'000, 31);
        const auto b = simulatedTimes(static_cast<size_t>(n) / 2, 100'000, 20'000, 32);
        if (wideRange) {
            for (size_t i = 0; i < a.size(); i += 200) {
                a[i] = 5'000'000'000; // 5 s: the offsets no longer fit 32 bits
            }
        }
        const auto moments = [](const std::vector<std::int64_t>& v) {
            double sum = 0, squares = 0;
            for (const std::int64_t x : v) {
                sum += static_cast<double>(x);
            }
            const double mean = sum / static_cast<double>(v.size());
            for (const std::int64_t x : v) {
                squares += (static_cast<double>(x) - mean) * (static_cast<double>(x) - mean);
            }
            return std::pair{mean, std::sqrt(squares / static_cast<double>(v.size())) / mean};
        };
        const auto [meanA, cvA] = moments(a);
        const auto [meanB, cvB] = moments(b);
        const double ratio = meanA / meanB;
        const double width = 2 * 1.96 * ratio *
                             std::sqrt(cvA * cvA / static_cast<double>(a.size()) +
                                       cvB * cvB / static_cast<double>(b.size()));
        const SpeedupInterval i = intervalOf(a, b);
        qInfo("ratio %.5f, interval [%.5f, %.5f], width %.5f, normal width %.5f", ratio, i.lower,
              i.upper, i.upper - i.lower, width);
        QVERIFY(i.lower < ratio && ratio < i.upper);
        QVERIFY(std::abs((i.lower + i.upper) / 2 - ratio) < 0.15 * width);
        QVERIFY(std::abs((i.upper - i.lower) / width - 1) < 0.15);
    }

    void refusesWhatItCannotResample()
    {
        const std::vector<std::int64_t> some{1, 2, 3};
        QVERIFY(!speedupInterval({}, some).ok());
        QVERIFY(!speedupInterval(some, {}).ok());
        QVERIFY(!speedupInterval(some, some, {.resamples = 0}).ok());
        QVERIFY(!speedupInterval(some, some, {.confidence = 1.0}).ok());
        const auto one = speedupInterval(std::vector<std::int64_t>{5}, std::vector<std::int64_t>{4});
        QVERIFY(one.ok());
        QCOMPARE(one->lower, 1.25); // a single call resamples to itself
        QCOMPARE(one->upper, 1.25);
    }
};

QTEST_GUILESS_MAIN(TestSpeedupInterval)
#include "tst_speedupinterval.moc"
