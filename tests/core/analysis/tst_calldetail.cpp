// One call in detail (core/analysis/calldetail.h): the two-hosts example checked by hand, and on
// generated runs every call's stages against its call time and its last arrivals against the
// engine's arrival orders for that call alone.

#include "core/analysis/analyzer.h"
#include "core/analysis/calldetail.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include "generatedcases.h"

using namespace xylem;

namespace {

int idx(const Configuration& c, const char* id)
{
    return c.indexOf(id);
}

// Each thread's spans follow each other from its down to its up.
void checkSpansFillTheCallTime(const CallDetail& d, const std::vector<Tuple>& tuples)
{
    for (const CallThread& t : d.threads) {
        std::int64_t down = 0;
        std::int64_t up = 0;
        for (const Tuple& tuple : tuples) {
            if (tuple.seq == d.times.seq && static_cast<int>(tuple.collector) == t.wrapper) {
                down = tuple.down;
                up = tuple.up;
            }
        }
        QCOMPARE(t.callTimeNs, up - down);
        QVERIFY(!t.stages.empty());
        QCOMPARE(t.stages.front().startNs, down);
        QCOMPARE(t.stages.back().endNs, up);
        std::int64_t sum = 0;
        for (size_t i = 0; i < t.stages.size(); ++i) {
            sum += t.stages[i].endNs - t.stages[i].startNs;
            if (i > 0) {
                QCOMPARE(t.stages[i].startNs, t.stages[i - 1].endNs);
            }
        }
        QCOMPARE(sum, t.callTimeNs);
    }
}

std::vector<std::pair<Stage, std::int64_t>> durations(const CallThread& t)
{
    std::vector<std::pair<Stage, std::int64_t>> out;
    for (const CallStageSpan& s : t.stages) {
        out.emplace_back(s.stage, s.endNs - s.startNs);
    }
    return out;
}

} // namespace

class TestCallDetail : public QObject
{
    Q_OBJECT

private slots:
    // Call 0 of tests/data/two-hosts, every number worked out from the trace by hand.
    void twoHostsCallZeroByHand()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& c = run.configuration;
        const auto d = callDetail(c, run.tuples, 0);
        QVERIFY2(d.ok(), d ? "" : d.error().describe().c_str());
        QCOMPARE(d->times.seq, 0);
        QCOMPARE(d->times.startNs, 1000);
        QCOMPARE(d->times.operationTime, 12000);     // 13000 - 1000
        QCOMPARE(d->times.slowestThreadTime, 11800); // T2: 13000 - 1200
        QCOMPARE(d->slowestThread, idx(c, "T2"));
        QCOMPARE(d->edges.size(), size_t(6));
        QCOMPARE(d->edges[3].wrapper, idx(c, "pA"));
        QCOMPARE(d->edges[3].downNs, 6300);
        QCOMPARE(d->edges[3].upNs, 7500);

        QCOMPARE(d->greds.size(), size_t(2));
        const CallGred& gA = d->greds[0];
        QCOMPARE(gA.wrapper, idx(c, "gA"));
        QCOMPARE(gA.lastArrival, idx(c, "T2"));
        QCOMPARE(gA.lastArrivalNs, 1200);
        QCOMPARE(gA.firstDeparture, idx(c, "T1"));
        QCOMPARE(gA.firstDepartureNs, 12700);
        QCOMPARE(gA.arrivals, (std::vector<int>{idx(c, "T1"), idx(c, "T2")}));
        const CallGred& gB = d->greds[1];
        QCOMPARE(gB.lastArrival, idx(c, "pA"));
        QCOMPARE(gB.firstDeparture, idx(c, "T3"));
        QCOMPARE(gB.arrivals, (std::vector<int>{idx(c, "T3"), idx(c, "pA")}));
        QCOMPARE(gB.departures, (std::vector<int>{idx(c, "T3"), idx(c, "pA")}));
        QCOMPARE(d->lastArrivalPath, (std::vector<int>{idx(c, "C"), idx(c, "gB"), idx(c, "pA"),
                                                       idx(c, "gA"), idx(c, "T2")}));

        const CallThread& t1 = d->threads[0];
        QCOMPARE(t1.wrapper, idx(c, "T1"));
        using S = Stage;
        const std::vector<std::pair<Stage, std::int64_t>> t1Expected = {
            {S::ArrivalWait, 200}, {S::DownLatency, 100},   {S::Down, 5000},
            {S::ArrivalWait, 0},   {S::DownLatency, 100},   {S::Store, 600},
            {S::UpLatency, 200},   {S::DepartureWait, 300}, {S::Up, 5000},
            {S::UpLatency, 200},   {S::DepartureWait, 0}};
        QCOMPARE(durations(t1), t1Expected);
        QCOMPARE(t1.stages[2].wrapper, idx(c, "pA"));
        QVERIFY(t1.stages[2].direction == Direction::Down);
        QVERIFY(t1.stages[5].direction == Direction::Root);
        QVERIFY(t1.stages[8].direction == Direction::Up);
        QCOMPARE(t1.stages[2].startNs, 1300); // gA's down
        QCOMPARE(t1.stages[2].endNs, 6300);   // pA's down
        const CallThread& t3 = d->threads[2];
        QCOMPARE(t3.wrapper, idx(c, "T3"));
        const std::vector<std::pair<Stage, std::int64_t>> t3Expected = {{S::ArrivalWait, 4300},
                                                                        {S::DownLatency, 100},
                                                                        {S::Store, 600},
                                                                        {S::UpLatency, 200},
                                                                        {S::DepartureWait, 0}};
        QCOMPARE(durations(t3), t3Expected);
        checkSpansFillTheCallTime(d.value(), run.tuples);
    }

    // A hop whose stub host has no clock model: its one-way stages are half its two-way latency
    // (here 10000 ns, with pA's clock 1001 ns off), and the stages still add up.
    void halfTwoWayHopWithoutAClockModel()
    {
        Run run = testing::exampleRun("two-hosts");
        const Configuration& c = run.configuration;
        for (Tuple& t : run.tuples) {
            if (t.seq == 0 && static_cast<int>(t.collector) == idx(c, "pA")) {
                t.down += 1001;
                t.up += 1001;
            }
        }
        const auto asStored = callDetail(c, run.tuples, 0);
        QVERIFY(asStored.ok());
        QCOMPARE(asStored->threads[0].stages[2].endNs - asStored->threads[0].stages[2].startNs,
                 6001);
        QCOMPARE(asStored->threads[0].stages[2].estimate, StageEstimate::Measured);
        ClockCoverage onlyB{true, {"B"}};
        const auto halved = callDetail(c, run.tuples, 0, onlyB);
        QVERIFY(halved.ok());
        const CallThread& t1 = halved->threads[0];
        QVERIFY(t1.stages[2].stage == Stage::Down);
        QCOMPARE(t1.stages[2].endNs - t1.stages[2].startNs, 5000);
        QCOMPARE(t1.stages[2].estimate, StageEstimate::HalfTwoWay);
        QVERIFY(t1.stages[8].stage == Stage::Up);
        QCOMPARE(t1.stages[8].endNs - t1.stages[8].startNs, 5000);
        QCOMPARE(t1.stages[8].estimate, StageEstimate::HalfTwoWay);
        QCOMPARE(t1.stages[0].estimate, StageEstimate::Measured);
        checkSpansFillTheCallTime(halved.value(), run.tuples);
        checkSpansFillTheCallTime(asStored.value(), run.tuples);
    }

    void unknownAndIncompleteCallsAreErrors()
    {
        Run run = testing::exampleRun("two-hosts");
        const auto unknown = callDetail(run.configuration, run.tuples, 7);
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
        QCOMPARE(unknown.error().message,
                 std::string("no call #7 in the run (its calls are #0 to #2)"));
        std::erase_if(run.tuples, [&](const Tuple& t) {
            const int w = static_cast<int>(t.collector);
            return t.seq == 1 &&
                   (w == idx(run.configuration, "gA") || w == idx(run.configuration, "T3"));
        });
        const auto incomplete = callDetail(run.configuration, run.tuples, 1);
        QVERIFY(!incomplete.ok());
        QCOMPARE(incomplete.error().message,
                 std::string("call #1 is incomplete: 2 of 6 collectors have no tuple for it "
                             "(gA, T3)"));
        QVERIFY(callDetail(run.configuration, run.tuples, 2).ok());
    }

    void nextSlowerAndFasterCall()
    {
        const Run run = testing::exampleRun("two-hosts");
        const std::vector<CallTimes> calls = completeCallTimes(run.configuration, run.tuples);
        QCOMPARE(calls.size(), size_t(3));
        // Operation times 12000, 12300 and 12400 ns.
        QCOMPARE(calls[1].operationTime, 12300);
        auto n = callNeighbours(calls, 1);
        QVERIFY(n.ok());
        QCOMPARE(n->slower, std::optional<std::int64_t>(2));
        QCOMPARE(n->faster, std::optional<std::int64_t>(0));
        n = callNeighbours(calls, 0);
        QCOMPARE(n->slower, std::optional<std::int64_t>(1));
        QCOMPARE(n->faster, std::nullopt);
        n = callNeighbours(calls, 2);
        QCOMPARE(n->slower, std::nullopt);
        QVERIFY(!callNeighbours(calls, 3).ok());
        // Ties by seq: (50, #1) < (100, #3) < (100, #5) < (100, #9).
        const std::vector<CallTimes> tied = {
            {5, 0, 100, 0, 0}, {3, 0, 100, 0, 0}, {9, 0, 100, 0, 0}, {1, 0, 50, 0, 0}};
        n = callNeighbours(tied, 5);
        QCOMPARE(n->slower, std::optional<std::int64_t>(9));
        QCOMPARE(n->faster, std::optional<std::int64_t>(3));
        n = callNeighbours(tied, 3);
        QCOMPARE(n->faster, std::optional<std::int64_t>(1));
        // Walking slower from the fastest visits every call once, in order.
        std::vector<std::int64_t> walk{1};
        while (auto next = callNeighbours(tied, walk.back())->slower) {
            walk.push_back(*next);
        }
        QCOMPARE(walk, (std::vector<std::int64_t>{1, 3, 5, 9}));
        // The slowest is the end of that walk; none of no calls.
        QCOMPARE(slowestCall(tied), std::optional<std::int64_t>(9));
        QCOMPARE(slowestCall(calls), std::optional<std::int64_t>(2));
        QCOMPARE(slowestCall({}), std::nullopt);
    }

    // Every call of generated runs: stages fill the call time; the last arrival at each gred and
    // the arrival order are those the engine counts for that call alone.
    void agreesWithTheEngineCallByCall_data() { testing::addGeneratedTreeRows(); }
    void agreesWithTheEngineCallByCall()
    {
        const Configuration config = testing::fetchGeneratedTree();
        testing::SimulationSpec spec;
        spec.calls = 12;
        spec.seed = 3 + config.threads().size();
        spec.culprit = config.wrapper(config.threads().back()).id;
        spec.culpritDelay = 2'000;
        const std::vector<Tuple> tuples = testing::simulateTrace(config, spec);
        const std::vector<CallTimes> times = completeCallTimes(config, tuples);
        QCOMPARE(times.size(), size_t(12));
        for (const CallTimes& call : times) {
            const auto d = callDetail(config, tuples, call.seq);
            QVERIFY2(d.ok(), d ? "" : d.error().describe().c_str());
            QCOMPARE(d->times.operationTime, call.operationTime);
            QCOMPARE(d->times.startNs, call.startNs);
            checkSpansFillTheCallTime(d.value(), tuples);
            std::vector<Tuple> one;
            std::copy_if(tuples.begin(), tuples.end(), std::back_inserter(one),
                         [&](const Tuple& t) { return t.seq == call.seq; });
            const AnalysisReport engine = analyze(config, one);
            QCOMPARE(engine.calls, 1);
            QCOMPARE(engine.greds.size(), d->greds.size());
            for (size_t g = 0; g < d->greds.size(); ++g) {
                const CallGred& mine = d->greds[g];
                QCOMPARE(engine.greds[g].wrapper, mine.wrapper);
                for (const ContributorReport& c : engine.greds[g].contributors) {
                    const auto rank =
                        std::find(mine.arrivals.begin(), mine.arrivals.end(), c.wrapper) -
                        mine.arrivals.begin();
                    QCOMPARE(c.arrivalOrder[static_cast<size_t>(rank)], 1);
                    QCOMPARE(c.lastArrivals, c.wrapper == mine.lastArrival ? 1 : 0);
                    const auto departure =
                        std::find(mine.departures.begin(), mine.departures.end(), c.wrapper) -
                        mine.departures.begin();
                    QCOMPARE(c.departureOrder[static_cast<size_t>(departure)], 1);
                }
            }
            const ThreadReport* critical = engine.thread(d->lastArrivalPath.back());
            QVERIFY(critical);
            QCOMPARE(critical->criticalArrivals, 1);
            QCOMPARE(d->lastArrivalPath.front(), config.root());
        }
    }
};

QTEST_GUILESS_MAIN(TestCallDetail)
#include "tst_calldetail.moc"
