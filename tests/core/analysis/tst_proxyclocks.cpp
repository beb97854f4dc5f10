// A proxy's one-way stages across two hosts (metrics.md §4, §7): measured from the (corrected)
// timestamps when both hosts have a clock model, each half the two-way latency and flagged when
// one of them has none; the stages add up to the call time either way. And the residual skew of
// a tree run's clocks, checked on its proxy hops. On the worked example "two-hosts": T1 > gA >
// pA > gB > C, pA's stub on host A and its service (gB) on host B.

#include "core/analysis/analyzer.h"
#include "core/analysis/clockcoverage.h"
#include "core/analysis/reportjson.h"
#include "core/analysis/treeclockcheck.h"
#include "tests/support/testdata.h"

#include <QtTest>

#include <numeric>

using namespace xylem;

namespace {

ClockCoverage modelsFor(std::vector<std::string> hosts)
{
    return ClockCoverage{true, std::move(hosts)};
}

const TimemapStage& stageOf(const ThreadReport& t, Stage stage, int wrapper)
{
    for (const TimemapStage& s : t.timemap) {
        if (s.stage == stage && s.wrapper == wrapper) {
            return s;
        }
    }
    qFatal("no such stage");
}

double stageSum(const ThreadReport& t)
{
    return std::accumulate(t.timemap.begin(), t.timemap.end(), 0.0,
                           [](double sum, const TimemapStage& s) { return sum + s.meanNs; });
}

// The host whose clock a tuple was taken on: its collector's wrapper's, a proxy's parent's.
const std::string& recordedOn(const Configuration& config, const Tuple& t)
{
    const Wrapper& w = config.wrapper(static_cast<int>(t.collector));
    return w.kind == WrapperKind::Proxy ? config.wrapper(w.parent).host : w.host;
}

// The run as if host's clock ran offsetNs ahead (a run nobody corrected).
Run shifted(Run run, const std::string& host, std::int64_t offsetNs)
{
    for (Tuple& t : run.tuples) {
        if (recordedOn(run.configuration, t) == host) {
            t.down += offsetNs;
            t.up += offsetNs;
        }
    }
    return run;
}

HostClock measuredClock(const std::string& host, std::int64_t offset, std::int64_t bound)
{
    HostClock c;
    c.host = host;
    c.master = "front";
    c.measured = true;
    c.start = MpiClockSample{host, "front", 0, offset, 2 * bound};
    c.end = MpiClockSample{host, "front", 10'000'000, offset, 2 * bound};
    c.errorBoundNs = bound;
    return c;
}

} // namespace

class TestProxyClocks : public QObject
{
    Q_OBJECT

private slots:
    void modelledHostsGiveMeasuredOneWayStages()
    {
        const Run run = testing::exampleRun("two-hosts");
        const int pA = run.configuration.indexOf("pA");
        const AnalysisReport plain = analyze(run);
        const AnalysisReport modelled = analyze(run, {kDefaultMedianWindow, modelsFor({"A", "B"})});
        const ThreadReport& t1 = *modelled.thread(run.configuration.indexOf("T1"));
        const TimemapStage& down = stageOf(t1, Stage::Down, pA);
        const TimemapStage& up = stageOf(t1, Stage::Up, pA);
        QCOMPARE(down.estimate, StageEstimate::Measured);
        QCOMPARE(up.estimate, StageEstimate::Measured);
        // d(pA) - d(gA) over the three calls: 5000, 5000, 5000; u(gA) - u(pA): 5000, 5000, 5000.
        QCOMPARE(down.meanNs, 5000.0);
        QCOMPARE(up.meanNs, 5000.0);
        // Stored with models, the numbers are those of the timestamps as they are.
        const ThreadReport& before = *plain.thread(run.configuration.indexOf("T1"));
        QCOMPARE(stageOf(before, Stage::Down, pA).meanNs, down.meanNs);
        QCOMPARE(stageSum(t1), t1.callTime.mean);
    }

    void aHostWithoutModelGivesHalfTheTwoWayLatencyFlagged()
    {
        const Run run = testing::exampleRun("two-hosts");
        const int pA = run.configuration.indexOf("pA");
        // Skew B by 3 µs: the one-way times split differently, their halves do not move.
        const Run skewed = shifted(run, "B", 3'000);
        for (const ClockCoverage& coverage : {modelsFor({"A"}), modelsFor({})}) {
            const AnalysisReport r = analyze(skewed, {kDefaultMedianWindow, coverage});
            const ThreadReport& t1 = *r.thread(run.configuration.indexOf("T1"));
            const TimemapStage& down = stageOf(t1, Stage::Down, pA);
            const TimemapStage& up = stageOf(t1, Stage::Up, pA);
            QCOMPARE(down.estimate, StageEstimate::HalfTwoWay);
            QCOMPARE(up.estimate, StageEstimate::HalfTwoWay);
            QCOMPARE(down.meanNs, up.meanNs);
            QCOMPARE(down.meanNs + up.meanNs, r.proxies.front().twoWayLatency.mean);
            QCOMPARE(down.meanNs, 5000.0); // the unskewed one-way times, as it happens
            QCOMPARE(stageSum(t1), t1.callTime.mean);
            // Only the proxy's stages are estimates.
            for (const TimemapStage& s : t1.timemap) {
                QCOMPARE(s.estimate == StageEstimate::HalfTwoWay, s.wrapper == pA);
            }
            // The report says what it was told, so that a view can name the host.
            const std::vector<std::string> expected = coverage.modelled.empty()
                                                          ? std::vector<std::string>{"A", "B"}
                                                          : std::vector<std::string>{"B"};
            QCOMPARE(hostsWithoutModel(run.configuration, pA, r.clocks), expected);
            const auto json = reportToJson(r);
            QCOMPARE(json["threads"]["T1"]["timemap"][2]["estimate"], "half two-way");
            QVERIFY(!json["threads"]["T1"]["timemap"][1].contains("estimate"));
        }
        // With the skew and both models claimed, the one-way times show the skew.
        const AnalysisReport wrong = analyze(skewed, {kDefaultMedianWindow, modelsFor({"A", "B"})});
        const ThreadReport& t1 = *wrong.thread(run.configuration.indexOf("T1"));
        QCOMPARE(stageOf(t1, Stage::Down, pA).meanNs, 8000.0);
        QCOMPARE(stageOf(t1, Stage::Up, pA).meanNs, 2000.0);
        QCOMPARE(stageSum(t1), t1.callTime.mean);
    }

    void coverageNotKnownOrOneHostMeasuresAsBefore()
    {
        const Run run = testing::exampleRun("two-hosts");
        QVERIFY(!ClockCoverage{}.known);
        const std::vector<bool> none = halfTwoWayProxies(run.configuration, ClockCoverage{});
        QVERIFY(std::none_of(none.begin(), none.end(), [](bool b) { return b; }));
        // The same tree on one host: no hop between two clocks, nothing to estimate.
        std::vector<WrapperSpec> specs;
        for (const Wrapper& w : run.configuration.wrappers()) {
            specs.push_back({w.id, std::string(toString(w.kind)), "A",
                             w.parent < 0 ? std::nullopt
                                          : std::optional(run.configuration.wrapper(w.parent).id)});
        }
        auto oneHost = Configuration::create("one host", {Host{"A", "c0"}}, specs);
        QVERIFY2(oneHost, oneHost ? "" : oneHost.error().describe().c_str());
        const std::vector<bool> local = halfTwoWayProxies(oneHost.value(), modelsFor({}));
        QVERIFY(std::none_of(local.begin(), local.end(), [](bool b) { return b; }));
        const std::vector<bool> cross = halfTwoWayProxies(run.configuration, modelsFor({}));
        QVERIFY(cross[static_cast<size_t>(run.configuration.indexOf("pA"))]);
        QCOMPARE(std::count(cross.begin(), cross.end(), true), 1);
    }

    void storedModelsMakeTheCoverage()
    {
        HostClock unmeasured;
        unmeasured.host = "C";
        HostClock reference;
        reference.host = "R";
        reference.reference = true;
        const ClockCoverage c = clockCoverage({measuredClock("A", 5, 10), unmeasured, reference});
        QVERIFY(c.known);
        QVERIFY(c.hasModel("A"));
        QVERIFY(!c.hasModel("C")); // stored, but the measurement never reached it
        QVERIFY(c.hasModel("R"));
        QVERIFY(!c.hasModel("B"));
    }

    void correctionOfEachHost()
    {
        HostClock unmeasured;
        unmeasured.host = "C";
        HostClock reference;
        reference.reference = true;
        QCOMPARE(clockCorrection(reference, true), ClockCorrection::Reference);
        QCOMPARE(clockCorrection(unmeasured, true), ClockCorrection::NotMeasured);
        QCOMPARE(clockCorrection(measuredClock("A", 5, 10), true), ClockCorrection::WithinBound);
        QCOMPARE(clockCorrection(measuredClock("A", -11, 10), true), ClockCorrection::Corrected);
        HostClock drifting = measuredClock("A", 5, 10);
        drifting.end.offsetNs = 50; // beyond the bound at the end only
        QCOMPARE(clockCorrection(drifting, true), ClockCorrection::Corrected);
        // An MPI run corrects every measured host.
        QCOMPARE(clockCorrection(measuredClock("A", 5, 10), false), ClockCorrection::Corrected);
    }

    void residualSkewOfATreeRun()
    {
        const Run run = testing::exampleRun("two-hosts");
        std::vector<HostClock> clocks{measuredClock("A", 0, 100), measuredClock("B", 0, 100)};
        clocks[0].residual = ResidualSkew{7, 7, 7}; // replaced
        measureTreeResidualSkew(run.configuration, run.tuples, clocks);
        for (const HostClock& c : clocks) {
            QCOMPARE(c.residual.checks, 6); // 3 calls, down and up of pA
            QCOMPARE(c.residual.violations, 0);
            QCOMPARE(c.residual.maxViolationNs, 0);
        }
        // B 5.5 µs behind: on every call pA's service receives the request 500 ns before the
        // stub took it (d(pA) - d(gA) = 5000 - 5500); the up ordering still holds.
        const Run behind = shifted(run, "B", -5'500);
        measureTreeResidualSkew(behind.configuration, behind.tuples, clocks);
        for (const HostClock& c : clocks) {
            QCOMPARE(c.residual.checks, 6);
            QCOMPARE(c.residual.violations, 3);
            QCOMPARE(c.residual.maxViolationNs, 500);
        }
        // A host no hop touches, and a one-host run: nothing to check.
        std::vector<HostClock> other{measuredClock("Z", 0, 1)};
        measureTreeResidualSkew(run.configuration, run.tuples, other);
        QCOMPARE(other[0].residual.checks, 0);
    }
};

QTEST_APPLESS_MAIN(TestProxyClocks)
#include "tst_proxyclocks.moc"
