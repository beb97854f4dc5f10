#include "core/analysis/analyzer.h"
#include "core/analysis/comparison.h"
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
