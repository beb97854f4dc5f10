// The chosen thread's timemap in N runs for one overlay plot (metrics.md §6): in each run the
// thread compareRuns would compare, its stages laid out by layoutTimemap with the depth scaled
// to [0, 1], so that a flat tree's short path and a hierarchy's long one both reach the root at 1.

#include "core/analysis/analyzer.h"
#include "core/analysis/comparison.h"
#include "core/analysis/overlaytimemap.h"
#include "core/model/treegenerator.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

using namespace xylem;

namespace {

AnalysisReport simulated(TreeShape shape, const std::string& hosts, std::int64_t culpritDelay)
{
    const auto config =
        generateTree(TreeSpec{"simulated", parseHostList(hosts).value(), 2, shape, 2,
                              RootKind::Core})
            .value();
    return analyze(config, testing::simulateTrace(config, {.calls = 60,
                                                           .culprit = "h1.t1",
                                                           .culpritDelay = culpritDelay}));
}

} // namespace

class TestOverlayTimemap : public QObject
{
    Q_OBJECT

private slots:
    void oneScaledPathPerRun()
    {
        const AnalysisReport deep = simulated(TreeShape::HierarchyAware, "4", 30'000);
        const AnalysisReport flat = simulated(TreeShape::Flat, "4", 0);
        const AnalysisReport small = simulated(TreeShape::HierarchyAware, "2", 0);
        const auto maps = overlayTimemaps(deep, {&deep, &flat, &small}, std::string("h1.t1"));
        QVERIFY(maps);
        QCOMPARE(maps->size(), size_t(3));
        const std::vector<const AnalysisReport*> runs{&deep, &flat, &small};
        for (size_t i = 0; i < runs.size(); ++i) {
            const OverlayTimemap& m = (*maps)[i];
            // The thread compareRuns compares against the reference's h1.t1.
            QCOMPARE(m.thread, compareRuns(deep, *runs[i], std::string("h1.t1")).value().b.thread);
            const ThreadReport& t = *runs[i]->thread(runs[i]->configuration->indexOf(m.thread));
            QCOMPARE(m.callTimeNs, t.callTime.mean);
            QCOMPARE(m.pathLength, t.pathLength);
            QCOMPARE(m.stages.size(), t.timemap.size());
            QCOMPARE(m.spans.size(), m.stages.size());
            QCOMPARE(m.wrappers.size(), m.stages.size());
            QCOMPARE(m.wrappers.back(), runs[i]->idOf(t.timemap.back().wrapper));
            double top = 0;
            for (size_t s = 0; s < m.spans.size(); ++s) {
                QVERIFY(m.spans[s].scaledDepth > 0 && m.spans[s].scaledDepth <= 1);
                QCOMPARE(m.spans[s].scaledDepth,
                         static_cast<double>(m.stages[s].depth) / t.pathLength);
                top = std::max(top, m.spans[s].scaledDepth);
            }
            QCOMPARE(top, 1.0); // the root's stages, whatever the path's length
            // The stages follow one another from the first down stage to the last up stage,
            // the whole as long as the thread's mean call time.
            QCOMPARE(m.spans.back().endNs - m.spans.front().startNs, t.callTime.mean);
        }
        // Paths of different lengths: the flat tree's thread sits right under the root.
        QVERIFY((*maps)[1].pathLength < (*maps)[0].pathLength);
        QCOMPARE((*maps)[0].thread, std::string("h1.t1"));
    }

    void aThreadNotInTheReferenceIsAnError()
    {
        const AnalysisReport small = simulated(TreeShape::HierarchyAware, "2", 0);
        const auto maps = overlayTimemaps(small, {&small}, std::string("h7.t0"));
        QVERIFY(!maps);
        // Without a thread: the reference's slowest thread, as compareRuns chooses.
        const auto slowest = overlayTimemaps(small, {&small, nullptr});
        QVERIFY(slowest);
        QCOMPARE((*slowest)[0].thread, compareRuns(small, small).value().a.thread);
        QVERIFY((*slowest)[1].thread.empty()); // no run: nothing drawn
    }
};

QTEST_APPLESS_MAIN(TestOverlayTimemap)
#include "tst_overlaytimemap.moc"
