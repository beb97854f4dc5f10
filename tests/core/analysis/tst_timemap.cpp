#include "core/analysis/analyzer.h"
#include "core/analysis/timemap.h"
#include "tests/support/testdata.h"

#include <QtTest>

using namespace xylem;

class TestTimemap : public QObject
{
    Q_OBJECT

private slots:
    void stagesOfTheWorkedExample()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& config = run.configuration;
        const AnalysisReport r = analyze(run);
        const ThreadReport& t1 = *r.thread(config.indexOf("T1"));
        QCOMPARE(t1.pathLength, 4); // T1 > gA > pA > gB > C
        QCOMPARE(t1.timemap.size(), size_t(11));
        // Depths: gA 1, pA 2, gB 3, C 4 (the root).
        const std::vector<int> depths{1, 1, 2, 3, 3, 4, 3, 3, 2, 1, 1};
        for (size_t i = 0; i < depths.size(); ++i) {
            QCOMPARE(t1.timemap[i].depth, depths[i]);
        }
    }

    void layoutPutsDownLeftOfZeroAndUpRightOfIt()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& config = run.configuration;
        const AnalysisReport r = analyze(run);
        const ThreadReport& t1 = *r.thread(config.indexOf("T1"));
        const auto spans = layoutTimemap(t1);
        QCOMPARE(spans.size(), t1.timemap.size());
        // The last down stage (gB down latency, 100 ns) ends at 0; store starts at 0.
        QCOMPARE(spans[4].endNs, 0.0);
        QCOMPARE(spans[4].startNs, -100.0);
        QCOMPARE(spans[5].startNs, 0.0);
        QCOMPARE(spans[5].endNs, 566.6666666666666);
        // The first down stage starts at minus the sum of all down stages.
        QCOMPARE(spans[0].startNs, -(366.6666666666667 + 100 + 5000 + 266.6666666666667 + 100));
        // The whole map spans the mean call time.
        QCOMPARE(spans.back().endNs - spans.front().startNs, t1.callTime.mean);
        QCOMPARE(spans[5].scaledDepth, 1.0);
        QCOMPARE(spans[0].scaledDepth, 0.25);
    }
};

QTEST_APPLESS_MAIN(TestTimemap)
#include "tst_timemap.moc"
