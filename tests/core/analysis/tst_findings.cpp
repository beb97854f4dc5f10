// The overview's findings (core/analysis/findings.h) on generated runs with what was planted: a
// late thread is named with its shares and cost, a balanced run names no culprit (nor a thread
// that is always last by too little to matter), steep departure serialization is found at the
// gred that has it, an MPI run gets its wait-state finding with the late rank, and the clocks,
// losses and suggestions follow from what the run says.

#include "core/analysis/analyzer.h"
#include "core/analysis/findings.h"
#include "core/analysis/findingsjson.h"
#include "core/analysis/overtimeanalysis.h"
#include "core/model/mpiruns.h"
#include "core/model/treegenerator.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <algorithm>

using namespace xylem;

namespace {

Configuration tree(int hostCount, int threads, TreeShape shape)
{
    std::vector<Host> hosts;
    for (int i = 0; i < hostCount; ++i) {
        hosts.push_back(Host{"n" + std::to_string(i), "c0"});
    }
    auto config = generateTree({"generated", hosts, threads, shape, 2, RootKind::Core});
    if (!config) {
        qFatal("generateTree: %s", config.error().describe().c_str());
    }
    return config.value();
}

Configuration fourByFour()
{
    return tree(4, 4, TreeShape::HierarchyAware);
}

AnalysisReport simulate(const Configuration& config, const testing::SimulationSpec& spec)
{
    return analyze(config, testing::simulateTrace(config, spec));
}

template <typename T> const T* detail(const Findings& f, FindingKind kind)
{
    const Finding* found = f.find(kind);
    return found == nullptr ? nullptr : &std::get<T>(found->detail);
}

QByteArray dump(const Findings& f)
{
    return QByteArray::fromStdString(findingsToJson(f).dump(1));
}

bool suggests(const Findings& f, SuggestionKind kind)
{
    return std::any_of(f.suggestions.begin(), f.suggestions.end(),
                       [kind](const Suggestion& s) { return s.kind == kind; });
}

} // namespace

class TestFindings : public QObject
{
    Q_OBJECT

private slots:
    void plantedCulpritIsNamedWithItsCost()
    {
        const Configuration config = fourByFour();
        testing::SimulationSpec spec;
        spec.calls = 200;
        spec.culprit = "n2.t1";
        spec.culpritDelay = 40'000;
        const AnalysisReport report = simulate(config, spec);
        const Findings f = findFindings(report);
        QCOMPARE(f.findings.front().kind(), FindingKind::Culprit);
        QCOMPARE(f.findings.front().view, FindingView::WeightedTree);
        QCOMPARE(f.findings.front().severity, Severity::Problem);
        const auto* c = detail<CulpritFinding>(f, FindingKind::Culprit);
        QCOMPARE(f.idOf(c->thread), std::string("n2.t1"));
        QCOMPARE(c->criticalShare, 1.0);
        QCOMPARE(c->rootShare, 1.0);
        QCOMPARE(f.idOf(c->gred), std::string("host.n2"));
        // The others at its host's gred wait for it about the planted delay (less the spread).
        QVERIFY2(c->costNs > 40'000 - 3'000 && c->costNs < 40'000,
                 qPrintable(QString::number(c->costNs)));
        QCOMPARE(c->costShare, c->costNs / report.operationTime.mean);
        QVERIFY(f.find(FindingKind::Balanced) == nullptr);
        QCOMPARE(f.suggestions.front().kind, SuggestionKind::BalanceCulprit);
        QCOMPARE(f.idOf(f.suggestions.front().wrapper), std::string("n2.t1"));
        QCOMPARE(f.suggestions.front().host, std::string("n2"));
    }

    void balancedRunNamesNoCulprit()
    {
        const Configuration config = fourByFour();
        testing::SimulationSpec spec;
        spec.calls = 400;
        const Findings f = findFindings(simulate(config, spec));
        QVERIFY2(f.find(FindingKind::Culprit) == nullptr, dump(f).constData());
        const auto* b = detail<BalancedFinding>(f, FindingKind::Balanced);
        QVERIFY(b != nullptr);
        QCOMPARE(f.findings.front().severity, Severity::Fine);
        QVERIFY(b->mostOftenLast.criticalShare < kCulpritMinShare);
        QVERIFY(!suggests(f, SuggestionKind::BalanceCulprit));
        QVERIFY(f.find(FindingKind::Serialization) == nullptr); // 150 ns a position is not steep
        // One proxy hop as the hottest stage is what a good tree looks like: no advice on hops.
        QCOMPARE(detail<HotspotFinding>(f, FindingKind::Hotspot)->hops, 1);
        QVERIFY(!suggests(f, SuggestionKind::FewerHops));
        QVERIFY(suggests(f, SuggestionKind::TuneTree));
    }

    // Always last, but by 3.5 us in calls of over a millisecond: not worth naming.
    void alwaysLastByLittleIsNoCulprit()
    {
        const Configuration config = fourByFour();
        testing::SimulationSpec spec;
        spec.period = 5'000'000;
        spec.proxyLatency = 500;
        spec.storeLatency = 1'000'000;
        spec.culprit = "n1.t0";
        spec.culpritDelay = 3'500;
        const Findings f = findFindings(simulate(config, spec));
        QVERIFY2(f.find(FindingKind::Culprit) == nullptr, dump(f).constData());
        const auto* b = detail<BalancedFinding>(f, FindingKind::Balanced);
        QCOMPARE(f.idOf(b->mostOftenLast.thread), std::string("n1.t0"));
        QVERIFY(b->mostOftenLast.criticalShare >= kCulpritMinShare);
        QVERIFY(b->mostOftenLast.costShare < kCulpritMinCost);
    }

    // One host's 8 threads under one gred, released 20 us apart.
    void steepSerializationOfAHostsThreads()
    {
        const Configuration config = tree(1, 8, TreeShape::Flat);
        testing::SimulationSpec spec;
        spec.departureStep = 20'000;
        const AnalysisReport report = simulate(config, spec);
        const Findings f = findFindings(report);
        const Finding* found = f.find(FindingKind::Serialization);
        QVERIFY(found != nullptr);
        QCOMPARE(found->view, FindingView::Serialization);
        QCOMPARE(found->severity, Severity::Problem);
        const auto& s = std::get<SerializationFinding>(found->detail);
        QCOMPARE(f.idOf(s.gred), std::string("gred"));
        QCOMPARE(s.departures, 8);
        QVERIFY(s.childrenAreThreads);
        QVERIFY2(s.slopeNs > 19'000 && s.slopeNs < 21'000, qPrintable(QString::number(s.slopeNs)));
        QCOMPARE(s.spreadNs, s.lastNs - s.firstNs);
        QCOMPARE(s.shareOfOp, s.spreadNs / report.operationTime.mean);
        QCOMPARE(s.steepGreds, 1);
        QVERIFY(suggests(f, SuggestionKind::SplitGred));
        QVERIFY(suggests(f, SuggestionKind::FewerThreadsPerHost));
        QVERIFY(!suggests(f, SuggestionKind::TuneTree));
    }

    // Every gred of 4 hosts x 4 threads serializes: the host greds and the one joining them.
    void steepSerializationAcrossHosts()
    {
        const Findings f = findFindings(simulate(fourByFour(), {.departureStep = 20'000}));
        const auto* s = detail<SerializationFinding>(f, FindingKind::Serialization);
        QVERIFY2(s != nullptr, dump(f).constData());
        QCOMPARE(s->departures, 4);
        QCOMPARE(s->steepGreds, 5);
        QCOMPARE(s->childrenAreThreads, f.idOf(s->gred).starts_with("host."));
    }

    // A binomial tree over hosts puts several hops on some paths; with slow hops one is hottest.
    void hottestStageOfTheSlowestClass()
    {
        const Configuration config = tree(4, 2, TreeShape::Binomial);
        testing::SimulationSpec spec;
        spec.proxyLatency = 50'000;
        const AnalysisReport report = simulate(config, spec);
        const Findings f = findFindings(report);
        const auto* h = detail<HotspotFinding>(f, FindingKind::Hotspot);
        QVERIFY(h != nullptr);
        QVERIFY(h->stage == Stage::Down || h->stage == Stage::Up); // the proxy hops dominate
        QVERIFY(config.wrapper(h->wrapper).kind == WrapperKind::Proxy);
        QCOMPARE(h->shareOfCall, h->meanNs / report.thread(h->thread)->callTime.mean);
        QVERIFY(h->hops >= 2);
        QVERIFY(h->shareOfPath >= kHopShareOfPath && h->shareOfPath > h->shareOfCall);
        QVERIFY(suggests(f, SuggestionKind::FewerHops));
    }

    void mpiRunGetsItsWaitState()
    {
        const MpiTrace trace = testing::lateRankTrace(4, 2, 20'000, 50);
        auto run = collectiveRun(trace, 0, MpiCall::Allreduce, RunShape::Flat);
        QVERIFY(run.ok());
        auto waits = analyzeWaitStates(trace);
        QVERIFY(waits.ok());
        FindingInputs inputs;
        inputs.waitStates = &waits.value();
        const Findings f = findFindings(analyze(run.value()), inputs);
        const Finding* found = f.find(FindingKind::WaitState);
        QVERIFY(found != nullptr);
        QCOMPARE(found->view, FindingView::WaitStates);
        const auto& w = std::get<WaitStateFinding>(found->detail);
        QCOMPARE(w.pattern, WaitPattern::WaitAtNxN);
        QCOMPARE(w.mainCause, 2);
        QCOMPARE(w.causeShare, 1.0);
        QCOMPARE(w.waitNs, std::int64_t(3 * 20'000 * 50));
        QCOMPARE(f.idOf(w.wrapper), std::string("r2"));
        // The culprit of the stage tree is the same rank: one suggestion names it.
        QCOMPARE(f.idOf(std::get<CulpritFinding>(f.findings.front().detail).thread),
                 std::string("r2"));
        QVERIFY(!suggests(f, SuggestionKind::BalanceRank));
        // Its departures are the MPI library's: no advice to reshape that tree.
        QVERIFY(!suggests(f, SuggestionKind::SplitGred));
        const auto json = findingsToJson(f);
        QCOMPARE(json["items"][2]["kind"].get<std::string>(), std::string("wait_state"));
        QCOMPARE(json["items"][2]["main_cause"].get<int>(), 2);
    }

    void clocksAndLossesSayWhatIsWrong()
    {
        const Configuration config = fourByFour();
        const AnalysisReport report = simulate(config, {});
        std::vector<HostClock> clocks(4);
        for (int i = 0; i < 4; ++i) {
            clocks[i].host = "n" + std::to_string(i);
            clocks[i].reference = i == 0;
            clocks[i].measured = i != 3;
            clocks[i].errorBoundNs = i == 3 ? std::nullopt : std::optional<std::int64_t>(500);
        }
        clocks[1].residual.maxViolationNs = 2'000; // beyond its bound
        RecordingHealth health;
        health.gatherRatePct = 97.5;
        health.written = 4000;
        health.overwritten = 100;
        health.slowdownPct = 8.0;
        FindingInputs inputs;
        inputs.clocks = &clocks;
        inputs.recording = health;
        const Findings f = findFindings(report, inputs);
        const Finding* c = f.find(FindingKind::Clocks);
        QCOMPARE(c->severity, Severity::Problem);
        const auto& d = std::get<ClockFinding>(c->detail);
        QCOMPARE(d.hosts, 4);
        QCOMPARE(d.modelled, 3);
        QCOMPARE(d.unmeasured, 1);
        QCOMPARE(d.firstUnmeasured, std::string("n3"));
        QCOMPARE(d.worstResidualNs, std::int64_t(2'000));
        QCOMPARE(d.residualHost, std::string("n1"));
        QVERIFY(d.residualBeyondBound);
        QCOMPARE(f.find(FindingKind::Gathering)->severity, Severity::Problem);
        QVERIFY(suggests(f, SuggestionKind::GatherMore));
        QVERIFY(suggests(f, SuggestionKind::Coschedule));
        QVERIFY(suggests(f, SuggestionKind::MeasureClocks));
        // Without models the clocks of several hosts are not known: a notice, no problem.
        const Findings bare = findFindings(report);
        QCOMPARE(bare.find(FindingKind::Clocks)->severity, Severity::Notice);
        QVERIFY(bare.find(FindingKind::Gathering) == nullptr);
        QCOMPARE(bare.find(FindingKind::Completeness)->severity, Severity::Fine);
    }

    // A daemon on n0 every second over 8 s of calls (tst_periodicity's run): the overview says
    // the period and whom it hits, and where to look.
    void periodicDaemonIsNamed()
    {
        const Configuration config = tree(1, 4, TreeShape::Flat);
        testing::SimulationSpec spec{.calls = 40'000, .seed = 7};
        spec.stall = {.period = 1'000'000'000,
                      .phase = 350'000'000,
                      .window = 400'000,
                      .delay = 2'000'000,
                      .thread = "n0.t1"};
        const auto tuples = testing::simulateTrace(config, spec);
        const OverTimeAnalysis overTime = analyzeOverTime(config, tuples);
        FindingInputs inputs;
        inputs.periodic = &overTime.periodic;
        const Findings f = findFindings(analyze(config, tuples), inputs);
        const Finding* found = f.find(FindingKind::Periodic);
        QVERIFY2(found != nullptr, dump(f).constData());
        QCOMPARE(found->severity, Severity::Problem);
        // Shown where the run's calls are drawn over time, with their period.
        QCOMPARE(found->view, FindingView::OverTime);
        QCOMPARE(findingViewKey(found->view), std::string_view("overtime"));
        const auto& p = std::get<PeriodicFinding>(found->detail);
        QVERIFY(p.periodic);
        QVERIFY(std::abs(p.periodNs - 1e9) < 0.01 * 1e9);
        QCOMPARE(f.idOf(p.victim), std::string("n0.t1"));
        QCOMPARE(p.matchedCalls, std::int64_t(16));
        QVERIFY(suggests(f, SuggestionKind::QuietHost));
        for (const Suggestion& s : f.suggestions) {
            if (s.kind == SuggestionKind::QuietHost) {
                QCOMPARE(s.view, FindingView::OverTime);
            }
        }
        QVERIFY(f.find(FindingKind::Culprit) == nullptr); // 16 calls of 40 000: no culprit
        // Without the over-time analysis there is no such finding.
        QVERIFY(findFindings(analyze(config, tuples)).find(FindingKind::Periodic) == nullptr);
    }

    void runWithoutCallsIsBalancedAndEmpty()
    {
        const Configuration config = fourByFour();
        const Findings f = findFindings(analyze(config, std::span<const Tuple>()));
        QCOMPARE(f.calls, std::int64_t(0));
        const auto* b = detail<BalancedFinding>(f, FindingKind::Balanced);
        QCOMPARE(b->mostOftenLast.thread, -1);
        QVERIFY(f.suggestions.empty());
        QCOMPARE(findingsToJson(f)["items"][0]["kind"].get<std::string>(), std::string("balanced"));
    }
};

QTEST_GUILESS_MAIN(TestFindings)
#include "tst_findings.moc"
