// MPI collectives per (communicator, kind) (metrics.md §9): a trace with Allreduce, Bcast and
// Reduce gives one group per kind with its time, the default is the kind with the most time,
// only synchronizing kinds become stage trees (and then no stage is negative), rooted kinds get
// the root-aware summary that finds their late rank, a non-blocking Iallreduce departs at its
// completion, and the stage guard tells a negative stage the clocks explain from one they do not.

#include "core/analysis/analyzer.h"
#include "core/analysis/rootedsummary.h"
#include "core/analysis/stageguard.h"
#include "core/model/mpikinds.h"
#include "core/model/mpiruns.h"
#include "tests/support/mpitracebuilder.h"

#include <QtTest>

using namespace xylem;

namespace {

constexpr int kRanks = 4;
constexpr int kCalls = 5;

// Per iteration i (base 1000 * i): an Allreduce every rank enters at base + r and leaves at
// base + 100; a Bcast from root 0 that rank 0 enters late (base + 300, the others at base + 200)
// (each leaves 105 ns after it came); a Reduce to root 0 that rank 2 enters last (base + 700,
// the others base + 500), the non-roots leaving 10 ns after they came, the root at base + 750.
testing::MpiTraceBuilder mixedTrace()
{
    testing::MpiTraceBuilder b;
    for (int r = 0; r < kRanks; ++r) {
        b.rank(r < 2 ? "a" : "b");
    }
    b.world();
    for (int i = 0; i < kCalls; ++i) {
        const std::int64_t base = 1000 * i;
        for (int r = 0; r < kRanks; ++r) {
            b.collective(r, MpiCall::Allreduce, 3 * i, base + r, base + 100);
            b.collective(r, MpiCall::Bcast, 3 * i + 1, base + (r == 0 ? 300 : 200 + r),
                         base + (r == 0 ? 310 : 305 + r), 0);
            b.collective(r, MpiCall::Reduce, 3 * i + 2, base + (r == 2 ? 700 : 500),
                         base + (r == 0 ? 750 : (r == 2 ? 710 : 510)), 0);
        }
    }
    return b;
}

bool anyNegativeStage(const AnalysisReport& report)
{
    return !checkStages(report, {}).clean();
}

} // namespace

class TestMpiRunKinds : public QObject
{
    Q_OBJECT

private slots:
    void groupsOneKindPerCommunicator()
    {
        const auto groups = collectiveKinds(mixedTrace().trace());
        QCOMPARE(groups.size(), size_t(3));
        // Time per call: Allreduce 100+99+98+97; Bcast 10 + 3*105; Reduce 250 + 3*10.
        QCOMPARE(groups[0].call, MpiCall::Allreduce);
        QCOMPARE(groups[0].timeNs, std::int64_t(kCalls * (100 + 99 + 98 + 97)));
        QCOMPARE(groups[1].call, MpiCall::Bcast);
        QCOMPARE(groups[1].timeNs, std::int64_t(kCalls * (10 + 3 * 105)));
        QCOMPARE(groups[2].call, MpiCall::Reduce);
        QCOMPARE(groups[2].timeNs, std::int64_t(kCalls * (250 + 3 * 10)));
        for (const MpiKindGroup& g : groups) {
            QCOMPARE(g.communicator, 0);
            QCOMPARE(g.instances, std::int64_t(kCalls));
            QCOMPARE(g.complete, std::int64_t(kCalls));
        }
        QCOMPARE(defaultKind(groups)->call, MpiCall::Allreduce);
        QCOMPARE(kindLabel(mixedTrace().trace(), 0, MpiCall::Bcast),
                 std::string("MPI_Bcast on MPI_COMM_WORLD"));
    }

    void theDefaultIsTheKindWithTheMostTime()
    {
        auto b = mixedTrace();
        // Ten long Barriers make the Barrier the kind with the most time.
        for (int i = 0; i < 10; ++i) {
            for (int r = 0; r < kRanks; ++r) {
                b.collective(r, MpiCall::Barrier, 100 + i, 100000 + 10000 * i,
                             100000 + 10000 * i + 5000);
            }
        }
        const auto groups = collectiveKinds(b.trace());
        QCOMPARE(defaultKind(groups)->call, MpiCall::Barrier);
        QCOMPARE(groups.front().call, MpiCall::Barrier);
        // An incomplete kind is never the default, however long.
        for (int r = 0; r < kRanks - 1; ++r) {
            b.collective(r, MpiCall::Scan, 200, 10'000'000, 90'000'000);
        }
        const auto withScan = collectiveKinds(b.trace());
        QCOMPARE(withScan.front().call, MpiCall::Scan);
        QCOMPARE(withScan.front().complete, std::int64_t(0));
        QCOMPARE(defaultKind(withScan)->call, MpiCall::Barrier);
    }

    void eachSynchronizingKindIsItsOwnRunWithoutNegativeStages()
    {
        const auto b = mixedTrace();
        const MpiTrace& trace = b.trace();
        for (const RunShape shape : {RunShape::Flat, RunShape::Hierarchy}) {
            const auto run = collectiveRun(trace, 0, MpiCall::Allreduce, shape);
            QVERIFY2(run.ok(), run ? "" : run.error().describe().c_str());
            QCOMPARE(run->tuples.size() % kCalls, size_t(0));
            for (const Tuple& t : run->tuples) {
                QCOMPARE(t.op, std::uint16_t(MpiCall::Allreduce));
            }
            const AnalysisReport report = analyze(run.value());
            QCOMPARE(report.calls, std::int64_t(kCalls));
            QCOMPARE(report.incompleteCalls, std::int64_t(0));
            QVERIFY(!anyNegativeStage(report));
            // The default of the communicator is the same run.
            QCOMPARE(collectiveRun(trace, 0, shape)->tuples.size(), run->tuples.size());
        }
    }

    void rootedKindsFormNoStageTree()
    {
        for (const MpiCall call : {MpiCall::Bcast, MpiCall::Reduce, MpiCall::Gatherv,
                                   MpiCall::Ibcast, MpiCall::Send}) {
            const auto run = collectiveRun(mixedTrace().trace(), 0, call, RunShape::Flat);
            QVERIFY(!run.ok());
            QCOMPARE(run.error().code, ErrorCode::InvalidArgument);
            QVERIFY(run.error().message.find(mpiCallName(call)) != std::string::npos);
        }
        // Prefix reductions: rank 0 may leave before the last rank arrives.
        for (const MpiCall prefix : {MpiCall::Scan, MpiCall::Exscan, MpiCall::Iscan,
                                     MpiCall::Iexscan}) {
            QVERIFY(isPrefix(prefix));
            QVERIFY(!formsStageTree(prefix));
        }
        QVERIFY(!isPrefix(MpiCall::Allreduce));
        QVERIFY(formsStageTree(MpiCall::Iallreduce));
        QVERIFY(formsStageTree(MpiCall::CommSplit));
        QVERIFY(!formsStageTree(MpiCall::Ireduce));
    }

    // What one mixed tree did (issue 21): Bcast and Reduce taken as if they synchronized give a
    // negative "operation"; the guard finds it and, on one clock, says the clocks are not the
    // cause; with a residual skew as large, it says they are.
    void theGuardNamesNegativeStagesAndTheirCause()
    {
        MpiTrace mixed = mixedTrace().trace();
        for (MpiEvent& e : mixed.events) {
            e.call = MpiCall::Allreduce;
        }
        const auto run = collectiveRun(mixed, 0, MpiCall::Allreduce, RunShape::Flat);
        QVERIFY(run.ok());
        const AnalysisReport report = analyze(run.value());
        const StageGuard oneClock = checkStages(report, {});
        QVERIFY(!oneClock.clean());
        QVERIFY(oneClock.worstNs < 0);
        QVERIFY(!oneClock.explainedByClocks);
        const std::string said = describe(oneClock, report);
        QVERIFY2(said.find("not explained by the clocks") != std::string::npos, said.c_str());
        QVERIFY2(said.find("operation") != std::string::npos, said.c_str());

        HostClock skewed;
        skewed.host = "b";
        skewed.residual.maxViolationNs = static_cast<std::int64_t>(-oneClock.worstNs) + 1;
        const StageGuard clocks = checkStages(report, {skewed});
        QVERIFY(clocks.explainedByClocks);
        QCOMPARE(clocks.skewedHost, std::string("b"));
        const std::string blamed = describe(clocks, report);
        QVERIFY2(blamed.find("the clocks are the cause") != std::string::npos, blamed.c_str());
        QVERIFY2(blamed.find("host b") != std::string::npos, blamed.c_str());
        QVERIFY(describe(checkStages(analyze(collectiveRun(mixedTrace().trace(), 0,
                                                           RunShape::Flat)
                                                 .value()),
                                     {skewed}),
                         report)
                    .empty());
    }

    void lateBroadcastFindsTheLateRoot()
    {
        const auto s = summarizeRooted(mixedTrace().trace(), 0, MpiCall::Bcast);
        QVERIFY2(s.ok(), s ? "" : s.error().describe().c_str());
        QVERIFY(s->oneToAll);
        QCOMPARE(s->complete, std::int64_t(kCalls));
        QCOMPARE(s->lateRank, 0);
        // Non-root r waits from 200 + r until the root arrives at 300.
        QCOMPARE(s->waitPerInstance.mean, double(99 + 98 + 97));
        QCOMPARE(s->ranks[1].waitNs, std::int64_t(kCalls * 99));
        QCOMPARE(s->ranks[0].causedNs, std::int64_t(kCalls * (99 + 98 + 97)));
        QCOMPARE(s->ranks[0].asRoot, std::int64_t(kCalls));
        QVERIFY(s->waitPerInstance.min >= 0);
    }

    void earlyReduceFindsTheLateContributor()
    {
        const auto s = summarizeRooted(mixedTrace().trace(), 0, MpiCall::Reduce);
        QVERIFY(s.ok());
        QVERIFY(!s->oneToAll);
        QCOMPARE(s->lateRank, 2);
        QCOMPARE(s->waitPerInstance.mean, 200.0); // root in at 500, rank 2 at 700
        QCOMPARE(s->ranks[0].waitNs, std::int64_t(kCalls * 200));
        QCOMPARE(s->ranks[2].lateCount, std::int64_t(kCalls));
        QCOMPARE(s->rootCallTime.mean, 250.0);
        QCOMPARE(summarizeRooted(mixedTrace().trace(), 0, MpiCall::Allreduce).error().code,
                 ErrorCode::InvalidArgument);
        QCOMPARE(summarizeRooted(mixedTrace().trace(), 7, MpiCall::Reduce).error().code,
                 ErrorCode::NotFound);
    }

    // Iallreduce: arrival at the start's enter, departure at the exit of the Wait completing it.
    void nonBlockingDepartsAtItsCompletion()
    {
        testing::MpiTraceBuilder b;
        b.rank("a").rank("a").world();
        MpiTrace trace = b.trace();
        for (int r = 0; r < 2; ++r) {
            MpiEvent start = testing::MpiTraceBuilder::event(r, MpiCall::Iallreduce, 10 * r,
                                                             10 * r + 2);
            trace.events.push_back(start);
            if (r == 0) { // rank 1 never completes it
                MpiEvent done = testing::MpiTraceBuilder::event(r, MpiCall::Wait, 50, 90);
                done.completes = MpiCompletion::Collective;
                trace.events.push_back(done);
            }
        }
        auto groups = collectiveKinds(trace);
        QCOMPARE(groups.size(), size_t(1));
        QCOMPARE(groups[0].complete, std::int64_t(0));
        auto run = collectiveRun(trace, 0, MpiCall::Iallreduce, RunShape::Flat);
        QVERIFY(run.ok());
        QCOMPARE(run->tuples.size(), size_t(1));
        QCOMPARE(run->tuples[0].down, std::int64_t(0));
        QCOMPARE(run->tuples[0].up, std::int64_t(90));

        MpiEvent done = testing::MpiTraceBuilder::event(1, MpiCall::Waitall, 60, 70);
        done.completes = MpiCompletion::Collective;
        trace.events.push_back(done);
        groups = collectiveKinds(trace);
        QCOMPARE(groups[0].complete, std::int64_t(1));
        QCOMPARE(groups[0].timeNs, std::int64_t(90 + 60));
        run = collectiveRun(trace, 0, MpiCall::Iallreduce, RunShape::Flat);
        const AnalysisReport report = analyze(run.value());
        QCOMPARE(report.calls, std::int64_t(1));
        QCOMPARE(report.operationTime.mean, 90.0);
        QVERIFY(!anyNegativeStage(report));
    }

    void kindsAreNamedTheWayUsersTypeThem()
    {
        QCOMPARE(collectiveFromName("allreduce"), std::optional(MpiCall::Allreduce));
        QCOMPARE(collectiveFromName("MPI_Bcast"), std::optional(MpiCall::Bcast));
        QCOMPARE(collectiveFromName("mpi_reduce_scatter_block"),
                 std::optional(MpiCall::ReduceScatterBlock));
        QCOMPARE(collectiveFromName("iallreduce"), std::optional(MpiCall::Iallreduce));
        QVERIFY(!collectiveFromName("send"));
        QVERIFY(!collectiveFromName("allreduc"));
        const std::string names = collectiveShortNames();
        QVERIFY(names.starts_with("allreduce, reduce, bcast"));
        QVERIFY(names.find("send") == std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMpiRunKinds)
#include "tst_mpirunkinds.moc"
