#include "core/analysis/overtimeanalysis.h"
#include "core/analysis/overtimejson.h"
#include "core/analysis/periodicitycomb.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <cmath>

using namespace xylem;

namespace {

Configuration fourThreads()
{
    return testing::makeTree(2, 1, 2, TreeShape::HierarchyAware, RootKind::Core);
}

std::string threadId(const Configuration& config, size_t i)
{
    return config.wrapper(config.threads()[i]).id;
}

// Distance between two phases modulo the period.
double phaseDistance(double a, double b, double period)
{
    const double d = std::fmod(std::abs(a - b), period);
    return std::min(d, period - d);
}

testing::SimulationSpec daemonSpec(std::int64_t calls, std::int64_t period, std::int64_t phase)
{
    testing::SimulationSpec spec{.calls = calls, .seed = 7};
    spec.stall.period = period;
    spec.stall.phase = phase;
    spec.stall.window = 400'000; // two calls in a row (one strike)
    spec.stall.delay = 2'000'000;
    return spec;
}

} // namespace

class TestPeriodicity : public QObject
{
    Q_OBJECT

private slots:
    void binomialTail()
    {
        QCOMPARE(xylem::binomialTail(10, 0, 0.3), 1.0);
        QCOMPARE(xylem::binomialTail(10, 11, 0.3), 0.0);
        QVERIFY(std::abs(xylem::binomialTail(3, 3, 0.5) - 0.125) < 1e-12);
        QVERIFY(std::abs(xylem::binomialTail(10, 5, 0.5) - 638.0 / 1024) < 1e-12);
        QVERIFY(xylem::binomialTail(5000, 4000, 0.1) < 1e-300 + 1e-300);
    }

    // A daemon every second over 8 s of calls 200 us apart: 8 strikes, each 2 calls 2 ms slow.
    void aDaemonEverySecond()
    {
        const Configuration config = fourThreads();
        testing::SimulationSpec spec = daemonSpec(40'000, 1'000'000'000, 350'000'000);
        spec.stall.thread = threadId(config, 1);
        const OverTimeAnalysis a = analyzeOverTime(config, testing::simulateTrace(config, spec));
        const PeriodicOutliers& p = a.periodic;
        QVERIFY(p.periodic);
        QCOMPARE(p.strikes, std::int64_t(8));
        QCOMPARE(p.slowCalls, std::int64_t(16));
        QCOMPARE(p.matchedCalls, std::int64_t(16));
        QCOMPARE(p.hits, std::int64_t(8));
        QVERIFY(std::abs(p.periodNs - 1e9) < 0.01 * 1e9);
        // The origin is the run's first down, within the arrival spread of the first call's
        // start; the slow call starts within a call period after its strike.
        QVERIFY(phaseDistance(p.phaseNs, 350e6, p.periodNs) < 200'000 + 3'000);
        QCOMPARE(p.victim, config.threads()[1]);
        QCOMPARE(p.victimShare, 1.0);
        QVERIFY(std::abs(p.meanExtraNs - 2e6) < 0.1 * 2e6);
        QVERIFY(p.falseAlarm <= kMaxFalseAlarm);
    }

    // Jitter of 3 % of the period, a tenth of the strikes missing and a few random slow calls.
    void jitteredDaemonWithMissingAndExtraStrikes_data()
    {
        QTest::addColumn<std::uint64_t>("seed");
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            QTest::newRow(("seed " + std::to_string(seed)).c_str()) << seed;
        }
    }
    void jitteredDaemonWithMissingAndExtraStrikes()
    {
        QFETCH(std::uint64_t, seed);
        const Configuration config = fourThreads();
        const std::int64_t period = 20'000'000; // 100 calls
        testing::SimulationSpec spec = daemonSpec(6'000, period, 7'300'000);
        spec.seed = seed;
        spec.stall.thread = threadId(config, 2);
        spec.stall.jitter = period * 3 / 100;
        spec.stall.missing = 0.1;
        spec.randomStalls = 4;
        const auto planted = testing::plannedStrikes(spec);
        const OverTimeAnalysis a = analyzeOverTime(config, testing::simulateTrace(config, spec));
        const PeriodicOutliers& p = a.periodic;
        QVERIFY2(p.periodic, qPrintable(QString("strength %1 false alarm %2 hits %3/%4")
                                            .arg(p.strength)
                                            .arg(p.falseAlarm)
                                            .arg(p.hits)
                                            .arg(p.teeth)));
        QVERIFY2(std::abs(p.periodNs - period) < 0.01 * period,
                 qPrintable(QString::number(p.periodNs)));
        QVERIFY(phaseDistance(p.phaseNs, 7.3e6, p.periodNs) < 0.03 * period + 203'000);
        QVERIFY(p.hits + 2 >= static_cast<std::int64_t>(planted.size()));
        QVERIFY(p.matchedStrikes <= static_cast<std::int64_t>(planted.size()) + 1);
        QVERIFY(p.strikes >= p.matchedStrikes + 3); // the random ones are left out
        QCOMPARE(p.victim, config.threads()[2]);
    }

    void randomSlowCallsHaveNoPeriod_data()
    {
        QTest::addColumn<std::uint64_t>("seed");
        QTest::addColumn<std::int64_t>("stalls");
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            for (std::int64_t stalls : {5, 12, 40, 150}) {
                QTest::newRow(
                    ("seed " + std::to_string(seed) + ", " + std::to_string(stalls)).c_str())
                    << seed << stalls;
            }
        }
    }
    void randomSlowCallsHaveNoPeriod()
    {
        QFETCH(std::uint64_t, seed);
        QFETCH(std::int64_t, stalls);
        const Configuration config = fourThreads();
        testing::SimulationSpec spec{.calls = 5'000, .seed = seed};
        spec.stall.thread = threadId(config, 0);
        spec.stall.delay = 2'000'000;
        spec.randomStalls = stalls;
        const OverTimeAnalysis a = analyzeOverTime(config, testing::simulateTrace(config, spec));
        QCOMPARE(a.periodic.slowCalls, stalls); // each found slow, and nothing else
        QVERIFY2(!a.periodic.periodic,
                 qPrintable(QString("period %1 strength %2 false alarm %3 hits %4/%5")
                                .arg(a.periodic.periodNs)
                                .arg(a.periodic.strength)
                                .arg(a.periodic.falseAlarm)
                                .arg(a.periodic.hits)
                                .arg(a.periodic.teeth)));
    }

    void aSteadyRunHasNoSlowCalls()
    {
        const Configuration config = testing::makeTree(4, 2, 4, TreeShape::KAry, RootKind::Gred);
        const auto tuples = testing::simulateTrace(config, {.calls = 3'000, .seed = 9});
        const OverTimeAnalysis a = analyzeOverTime(config, tuples);
        QCOMPARE(a.periodic.slowCalls, std::int64_t(0));
        QVERIFY(!a.periodic.periodic);
        QVERIFY(a.periodic.thresholdNs > a.periodic.medianNs);
    }

    void jsonSaysWhetherThereIsAPattern()
    {
        const Configuration config = fourThreads();
        testing::SimulationSpec spec = daemonSpec(4'000, 20'000'000, 1'000'000);
        spec.stall.thread = threadId(config, 3);
        OverTimeAnalysis a = analyzeOverTime(config, testing::simulateTrace(config, spec));
        QVERIFY(a.periodic.periodic);
        auto j = periodicOutliersToJson(config, a.periodic);
        QCOMPARE(j["periodic"].get<bool>(), true);
        QCOMPARE(j["period_ns"].get<double>(), a.periodic.periodNs);
        QCOMPARE(j["phase_ns"].get<double>(), a.periodic.phaseNs);
        QCOMPARE(j["matched_calls"].get<std::int64_t>(), a.periodic.matchedCalls);
        QCOMPARE(j["victim"].get<std::string>(), threadId(config, 3));
        QCOMPARE(j["slow_calls"].get<std::int64_t>(), a.periodic.slowCalls);

        spec.stall.period = 0;
        spec.randomStalls = 20;
        a = analyzeOverTime(config, testing::simulateTrace(config, spec));
        j = periodicOutliersToJson(config, a.periodic);
        QCOMPARE(j["periodic"].get<bool>(), false);
        QCOMPARE(j["slow_calls"].get<std::int64_t>(), std::int64_t(20));
        for (const char* key : {"period_ns", "phase_ns", "strength", "victim", "matched_calls"}) {
            QVERIFY2(j[key].is_null(), key);
        }
    }
};

QTEST_GUILESS_MAIN(TestPeriodicity)
#include "tst_periodicity.moc"
