#include "core/analysis/analyzer.h"
#include "core/analysis/callmatrix.h"
#include "core/analysis/calltimes.h"
#include "core/analysis/comparison.h"
#include "core/analysis/reportjson.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

using namespace xylem;

namespace {

AnalysisReport exampleReport(const std::string& name)
{
    return analyze(testing::exampleRun(name));
}

AnalysisReport simulated(TreeShape shape, std::int64_t proxyLatency)
{
    const Configuration config = testing::makeTree(4, 2, 4, shape, RootKind::Core);
    return analyze(config, testing::simulateTrace(
                               config, {.calls = 200, .seed = 3, .proxyLatency = proxyLatency}));
}

// The operation time of every complete call, straight from the tuples (metrics.md §2).
std::vector<std::int64_t> operationTimes(const Configuration& config,
                                         const std::vector<Tuple>& tuples)
{
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    const Topology topology(config);
    std::vector<std::int64_t> times;
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (matrix.isComplete(r)) {
            times.push_back(callTimes(topology, matrix.row(r)).operationTime);
        }
    }
    return times;
}

} // namespace

class TestComparison : public QObject
{
    Q_OBJECT

private slots:
    void aRunAgainstItself()
    {
        const AnalysisReport r = exampleReport("two-hosts");
        auto c = compareRuns(r, r);
        QVERIFY(c.ok());
        QCOMPARE(c->speedup, 1.0);
        QCOMPARE(c->a.thread, std::string("T1")); // slowest mean call time: 12066.7 ns
        QCOMPARE(c->b.thread, std::string("T1"));
        QCOMPARE(c->a.meanOperationTime, r.operationTime.mean);
        QCOMPARE(c->stages.size(), r.thread(0)->timemap.size());
        for (const StageComparison& s : c->stages) {
            QVERIFY(s.meanA && s.meanB);
            QCOMPARE(*s.difference(), 0.0);
            QCOMPARE(*s.scaledDepthA, *s.scaledDepthB);
            QVERIFY(*s.scaledDepthA > 0 && *s.scaledDepthA <= 1);
        }
        QCOMPARE(c->a.slowestShare.size(), size_t(3));
        QCOMPARE(c->a.slowestShare[1].first, std::string("T2"));
        QCOMPARE(c->a.slowestShare[1].second, 2.0 / 3.0);
    }

    void speedupOfAFasterNetwork()
    {
        const AnalysisReport slow = simulated(TreeShape::HierarchyAware, 20'000);
        const AnalysisReport fast = simulated(TreeShape::HierarchyAware, 2'000);
        auto c = compareRuns(slow, fast);
        QVERIFY(c.ok());
        QVERIFY(c->speedup > 1.5);
        QCOMPARE(c->speedup, slow.operationTime.mean / fast.operationTime.mean);
        bool sawProxy = false;
        for (const StageComparison& s : c->stages) {
            if (s.stage == Stage::Down || s.stage == Stage::Up) {
                sawProxy = true;
                QVERIFY(*s.difference() < 0); // B's network is faster
            }
        }
        QVERIFY(sawProxy);
    }

    // Given the calls' operation times, the comparison carries the speedup's bootstrap interval
    // (speedupinterval.h) around the speedup; without them it has none.
    void intervalFromTheCalls()
    {
        const Configuration config = testing::makeTree(4, 2, 4, TreeShape::HierarchyAware,
                                                       RootKind::Core);
        const auto slowTuples =
            testing::simulateTrace(config, {.calls = 300, .seed = 5, .proxyLatency = 8'000});
        const auto fastTuples =
            testing::simulateTrace(config, {.calls = 250, .seed = 6, .proxyLatency = 6'000});
        const AnalysisReport slow = analyze(config, slowTuples);
        const AnalysisReport fast = analyze(config, fastTuples);
        const auto slowTimes = operationTimes(config, slowTuples);
        const auto fastTimes = operationTimes(config, fastTuples);
        QCOMPARE(slowTimes.size(), size_t(300));
        auto c = compareRuns(slow, fast, std::nullopt, OperationTimes{slowTimes, fastTimes});
        QVERIFY(c.ok());
        QVERIFY(c->interval);
        const auto direct = speedupInterval(slowTimes, fastTimes);
        QCOMPARE(c->interval->lower, direct->lower);
        QCOMPARE(c->interval->upper, direct->upper);
        QVERIFY(c->interval->lower <= c->speedup && c->speedup <= c->interval->upper);
        QVERIFY(c->interval->lower > 1);
        QVERIFY(!c->interval->noSignificantDifference());

        auto same = compareRuns(slow, slow, std::nullopt, OperationTimes{slowTimes, slowTimes});
        QVERIFY(same.ok() && same->interval);
        QVERIFY(same->interval->noSignificantDifference());

        const auto json = comparisonToJson(c.value());
        QCOMPARE(json["speedup_interval"]["lower"].get<double>(), c->interval->lower);
        QCOMPARE(json["speedup_interval"]["upper"].get<double>(), c->interval->upper);
        QCOMPARE(json["speedup_interval"]["resamples"].get<int>(), 2000);
        QCOMPARE(json["speedup_interval"]["seed"].get<int>(), 1);
        QVERIFY(!json["speedup_interval"]["no_significant_difference"].get<bool>());
        QVERIFY(comparisonToJson(same.value())["speedup_interval"]["no_significant_difference"]
                    .get<bool>());
        QVERIFY(comparisonToJson(compareRuns(slow, fast).value())["speedup_interval"].is_null());

        QVERIFY(!compareRuns(slow, fast)->interval);
        QVERIFY(!compareRuns(slow, fast, std::nullopt, OperationTimes{slowTimes, {}})->interval);
    }

    void pathsOfDifferentShapesLineUpOnScaledDepth()
    {
        const AnalysisReport flat = simulated(TreeShape::Flat, 5'000);
        const AnalysisReport tree = simulated(TreeShape::KAry, 5'000);
        auto c = compareRuns(flat, tree, std::string("n3.t2"));
        QVERIFY(c.ok());
        QCOMPARE(c->a.thread, std::string("n3.t2"));
        QCOMPARE(c->b.thread, std::string("n3.t2")); // same id exists in B
        bool onlyA = false, onlyB = false;
        for (const StageComparison& s : c->stages) {
            onlyA = onlyA || (s.meanA && !s.meanB);
            onlyB = onlyB || (!s.meanA && s.meanB);
            for (const auto& depth : {s.scaledDepthA, s.scaledDepthB}) {
                QVERIFY(!depth || (*depth > 0 && *depth <= 1));
            }
        }
        QVERIFY(onlyA && onlyB); // different wrappers on the two paths
    }

    void threadMissingInBFallsBackToItsClassRepresentative()
    {
        const AnalysisReport a = exampleReport("two-hosts");
        const AnalysisReport b = exampleReport("flat-mpi");
        auto c = compareRuns(a, b, std::string("T3"));
        QVERIFY(c.ok());
        QCOMPARE(c->b.thread, std::string("rank3")); // no class thread>gred>core in B: its slowest
    }

    void unknownThreadIsAnError()
    {
        const AnalysisReport r = exampleReport("two-hosts");
        auto c = compareRuns(r, r, std::string("nope"));
        QVERIFY(!c.ok());
        QVERIFY(c.error().describe().find("nope") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestComparison)
#include "tst_comparison.moc"
