// The streaming form reports what the batch form reports on the same tuples, whatever their
// order, and may be asked at any time.

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/analysis/streaminganalyzer.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/jsoncompare.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <algorithm>
#include <random>

using namespace xylem;

namespace {

// Shuffles tuples within consecutive blocks: what arrives from several collectors at once.
std::vector<Tuple> shuffledInBlocks(std::vector<Tuple> tuples, size_t block, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    for (size_t first = 0; first < tuples.size(); first += block) {
        const auto begin = tuples.begin() + static_cast<long>(first);
        const auto end = tuples.begin() + static_cast<long>(std::min(tuples.size(), first + block));
        std::shuffle(begin, end, rng);
    }
    return tuples;
}

void expectSameReport(const AnalysisReport& batch, const AnalysisReport& streamed)
{
    const auto differences =
        testing::jsonDifferences(nlohmann::json::parse(reportToJson(batch).dump()),
                                 nlohmann::json::parse(reportToJson(streamed).dump()), 1e-12);
    for (const auto& d : differences) {
        qWarning("%s", d.c_str());
    }
    QCOMPARE(differences.size(), size_t(0));
}

} // namespace

class TestStreaming : public QObject
{
    Q_OBJECT

private slots:
    void equalsBatchInAnyNearbyOrder_data() { testing::addGeneratedTreeRows(); }
    void equalsBatchInAnyNearbyOrder()
    {
        const Configuration config = testing::fetchGeneratedTree();
        auto tuples = testing::simulateTrace(config, {.calls = 300, .seed = 9});
        // Drop a few tuples so that incomplete calls are compared too.
        for (size_t i = 5; i < tuples.size(); i += tuples.size() / 4) {
            tuples.erase(tuples.begin() + static_cast<long>(i));
        }
        const AnalysisReport batch = analyze(config, tuples);
        QVERIFY(batch.incompleteCalls > 0 ||
                config.collectorCount() == 1); // one tuple a call: none can be partial

        const auto shuffled =
            shuffledInBlocks(tuples, static_cast<size_t>(config.collectorCount()) * 20, 1);
        StreamingAnalyzer streaming(config, {.pendingWindow = 64});
        streaming.add(shuffled);
        QCOMPARE(streaming.counters().acceptedTuples, static_cast<std::int64_t>(tuples.size()));
        // The live status's path, without the report's statistics: the report's path.
        QVERIFY(streaming.imbalancePath() == batch.imbalancePath);
        QVERIFY(batch.imbalancePath.size() > 1);
        expectSameReport(batch, streaming.report());
    }

    void equalsBatchOnAFullShuffleWithAWideWindow()
    {
        const Configuration config =
            testing::makeTree(4, 2, 3, TreeShape::HierarchyAware, RootKind::Core);
        auto tuples = testing::simulateTrace(config, {.calls = 500, .seed = 2});
        const AnalysisReport batch = analyze(config, tuples);
        std::shuffle(tuples.begin(), tuples.end(), std::mt19937_64(4));
        StreamingAnalyzer streaming(config, {.pendingWindow = 512});
        streaming.add(tuples);
        expectSameReport(batch, streaming.report());
    }

    void reportsAtAnyTimeAndGoesOn()
    {
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 200, .seed = 6});
        const size_t half = tuples.size() / 2;
        StreamingAnalyzer streaming(config);
        streaming.add(std::span(tuples).first(half));
        const AnalysisReport early = streaming.report();
        QCOMPARE(early.calls, 100);
        expectSameReport(analyze(config, std::span(tuples).first(half)), early);
        streaming.add(std::span(tuples).subspan(half));
        expectSameReport(analyze(config, tuples), streaming.report());
    }

    void windowMedianFollowsTheNewestCalls()
    {
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        const auto tuples = testing::simulateTrace(config, {.calls = 150, .seed = 8});
        StreamingAnalyzer streaming(config, {.medianWindow = 100});
        streaming.add(tuples);
        const AnalysisReport r = streaming.report();
        // Window median = exact median of the last 100 calls, computed by the batch form.
        const auto perCall = static_cast<size_t>(config.collectorCount());
        const AnalysisReport last100 = analyze(config, std::span(tuples).subspan(50 * perCall));
        QCOMPARE(r.operationTime.windowMedian, last100.operationTime.median);
        QCOMPARE(r.threads[0].callTime.windowMedian, last100.threads[0].callTime.median);
    }

    void countsDuplicateLateAndInvalidTuples()
    {
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        const auto tuples = testing::simulateTrace(config, {.calls = 40, .seed = 1});
        StreamingAnalyzer streaming(config, {.pendingWindow = 8});
        streaming.add(tuples);
        streaming.add(tuples[tuples.size() - 1]); // its call is complete: a duplicate
        streaming.add(tuples[0]);                 // call 0 left the window long ago: late
        Tuple bad = tuples[3];
        bad.collector = 99;
        streaming.add(bad);
        bad = tuples[3];
        bad.collector = static_cast<std::uint32_t>(config.root());
        streaming.add(bad);
        bad = tuples[3];
        bad.up = bad.down - 1;
        streaming.add(bad);
        QCOMPARE(streaming.counters().duplicateTuples, 1);
        QCOMPARE(streaming.counters().lateTuples, 1);
        QCOMPARE(streaming.counters().invalidTuples, 3);
        QCOMPARE(streaming.completeCalls(), 40);
        QCOMPARE(streaming.incompleteCalls(), 0);
    }

    void callsThatNeverCompleteAreEvictedAsIncomplete()
    {
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        auto tuples = testing::simulateTrace(config, {.calls = 100, .seed = 1});
        tuples.erase(tuples.begin() + 2 * config.collectorCount()); // call 2 stays unfinished
        StreamingAnalyzer streaming(config, {.pendingWindow = 16});
        streaming.add(tuples);
        QCOMPARE(streaming.completeCalls(), 99);
        QCOMPARE(streaming.incompleteCalls(), 1);
        QCOMPARE(streaming.report().incompleteCalls, 1);
    }
};

QTEST_APPLESS_MAIN(TestStreaming)
#include "tst_streaming.moc"
