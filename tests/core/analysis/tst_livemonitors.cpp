// The node-side monitors agree with the batch analysis on the greds each node records.

#include "core/analysis/analyzer.h"
#include "core/analysis/lastarrivaltally.h"
#include "core/analysis/livemonitors.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace xylem;

namespace {

// The tuples a host records: edges into its own wrappers.
std::vector<Tuple> recordedBy(const Configuration& config, const std::string& host,
                              const std::vector<Tuple>& all)
{
    std::vector<Tuple> out;
    for (const Tuple& t : all) {
        const int parent = config.wrapper(static_cast<int>(t.collector)).parent;
        if (config.wrapper(parent).host == host) {
            out.push_back(t);
        }
    }
    return out;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-6 * std::max({std::fabs(a), std::fabs(b), 1.0});
}

} // namespace

class TestLiveMonitors : public QObject
{
    Q_OBJECT

private slots:
    void localViewOfTheWorkedExample()
    {
        const Run run = testing::exampleRun("two-hosts");
        auto a = LocalView::make(run.configuration, "A");
        auto b = LocalView::make(run.configuration, "B");
        QVERIFY(a.ok() && b.ok());
        const Configuration& c = run.configuration;
        // Edges live on the parent's host: A records T1, T2 (into gA) and gA (into pA on A).
        for (const char* id : {"T1", "T2", "gA"}) {
            QVERIFY(a->records(static_cast<std::uint32_t>(c.indexOf(id))));
            QVERIFY(!b->records(static_cast<std::uint32_t>(c.indexOf(id))));
        }
        for (const char* id : {"pA", "T3", "gB"}) {
            QVERIFY(b->records(static_cast<std::uint32_t>(c.indexOf(id))));
        }
        QCOMPARE(a->collectorCount(), 3u);
        QCOMPARE(a->greds().size(), size_t(1));
        QVERIFY(!LocalView::make(c, "Z").ok());
    }

    void monitorsAgreeWithTheBatchAnalysis_data() { testing::addGeneratedTreeRows(); }
    void monitorsAgreeWithTheBatchAnalysis()
    {
        const Configuration config = testing::fetchGeneratedTree();
        const auto tuples = testing::simulateTrace(config, {.calls = 300, .seed = 21});
        const AnalysisReport batch = analyze(config, tuples);
        int gredsSeen = 0;
        for (const Host& host : config.hosts()) {
            auto view = LocalView::make(config, host.id);
            if (!view) {
                continue; // a host with no edge of its own (its threads all join elsewhere)
            }
            const auto mine = recordedBy(config, host.id, tuples);
            LastArrivalMonitor arrivals(view.value());
            StatisticsMonitor statistics(view.value());
            // Fed in pieces, as a collector would.
            for (size_t at = 0; at < mine.size(); at += 97) {
                const auto piece =
                    std::span(mine).subspan(at, std::min<size_t>(97, mine.size() - at));
                arrivals.add(piece);
                statistics.add(piece);
            }
            QCOMPARE(arrivals.calls(), 300);
            const auto counts = arrivals.result();
            const auto stats = statistics.result();
            for (const auto& [gredId, gred] : counts["greds"].items()) {
                ++gredsSeen;
                const GredReport* full = batch.gred(config.indexOf(gredId));
                QVERIFY(full);
                for (const ContributorReport& c : full->contributors) {
                    const std::string& child = config.wrapper(c.wrapper).id;
                    QCOMPARE(gred["last_arrivals"][child].get<std::int64_t>(), c.lastArrivals);
                    QCOMPARE(gred["arrival_order"][child].get<std::vector<std::int64_t>>(),
                             c.arrivalOrder);
                    QCOMPARE(gred["departure_order"][child].get<std::vector<std::int64_t>>(),
                             c.departureOrder);
                    const auto& s = stats["greds"][gredId]["contributors"][child];
                    QVERIFY(near(s["arrival_wait"]["mean"].get<double>(), c.arrivalWait.mean));
                    QVERIFY(
                        near(s["departure_wait"]["stddev"].get<double>(), c.departureWait.stddev));
                    QCOMPARE(s["arrival_wait"]["max"].get<double>(), c.arrivalWait.max);
                    if (s.contains("total_latency")) {
                        QVERIFY(
                            near(s["total_latency"]["mean"].get<double>(), c.totalLatency.mean));
                    }
                }
                if (stats["greds"][gredId].contains("down_latency")) {
                    QVERIFY(near(stats["greds"][gredId]["down_latency"]["mean"].get<double>(),
                                 full->downLatency.mean));
                    QVERIFY(near(stats["greds"][gredId]["up_latency"]["mean"].get<double>(),
                                 full->upLatency.mean));
                }
            }
            for (const auto& [collectorId, c] : stats["collectors"].items()) {
                QCOMPARE(c["edge_time"]["count"].get<std::int64_t>(), 300);
            }
        }
        QCOMPARE(gredsSeen, static_cast<int>(batch.greds.size())); // every gred lives on some host
    }

    // The front-end's single-scope tally, fed every edge's tuple in pieces whose order is
    // shuffled (calls out of order within a piece, pieces repeated in part), counts each call once
    // with the batch analysis' last arrivals, through appends, merges and a final flush.
    void singleScopeTallyAgreesWithTheBatchAnalysis_data() { testing::addGeneratedTreeRows(); }
    void singleScopeTallyAgreesWithTheBatchAnalysis()
    {
        const Configuration config = testing::fetchGeneratedTree();
        auto tuples = testing::simulateTrace(config, {.calls = 300, .seed = 5});
        const AnalysisReport batch = analyze(config, tuples);
        std::mt19937 random(7);
        const size_t spread = tuples.size() / 300 * 16; // the tuples of 16 calls
        for (size_t at = 0; at < tuples.size(); at += spread) {
            std::shuffle(tuples.begin() + static_cast<long>(at),
                         tuples.begin() + static_cast<long>(std::min(at + spread, tuples.size())),
                         random);
        }
        const auto topology = std::make_shared<const Topology>(config);
        LastArrivalTally tally(topology, 64); // more calls than the shuffle spreads
        for (size_t at = 0; at < tuples.size(); at += 97) {
            const auto piece =
                std::span(tuples).subspan(at, std::min<size_t>(97, tuples.size() - at));
            tally.addCandidates(piece);
            tally.addCandidates(piece.first(piece.size() / 3)); // seen again: no change
        }
        QVERIFY(tally.countedCalls() < 300); // the newest are still held
        tally.flush();
        QCOMPARE(tally.countedCalls(), std::int64_t(300));
        for (const GredReport& g : tally.gredReports()) {
            const GredReport* full = batch.gred(g.wrapper);
            QVERIFY(full);
            for (size_t i = 0; i < g.contributors.size(); ++i) {
                QCOMPARE(g.contributors[i].lastArrivals, full->contributors[i].lastArrivals);
            }
        }
        QCOMPARE(tally.imbalancePath(), batch.imbalancePath);
    }

    // A tally that never got a candidate (the statistics monitor's recording, the distributed
    // form) flushes to nothing, and one whose candidates are all foreign holds none.
    void aTallyWithoutCandidatesFlushesToNothing()
    {
        const Run run = testing::exampleRun("two-hosts");
        const auto topology = std::make_shared<const Topology>(run.configuration);
        LastArrivalTally never(topology);
        never.flush();
        QCOMPARE(never.countedCalls(), std::int64_t(0));
        LastArrivalTally foreign(topology);
        Tuple stranger = run.tuples.front();
        stranger.collector = 1000;
        foreign.addCandidates(std::span(&stranger, 1));
        foreign.flush();
        QCOMPARE(foreign.countedCalls(), std::int64_t(0));
        foreign.addCandidates(run.tuples); // and it still counts what comes after
        foreign.flush();
        QCOMPARE(foreign.countedCalls(), std::int64_t(3));
    }

    void windowMedianOfTheNewestCalls()
    {
        const Configuration config = testing::makeTree(1, 1, 3, TreeShape::Flat, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 250, .seed = 2});
        StatisticsMonitor monitor(LocalView::make(config, config.hosts().front().id).value(), 100);
        monitor.add(tuples);
        const auto perCall = static_cast<size_t>(config.collectorCount());
        const AnalysisReport last100 = analyze(config, std::span(tuples).subspan(150 * perCall));
        const auto result = monitor.result();
        const std::string gred = config.wrapper(last100.greds.front().wrapper).id;
        const std::string first =
            config.wrapper(last100.greds.front().contributors.front().wrapper).id;
        QCOMPARE(result["greds"][gred]["contributors"][first]["arrival_wait"]["window_median"]
                     .get<double>(),
                 last100.greds.front().contributors.front().arrivalWait.median);
    }

    void foreignAndRepeatedTuplesAreIgnored()
    {
        const Run run = testing::exampleRun("two-hosts");
        LastArrivalMonitor a(LocalView::make(run.configuration, "A").value());
        a.add(run.tuples); // B's tuples too: ignored
        a.add(run.tuples); // repeats: ignored
        QCOMPARE(a.calls(), 3);
        QCOMPARE(a.result()["greds"]["gA"]["last_arrivals"]["T2"].get<int>(), 3);
    }
};

QTEST_APPLESS_MAIN(TestLiveMonitors)
#include "tst_livemonitors.moc"
