// Invariants of metrics.md that hold on every tree: the stages of each call add up to its
// call time, order distributions and critical arrivals sum to the call count, and so on.

#include "core/analysis/analyzer.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <cmath>
#include <numeric>
#include <set>

using namespace xylem;

namespace {

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max({std::fabs(a), std::fabs(b), 1.0});
}

double stageSum(const ThreadReport& t)
{
    double sum = 0;
    for (const TimemapStage& s : t.timemap) {
        sum += s.meanNs;
    }
    return sum;
}

} // namespace

class TestInvariants : public QObject
{
    Q_OBJECT

private slots:
    void stagesOfEachCallAddUpToItsCallTime_data() { testing::addGeneratedTreeRows(); }
    void stagesOfEachCallAddUpToItsCallTime()
    {
        const Configuration config = testing::fetchGeneratedTree();
        const auto tuples = testing::simulateTrace(config, {.calls = 6, .seed = 7});
        const auto perCall = static_cast<size_t>(config.collectorCount());
        for (size_t call = 0; call < 6; ++call) {
            // A one-call run: its means are that call's own values.
            const std::span<const Tuple> one(tuples.data() + call * perCall, perCall);
            const AnalysisReport r = analyze(config, one);
            QCOMPARE(r.calls, 1);
            for (const ThreadReport& t : r.threads) {
                QVERIFY2(near(stageSum(t), t.callTime.mean),
                         qPrintable(QString("call %1 thread %2: stages %3 != call time %4")
                                        .arg(call)
                                        .arg(QString::fromStdString(r.idOf(t.wrapper)))
                                        .arg(stageSum(t))
                                        .arg(t.callTime.mean)));
            }
        }
        const AnalysisReport all = analyze(config, tuples);
        for (const ThreadReport& t : all.threads) {
            QVERIFY(near(stageSum(t), t.callTime.mean));
        }
    }

    void distributionsSumToTheCallCount_data() { testing::addGeneratedTreeRows(); }
    void distributionsSumToTheCallCount()
    {
        const Configuration config = testing::fetchGeneratedTree();
        const std::int64_t calls = 57;
        const AnalysisReport r =
            analyze(config, testing::simulateTrace(config, {.calls = calls, .seed = 3}));
        QCOMPARE(r.calls, calls);
        QCOMPARE(r.incompleteCalls, 0);
        for (const GredReport& g : r.greds) {
            const size_t p = g.contributors.size();
            std::vector<std::int64_t> arrivalsAtRank(p, 0), departuresAtRank(p, 0);
            std::int64_t lastArrivals = 0;
            for (const ContributorReport& c : g.contributors) {
                QCOMPARE(c.arrivalOrder.size(), p);
                QCOMPARE(
                    std::accumulate(c.arrivalOrder.begin(), c.arrivalOrder.end(), std::int64_t(0)),
                    calls);
                QCOMPARE(std::accumulate(c.departureOrder.begin(), c.departureOrder.end(),
                                         std::int64_t(0)),
                         calls);
                QCOMPARE(c.lastArrivals, c.arrivalOrder.back());
                for (size_t k = 0; k < p; ++k) {
                    arrivalsAtRank[k] += c.arrivalOrder[k];
                    departuresAtRank[k] += c.departureOrder[k];
                }
                lastArrivals += c.lastArrivals;
                QCOMPARE(c.totalLatency.count, calls);
            }
            for (size_t k = 0; k < p; ++k) {
                QCOMPARE(arrivalsAtRank[k], calls); // every rank is taken once per call
                QCOMPARE(departuresAtRank[k], calls);
            }
            QCOMPARE(lastArrivals, calls);
        }
        std::int64_t critical = 0;
        double shares = 0;
        for (const ThreadReport& t : r.threads) {
            critical += t.criticalArrivals;
            shares += t.slowestShare;
        }
        QCOMPARE(critical, calls);
        QVERIFY(near(shares, 1.0));
    }

    void structureOfTheReport_data() { testing::addGeneratedTreeRows(); }
    void structureOfTheReport()
    {
        const Configuration config = testing::fetchGeneratedTree();
        const AnalysisReport r =
            analyze(config, testing::simulateTrace(config, {.calls = 30, .seed = 11}));
        // The imbalance path runs from the root down parent-child edges to a thread.
        QCOMPARE(r.imbalancePath.front(), config.root());
        QVERIFY(config.wrapper(r.imbalancePath.back()).kind == WrapperKind::Thread);
        for (size_t i = 1; i < r.imbalancePath.size(); ++i) {
            QCOMPARE(config.wrapper(r.imbalancePath[i]).parent, r.imbalancePath[i - 1]);
        }
        // Classes partition the threads; each representative has the largest mean call time.
        std::set<int> seen;
        for (const ThreadClass& c : r.classes) {
            double best = -1;
            for (int t : c.threads) {
                QVERIFY(seen.insert(t).second);
                QCOMPARE(QString::fromStdString(r.thread(t)->signature),
                         QString::fromStdString(c.signature));
                best = std::max(best, r.thread(t)->callTime.mean);
            }
            QCOMPARE(r.thread(c.representative)->callTime.mean, best);
        }
        QCOMPARE(seen.size(), config.threads().size());
        // Serialization starts at the up latency and never decreases.
        for (const GredReport& g : r.greds) {
            QVERIFY(near(g.serialization.front(), g.upLatency.mean));
            for (size_t k = 1; k < g.serialization.size(); ++k) {
                QVERIFY(g.serialization[k] >= g.serialization[k - 1]);
            }
        }
        QVERIFY(r.operationTime.mean >= r.slowestThreadTime.mean);
        for (size_t i = 1; i < r.hotspots.size(); ++i) {
            QVERIFY(r.hotspots[i - 1].meanNs >= r.hotspots[i].meanNs);
            QVERIFY(r.hotspots[i].stage != Stage::ArrivalWait);
        }
    }

    void aPlantedCulpritIsFound_data() { testing::addGeneratedTreeRows(); }
    void aPlantedCulpritIsFound()
    {
        const Configuration config = testing::fetchGeneratedTree();
        const int culprit = config.threads()[config.threads().size() / 2];
        const auto tuples = testing::simulateTrace(config, {.calls = 40,
                                                            .seed = 5,
                                                            .culprit = config.wrapper(culprit).id,
                                                            .culpritDelay = 1'000'000});
        const AnalysisReport r = analyze(config, tuples);
        QCOMPARE(r.imbalancePath.back(), culprit);
        QCOMPARE(r.thread(culprit)->criticalArrivals, 40);
    }

    void missingTuplesMakeCallsIncomplete()
    {
        const Configuration config =
            testing::makeTree(2, 1, 2, TreeShape::HierarchyAware, RootKind::Core);
        auto tuples = testing::simulateTrace(config, {.calls = 10});
        const auto perCall = static_cast<long>(config.collectorCount());
        // Drop one tuple of call 2 and all but one tuple of call 7.
        tuples.erase(tuples.begin() + 7 * perCall + 1, tuples.begin() + 8 * perCall);
        tuples.erase(tuples.begin() + 2 * perCall + 3);
        const AnalysisReport r = analyze(config, tuples);
        QCOMPARE(r.calls, 8);
        QCOMPARE(r.incompleteCalls, 2);
        QCOMPARE(r.operationTime.count, 8);
    }

    void noCompleteCallGivesAnEmptyButWellFormedReport()
    {
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::Flat, RootKind::Gred);
        auto tuples = testing::simulateTrace(config, {.calls = 3});
        tuples.erase(tuples.begin());                         // call 0 loses a tuple
        tuples.resize(tuples.size() - 1);                     // call 2 too
        tuples.erase(tuples.begin() + 2, tuples.begin() + 6); // and call 1
        const AnalysisReport r = analyze(config, tuples);
        QCOMPARE(r.calls, 0);
        QCOMPARE(r.incompleteCalls, 3);
        QVERIFY(r.hotspots.empty());
        QVERIFY(std::isnan(r.operationTime.mean));
        QCOMPARE(r.threads.size(), size_t(4));
        const AnalysisReport none = analyze(config, {});
        QCOMPARE(none.calls, 0);
        QCOMPARE(none.incompleteCalls, 0);
    }
};

QTEST_APPLESS_MAIN(TestInvariants)
#include "tst_invariants.moc"
