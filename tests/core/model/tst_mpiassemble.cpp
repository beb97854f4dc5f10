// The MpiTrace of a recorded run from its decoded calls and rank 0's description: a complete
// description is taken as it is, and a call it does not know is refused with the call named;
// without a description the ranks and communicators are made from the calls; a description
// written at MPI_Init only (the program died) gains the communicators made later.

#include "core/model/mpiassemble.h"

#include <QtTest>

using namespace xylem;

namespace {

MpiEvent call(int rank, MpiCall kind, std::int32_t communicator, std::int64_t seq)
{
    MpiEvent e;
    e.rank = rank;
    e.call = kind;
    e.communicator = communicator;
    e.seq = seq;
    e.enter = 100 * seq;
    e.exit = e.enter + 10;
    return e;
}

// Two ranks on hosts a and b, the world only, as rank 0 writes it at MPI_Init.
MpiRunInfo described(bool complete)
{
    MpiRunInfo info;
    info.trace.ranks = {{0, "a", "x"}, {1, "b", "x"}};
    info.trace.communicators = {{0, "MPI_COMM_WORLD", {0, 1}}};
    info.trace.referenceHost = "a";
    info.trace.clockSamples = {{"b", "", 5, 7, 2}};
    info.complete = complete;
    return info;
}

} // namespace

class TestMpiAssemble : public QObject
{
    Q_OBJECT

private slots:
    void completeDescriptionIsTakenAsItIs()
    {
        const std::vector<MpiEvent> events{call(0, MpiCall::Barrier, 0, 0),
                                           call(1, MpiCall::Barrier, 0, 0)};
        const auto trace = assembleMpiTrace(described(true), events);
        QVERIFY(trace.ok());
        QCOMPARE(trace->ranks.size(), size_t(2));
        QCOMPARE(trace->ranks[1].host, std::string("b"));
        QCOMPARE(trace->communicators.size(), size_t(1));
        QCOMPARE(trace->events, events);
        QCOMPARE(trace->referenceHost, std::string("a"));
        QCOMPARE(trace->clockSamples.size(), size_t(1));
    }

    void unknownRankOrCommunicatorIsNamed()
    {
        const auto rank = assembleMpiTrace(described(true), {call(2, MpiCall::Allreduce, 0, 3)});
        QVERIFY(!rank.ok());
        QCOMPARE(rank.error().code, ErrorCode::InvalidTrace);
        QVERIFY2(rank.error().describe().find("rank 2") != std::string::npos &&
                     rank.error().describe().find("MPI_Allreduce seq 3") != std::string::npos,
                 rank.error().describe().c_str());
        const auto comm = assembleMpiTrace(described(true), {call(0, MpiCall::Barrier, 9, 0)});
        QVERIFY(!comm.ok());
        QVERIFY2(comm.error().describe().find("communicator 9") != std::string::npos,
                 comm.error().describe().c_str());
        // An incomplete description gains communicators, never ranks.
        QVERIFY(!assembleMpiTrace(described(false), {call(5, MpiCall::Barrier, 0, 0)}).ok());
    }

    void withoutDescriptionTheCallsSayWhoWasThere()
    {
        const auto trace = assembleMpiTrace(
            std::nullopt, {call(0, MpiCall::Barrier, 0, 0), call(2, MpiCall::Barrier, 0, 0),
                           call(2, MpiCall::Allreduce, 7, 0), call(0, MpiCall::Allreduce, 7, 0)});
        QVERIFY(trace.ok());
        QCOMPARE(trace->ranks.size(), size_t(3)); // 0..2: rank 1 made no call but exists
        QCOMPARE(trace->ranks[1].host, std::string());
        QCOMPARE(trace->communicators.size(), size_t(2));
        QCOMPARE(trace->communicators[0].worldRanks, std::vector<int>({0, 1, 2}));
        QCOMPARE(trace->communicators[1].id, 7);
        QCOMPARE(trace->communicators[1].worldRanks, std::vector<int>({0, 2}));
        QVERIFY(trace->clockSamples.empty());
    }

    void diedBeforeFinalizeKeepsLaterCommunicators()
    {
        // Communicator 4 was split off after MPI_Init: only the complete description has it.
        const std::vector<MpiEvent> events{call(0, MpiCall::Allreduce, 4, 0),
                                           call(1, MpiCall::Allreduce, 4, 0),
                                           call(1, MpiCall::Barrier, 0, 0)};
        const auto trace = assembleMpiTrace(described(false), events);
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().describe().c_str());
        QCOMPARE(trace->ranks[0].host, std::string("a")); // the description's ranks stay
        QCOMPARE(trace->communicators.size(), size_t(2));
        QCOMPARE(trace->communicator(4)->worldRanks, std::vector<int>({0, 1}));
        QCOMPARE(trace->communicator(4)->name, std::string("comm 4"));
        QCOMPARE(trace->events.size(), size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestMpiAssemble)
#include "tst_mpiassemble.moc"
