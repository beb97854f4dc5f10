// `xylem-cli analyze`'s findings as text (app/cli/findingstext.h): what was planted in a generated
// run is named in words with its numbers and the view that shows it; a balanced run says so; an
// MPI run's wait state names the late rank; a recording's accounting comes in through
// runFindings with lost nodes counted once per node.

#include "app/cli/findingstext.h"
#include "core/analysis/analyzer.h"
#include "core/model/mpiruns.h"
#include "core/model/treegenerator.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <sstream>

using namespace xylem;

namespace {

Configuration twoByFour()
{
    auto config = generateTree(
        {"2x4", {{"a", "c0"}, {"b", "c0"}}, 4, TreeShape::HierarchyAware, 2, RootKind::Core});
    if (!config) {
        qFatal("generateTree: %s", config.error().describe().c_str());
    }
    return config.value();
}

std::string text(const Findings& f)
{
    std::ostringstream out;
    cli::printFindings(out, f);
    return out.str();
}

bool has(const std::string& text, const char* part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestFindingsText : public QObject
{
    Q_OBJECT

private slots:
    void culpritLineNamesThePlantedThread()
    {
        const Configuration config = twoByFour();
        testing::SimulationSpec spec;
        spec.culprit = "b.t2";
        spec.culpritDelay = 30'000;
        const std::string t =
            text(cli::runFindings(analyze(config, testing::simulateTrace(config, spec))));
        QVERIFY2(has(t, "  ! Culprit: b.t2 (host b) is the last arrival at the root in 100.0 % "
                        "of calls; at host.b the others wait at least "),
                 t.c_str());
        QVERIFY2(has(t, "of the mean operation time [weighted tree]\n"), t.c_str());
        QVERIFY2(has(t, "What to try next:\n  > Balance b.t2's work or move it off host b"),
                 t.c_str());
        QVERIFY2(has(t, "Findings (100 calls, mean operation time "), t.c_str());
        QVERIFY2(has(t, "  - All 100 calls complete [timeline]\n"), t.c_str());
        QVERIFY2(has(t, "  * Clocks: 2 hosts and no clock model stored"), t.c_str());
    }

    void balancedAndSteepRun()
    {
        const Configuration config = twoByFour();
        testing::SimulationSpec spec;
        spec.departureStep = 20'000;
        const std::string t =
            text(cli::runFindings(analyze(config, testing::simulateTrace(config, spec))));
        QVERIFY2(has(t, "  - Balanced: no single culprit. The most frequent last arrival, "),
                 t.c_str());
        QVERIFY2(!has(t, "Culprit:"), t.c_str());
        QVERIFY2(has(t, "  ! Steep departure serialization at host."), t.c_str());
        QVERIFY2(has(t, "of 4 departures the first leaves "), t.c_str());
        QVERIFY2(has(t, " [serialization]\n"), t.c_str());
        QVERIFY2(has(t, "  > Run fewer threads on host "), t.c_str());
    }

    void mpiWaitStateNamesTheLateRank()
    {
        const MpiTrace trace = testing::lateRankTrace(4, 1, 20'000, 10);
        auto run = collectiveRun(trace, 0, MpiCall::Allreduce, RunShape::Flat);
        auto waits = analyzeWaitStates(trace);
        QVERIFY(run.ok() && waits.ok());
        const std::string t = text(cli::runFindings(analyze(run.value()), &waits.value()));
        QVERIFY2(has(t, "MPI wait states: Wait at N x N leads with "), t.c_str());
        QVERIFY2(has(t, " in 30 waits, 99.3 % of the time in MPI; rank 1 caused 100.0 % of it"),
                 t.c_str());
        QVERIFY2(has(t, "; rank 1 caused 100.0 % of it [wait states]\n"), t.c_str());
        QVERIFY2(has(t, "Clocks: one host, one clock") || has(t, "Clocks: 4 hosts"), t.c_str());
    }

    // The periodic outliers as the over-time analysis gives them (tst_periodicity checks those).
    void periodicSlowCalls()
    {
        const Configuration config = twoByFour();
        const AnalysisReport report = analyze(config, testing::simulateTrace(config, {}));
        PeriodicOutliers periodic;
        periodic.periodic = true;
        periodic.slowCalls = 10;
        periodic.strikes = 5;
        periodic.matchedCalls = 8;
        periodic.periodNs = 1e9;
        periodic.phaseNs = 350e6;
        periodic.meanExtraNs = 2e6;
        periodic.victim = config.indexOf("a.t1");
        periodic.victimShare = 1.0;
        const std::string t = text(cli::runFindings(report, nullptr, {}, nullptr, &periodic));
        QVERIFY2(has(t, "  ! Periodic slow calls: every "), t.c_str());
        QVERIFY2(has(t, ", 8 of 10 slow calls, "), t.c_str());
        QVERIFY2(has(t, "; late in 100.0 % of them: a.t1 (host a) [over time]\n"), t.c_str());
        QVERIFY2(has(t, "  > Look for a daemon or timer on host a: something there delays a.t1 "
                        "periodically [over time]\n"),
                 t.c_str());
        periodic.periodic = false;
        QVERIFY(has(text(cli::runFindings(report, nullptr, {}, nullptr, &periodic)),
                    "  * 10 slow calls (above "));
    }

    void accountingOfARecording()
    {
        const Configuration config = twoByFour();
        const AnalysisReport report = analyze(config, testing::simulateTrace(config, {}));
        store::StoredAccounting a;
        a.written = 4000;
        a.read = 3900;
        a.overwritten = 100;
        a.gatherRatePct = 97.5;
        a.slowdownPct = 8.0;
        store::NodeEpisode lost;
        lost.lost = true;
        lost.node = 3;
        a.episodes = {lost, lost}; // one node lost twice
        const Findings f = cli::runFindings(report, nullptr, {}, &a);
        const std::string t = text(f);
        QVERIFY2(has(t, "  ! Gathering: 97.5 % of the recorded tuples gathered, 100 of 4000 "
                        "overwritten before they were read; 1 node(s) lost, 0 slow; the program "
                        "ran 8.0 % slower monitored [monitors]\n"),
                 t.c_str());
        QVERIFY2(has(t, "  > Tuples were overwritten: give the rings more room or pull more often"),
                 t.c_str());
        QVERIFY2(has(t, "  > Monitoring slowed the program: coschedule"), t.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFindingsText)
#include "tst_findingstext.moc"
