// A communicator's collectives as a Run: the flat and hierarchical trees, measured tuples of the
// ranks, derived tuples of inner greds, incomplete instances, and inputs that are refused with
// the offending event named.

#include "core/model/mpiruns.h"
#include "tests/support/mpitracebuilder.h"

#include <QtTest>

#include <algorithm>

using namespace xylem;

namespace {

// Ranks 0,1 on host a, 2 on b (cluster x); 3 on c (cluster y).
testing::MpiTraceBuilder fourRanks()
{
    testing::MpiTraceBuilder b;
    b.rank("a", "x").rank("a", "x").rank("b", "x").rank("c", "y").world();
    return b;
}

const Tuple* tupleOf(const Run& run, std::string_view wrapper, std::int64_t seq)
{
    const int w = run.configuration.indexOf(wrapper);
    const auto it = std::find_if(run.tuples.begin(), run.tuples.end(), [&](const Tuple& t) {
        return t.seq == seq && static_cast<int>(t.collector) == w;
    });
    return it == run.tuples.end() ? nullptr : &*it;
}

std::string parentOf(const Run& run, std::string_view wrapper)
{
    const int parent = run.configuration.wrapper(run.configuration.indexOf(wrapper)).parent;
    return parent < 0 ? "" : run.configuration.wrapper(parent).id;
}

} // namespace

class TestMpiRuns : public QObject
{
    Q_OBJECT

private slots:
    void flatPutsEveryRankUnderTheRoot()
    {
        auto b = fourRanks();
        b.collective(0, MpiCall::Allreduce, 0, 10, 50).collective(1, MpiCall::Allreduce, 0, 20, 55);
        b.collective(2, MpiCall::Allreduce, 0, 30, 60).collective(3, MpiCall::Allreduce, 0, 5, 70);
        b.p2p(0, MpiCall::Send, 1, 0, 100, 110); // ignored
        auto run = collectiveRun(b.trace(), 0, RunShape::Flat);
        QVERIFY2(run.ok(), run ? "" : run.error().describe().c_str());
        QCOMPARE(run->configuration.wrapperCount(), 5);
        QCOMPARE(run->configuration.wrapper(run->configuration.root()).id, std::string("comm0"));
        QCOMPARE(parentOf(run.value(), "r3"), std::string("comm0"));
        QCOMPARE(run->tuples.size(), size_t(4));
        const Tuple* t = tupleOf(run.value(), "r1", 0);
        QVERIFY(t);
        QCOMPARE(t->down, std::int64_t(20));
        QCOMPARE(t->up, std::int64_t(55));
        QCOMPARE(t->op, std::uint16_t(MpiCall::Allreduce));
    }

    void hierarchyDerivesInnerEdges()
    {
        auto b = fourRanks();
        b.collective(0, MpiCall::Barrier, 0, 10, 50).collective(1, MpiCall::Barrier, 0, 20, 55);
        b.collective(2, MpiCall::Barrier, 0, 30, 60).collective(3, MpiCall::Barrier, 0, 5, 70);
        auto run = collectiveRun(b.trace(), 0, RunShape::Hierarchy);
        QVERIFY2(run.ok(), run ? "" : run.error().describe().c_str());
        QCOMPARE(parentOf(run.value(), "r1"), std::string("host:a"));
        QCOMPARE(parentOf(run.value(), "host:a"), std::string("cluster:x"));
        QCOMPARE(parentOf(run.value(), "host:c"), std::string("cluster:y"));
        QCOMPARE(parentOf(run.value(), "cluster:y"), std::string("comm0"));
        // host a: last arrival 20, first departure 50; cluster x adds host b (30, 60).
        QCOMPARE(tupleOf(run.value(), "host:a", 0)->down, std::int64_t(20));
        QCOMPARE(tupleOf(run.value(), "host:a", 0)->up, std::int64_t(50));
        QCOMPARE(tupleOf(run.value(), "cluster:x", 0)->down, std::int64_t(30));
        QCOMPARE(tupleOf(run.value(), "cluster:x", 0)->up, std::int64_t(50));
        QCOMPARE(tupleOf(run.value(), "cluster:y", 0)->down, std::int64_t(5));
        QCOMPARE(run->tuples.size(), size_t(4 + 3 + 2));
    }

    void meaninglessLevelsAreLeftOut()
    {
        testing::MpiTraceBuilder oneCluster;
        oneCluster.rank("a", "x").rank("b", "x").world();
        auto run = collectiveRun(oneCluster.trace(), 0, RunShape::Hierarchy);
        QCOMPARE(parentOf(run.value(), "host:b"), std::string("comm0")); // no cluster level
        testing::MpiTraceBuilder oneHost;
        oneHost.rank("a", "").rank("a", "").world();
        auto flat = collectiveRun(oneHost.trace(), 0, RunShape::Hierarchy);
        QCOMPARE(flat->configuration.wrapperCount(), 3); // neither level
    }

    void missingRankLeavesTheInstanceIncomplete()
    {
        auto b = fourRanks();
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Barrier, 0, 10 + r, 90);
        }
        for (int r : {0, 2, 3}) { // rank 1 never enters call 1
            b.collective(r, MpiCall::Barrier, 1, 100 + r, 190);
        }
        auto run = collectiveRun(b.trace(), 0, RunShape::Hierarchy);
        QVERIFY(run.ok());
        QVERIFY(tupleOf(run.value(), "r0", 1));
        QVERIFY(!tupleOf(run.value(), "r1", 1));
        QVERIFY(!tupleOf(run.value(), "host:a", 1));    // never guessed from one child
        QVERIFY(!tupleOf(run.value(), "cluster:x", 1)); // nor above it
        QVERIFY(tupleOf(run.value(), "host:b", 1));
        QVERIFY(tupleOf(run.value(), "cluster:x", 0));
    }

    void subCommunicatorUsesItsMembersOnly()
    {
        auto b = fourRanks();
        b.communicator(5, "evens", {2, 0});
        b.collective(2, MpiCall::Allreduce, 0, 1, 9, -1, 5)
            .collective(0, MpiCall::Allreduce, 0, 3, 9, -1, 5);
        b.collective(1, MpiCall::Allreduce, 0, 1, 9); // world: ignored here
        auto run = collectiveRun(b.trace(), 5, RunShape::Flat);
        QVERIFY(run.ok());
        QCOMPARE(run->configuration.name(), std::string("evens"));
        const auto& threads = run->configuration.threads();
        QCOMPARE(run->configuration.wrapper(threads[0]).id, std::string("r2"));
        QCOMPARE(run->tuples.size(), size_t(2));
    }

    void badInputIsAnErrorNamingTheEvent_data()
    {
        QTest::addColumn<int>("problem");
        QTest::addColumn<QString>("message");
        QTest::newRow("exit before enter")
            << 0 << "event 1 (MPI_Barrier of rank 1, seq 0): exit is before enter";
        QTest::newRow("outsider")
            << 1 << "event 1 (MPI_Barrier of rank 3, seq 0): the rank is not in communicator 5";
        QTest::newRow("mixed calls") << 2
                                     << "event 1 (MPI_Allreduce of rank 1, seq 0): the instance "
                                        "began as MPI_Barrier (event 0)";
        QTest::newRow("twice")
            << 3 << "event 1 (MPI_Barrier of rank 0, seq 0): the rank calls this instance twice";
    }
    void badInputIsAnErrorNamingTheEvent()
    {
        QFETCH(int, problem);
        QFETCH(QString, message);
        auto b = fourRanks();
        b.communicator(5, "pair", {0, 1});
        b.collective(0, MpiCall::Barrier, 0, 10, 20, -1, 5);
        const int rank = problem == 1 ? 3 : problem == 3 ? 0 : 1;
        const MpiCall call = problem == 2 ? MpiCall::Allreduce : MpiCall::Barrier;
        b.collective(rank, call, 0, 15, problem == 0 ? 14 : 30, -1, 5);
        auto run = collectiveRun(b.trace(), 5, RunShape::Flat);
        QVERIFY(!run.ok());
        QCOMPARE(run.error().code, ErrorCode::InvalidTrace);
        QCOMPARE(QString::fromStdString(run.error().describe()), message);
    }

    void unknownCommunicatorIsNotFound()
    {
        auto run = collectiveRun(fourRanks().trace(), 9, RunShape::Flat);
        QCOMPARE(run.error().code, ErrorCode::NotFound);
        QVERIFY(run.error().describe().find("communicator 9") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMpiRuns)
#include "tst_mpiruns.moc"
