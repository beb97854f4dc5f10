// The wait-state patterns on hand-made traces with exact severities: each pattern, ties, the
// grid part, instances with a missing rank, unmatched messages, call sites, and bad input.

#include "core/analysis/waitstates.h"
#include "tests/support/mpitracebuilder.h"

#include <QtTest>

using namespace xylem;
using testing::MpiTraceBuilder;

namespace {

// Ranks 0, 1 on cluster c0, ranks 2, 3 on c1.
MpiTraceBuilder twoClusters()
{
    MpiTraceBuilder b;
    b.rank("a", "c0").rank("b", "c0").rank("c", "c1").rank("d", "c1").world();
    return b;
}

WaitStateReport analyse(const MpiTraceBuilder& b)
{
    auto report = analyzeWaitStates(b.trace());
    if (!report) {
        qFatal("analysis failed: %s", report.error().describe().c_str());
    }
    return report.value();
}

std::int64_t waitOf(const WaitStateReport& r, WaitPattern p, int rank)
{
    return r.of(p).perRank[static_cast<size_t>(rank)].waitNs;
}

} // namespace

class TestWaitStates : public QObject
{
    Q_OBJECT

private slots:
    void waitAtNxNWaitsForTheLastToEnter()
    {
        auto b = twoClusters();
        const std::int64_t enter[] = {100, 130, 400, 160};
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Allreduce, 0, enter[r], 500);
        }
        const WaitStateReport w = analyse(b);
        const PatternSeverity& s = w.of(WaitPattern::WaitAtNxN);
        QCOMPARE(waitOf(w, WaitPattern::WaitAtNxN, 0), std::int64_t(300));
        QCOMPARE(waitOf(w, WaitPattern::WaitAtNxN, 1), std::int64_t(270));
        QCOMPARE(waitOf(w, WaitPattern::WaitAtNxN, 2), std::int64_t(0));
        QCOMPARE(waitOf(w, WaitPattern::WaitAtNxN, 3), std::int64_t(240));
        QCOMPARE(s.total.waitNs, std::int64_t(810));
        QCOMPARE(s.total.waits, std::int64_t(3));
        QCOMPARE(s.total.gridNs, std::int64_t(570)); // ranks 0 and 1 wait across clusters
        QCOMPARE(s.perRank[3].gridNs, std::int64_t(0));
        QCOMPARE(s.mainCause, 2);
        QCOMPARE(s.causedNs[2], std::int64_t(810));
        QCOMPARE(w.mpiTimeNs, std::int64_t(1210));
        QCOMPARE(s.shareOfMpiTime, 810.0 / 1210.0);
        QCOMPARE(w.collectiveInstances, std::int64_t(1));
        QCOMPARE(w.of(WaitPattern::LateSender).total.waitNs, std::int64_t(0));
        QCOMPARE(w.of(WaitPattern::LateSender).mainCause, -1);
    }

    void tiesBlameTheTailOfTheCommunicatorOrder()
    {
        auto b = twoClusters();
        const std::int64_t enter[] = {100, 400, 100, 400};
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Barrier, 0, enter[r], 450);
        }
        const PatternSeverity s = analyse(b).of(WaitPattern::WaitAtBarrier);
        QCOMPARE(s.causedNs[3], std::int64_t(600)); // ranks 0 and 2 wait 300 each for rank 3
        QCOMPARE(s.causedNs[1], std::int64_t(0));
        QCOMPARE(s.mainCause, 3);
        QCOMPARE(s.total.gridNs, std::int64_t(300)); // rank 0 on c0 waits for rank 3 on c1
    }

    void prefixReductionsWaitOnlyForTheRanksBefore()
    {
        auto b = twoClusters();
        const std::int64_t enter[] = {100, 500, 300, 200}; // rank 1 late, rank 3 after it
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Scan, 0, enter[r], 600);
            b.collective(r, MpiCall::Exscan, 1, 1000 + enter[r], 1600);
        }
        const PatternSeverity s = analyse(b).of(WaitPattern::WaitAtNxN);
        // Scan: rank 0 needs only itself (0), rank 1 itself (0), ranks 2 and 3 wait for
        // rank 1: 200 + 300. Exscan: rank 0 waits for nobody, rank 1 for rank 0 (0: it came
        // later), ranks 2 and 3 for rank 1: 200 + 300. Under N x N rank 0 would wait 400 each.
        QCOMPARE(s.total.waitNs, std::int64_t(1000));
        QCOMPARE(s.causedNs[1], std::int64_t(1000));
        QCOMPARE(s.perRank[0].waitNs, std::int64_t(0));
        QCOMPARE(s.mainCause, 1);
    }

    void mainCauseTiesGoToTheHigherRank()
    {
        auto b = twoClusters();
        const std::int64_t first[] = {0, 100, 0, 0};  // rank 1 causes 300
        const std::int64_t second[] = {0, 0, 0, 100}; // rank 3 causes 300
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Alltoall, 0, first[r], 200);
            b.collective(r, MpiCall::Alltoall, 1, 1000 + second[r], 1200);
        }
        const PatternSeverity s = analyse(b).of(WaitPattern::WaitAtNxN);
        QCOMPARE(s.causedNs[1], s.causedNs[3]);
        QCOMPARE(s.mainCause, 3);
    }

    void lateBroadcastWaitsForTheRoot()
    {
        auto b = twoClusters();
        const std::int64_t enter[] = {100, 500, 450, 600};
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Bcast, 0, enter[r], 700, 1);
        }
        const WaitStateReport w = analyse(b);
        const PatternSeverity& s = w.of(WaitPattern::LateBroadcast);
        QCOMPARE(waitOf(w, WaitPattern::LateBroadcast, 0), std::int64_t(400));
        QCOMPARE(waitOf(w, WaitPattern::LateBroadcast, 2), std::int64_t(50));
        QCOMPARE(waitOf(w, WaitPattern::LateBroadcast, 3), std::int64_t(0)); // came after the root
        QCOMPARE(s.total.waitNs, std::int64_t(450));
        QCOMPARE(s.total.gridNs, std::int64_t(50)); // rank 2 (c1) waits for root 1 (c0)
        QCOMPARE(s.mainCause, 1);
        QCOMPARE(w.of(WaitPattern::WaitAtNxN).total.waitNs, std::int64_t(0));
    }

    void earlyReduceWaitsForTheLastSender_data()
    {
        QTest::addColumn<qint64>("rootExit");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("root leaves after the last sender") << qint64(900) << qint64(600);
        QTest::newRow("bounded by the root's exit") << qint64(650) << qint64(550);
    }
    void earlyReduceWaitsForTheLastSender()
    {
        QFETCH(qint64, rootExit);
        QFETCH(qint64, expected);
        auto b = twoClusters();
        b.collective(0, MpiCall::Reduce, 0, 100, rootExit, 0);
        b.collective(1, MpiCall::Reduce, 0, 300, 310, 0);
        b.collective(2, MpiCall::Reduce, 0, 700, 710, 0);
        b.collective(3, MpiCall::Reduce, 0, 200, 210, 0);
        const WaitStateReport w = analyse(b);
        const PatternSeverity& s = w.of(WaitPattern::EarlyReduce);
        QCOMPARE(s.total.waitNs, std::int64_t(expected));
        QCOMPARE(s.total.waits, std::int64_t(1));
        QCOMPARE(s.perRank[0].waitNs, std::int64_t(expected));
        QCOMPARE(s.mainCause, 2);
        QCOMPARE(s.total.gridNs, std::int64_t(expected));
        QCOMPARE(w.of(WaitPattern::LateBroadcast).total.waitNs, std::int64_t(0));
    }

    void lateSenderBoundedByTheReceive()
    {
        auto b = twoClusters();
        b.p2p(0, MpiCall::Send, 1, 5, 1000, 1010);
        b.p2p(1, MpiCall::Recv, 0, 5, 400, 1100); // waits 600
        b.p2p(2, MpiCall::Isend, 1, 5, 2500, 2510);
        b.p2p(1, MpiCall::Irecv, -1, 5, 1900, 1910);
        b.p2p(1, MpiCall::Wait, 2, 5, 2000, 2600, true); // waits 500, across clusters
        b.p2p(0, MpiCall::Send, 1, 5, 3000, 3010);
        b.p2p(1, MpiCall::Recv, 0, 5, 3050, 3100); // the send came first: no wait
        b.p2p(0, MpiCall::Send, 1, 6, 3500, 3510);
        b.p2p(1, MpiCall::Recv, 0, 6, 3200, 3300); // bounded by its own exit: 100
        const WaitStateReport w = analyse(b);
        const PatternSeverity& s = w.of(WaitPattern::LateSender);
        QCOMPARE(s.total.waitNs, std::int64_t(1200));
        QCOMPARE(s.total.waits, std::int64_t(3));
        QCOMPARE(s.total.gridNs, std::int64_t(500));
        QCOMPARE(s.causedNs[0], std::int64_t(700));
        QCOMPARE(s.causedNs[2], std::int64_t(500));
        QCOMPARE(s.mainCause, 0);
        QCOMPARE(s.perCallSite.size(), size_t(2));
        QCOMPARE(s.perCallSite[0].call, MpiCall::Recv);
        QCOMPARE(s.perCallSite[0].severity.waitNs, std::int64_t(700));
        QCOMPARE(s.perCallSite[1].call, MpiCall::Wait);
        QCOMPARE(s.perCallSite[1].severity.waitNs, std::int64_t(500));
        QCOMPARE(w.unmatchedSends, std::int64_t(0));
        QCOMPARE(w.unmatchedReceives, std::int64_t(0));
    }

    // Scalasca keeps barriers apart from the collectives that move data; the calls of the
    // issue's second list go to their kind's pattern, and a non-blocking start waits for nobody.
    void barrierIsItsOwnPatternAndNewCallsFindTheirs()
    {
        auto b = twoClusters();
        const std::int64_t late[] = {0, 0, 300, 0};
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Barrier, 0, late[r], 400);
            b.collective(r, MpiCall::Scan, 1, 1000 + late[r] / 3, 1400);
            b.collective(r, MpiCall::Scatterv, 2, 2000 + (r == 1 ? 50 : 0), 2100, 1);
            b.collective(r, MpiCall::Gatherv, 3, 3000 + (r == 3 ? 70 : 0), r == 0 ? 3200 : 3080, 0);
            b.collective(r, MpiCall::Iallreduce, 4, 4000 + late[r] * 10, 4001 + late[r] * 10);
            b.collective(r, MpiCall::CommSplit, 5, 5000 + late[r] / 30, 5020);
        }
        const WaitStateReport w = analyse(b);
        QCOMPARE(w.of(WaitPattern::WaitAtBarrier).total.waitNs, std::int64_t(900));
        QCOMPARE(w.of(WaitPattern::WaitAtBarrier).perCallSite.size(), size_t(1));
        QCOMPARE(w.of(WaitPattern::WaitAtBarrier).perCallSite[0].call, MpiCall::Barrier);
        QCOMPARE(w.of(WaitPattern::WaitAtBarrier).mainCause, 2);
        const PatternSeverity& nxn = w.of(WaitPattern::WaitAtNxN);
        // Scan (a prefix: only rank 3 comes after the late rank 2) and Comm_split only.
        QCOMPARE(nxn.total.waitNs, std::int64_t(100 + 3 * 10));
        QCOMPARE(nxn.perCallSite.size(), size_t(2));
        QCOMPARE(nxn.perCallSite[0].call, MpiCall::Scan);
        QCOMPARE(nxn.perCallSite[1].call, MpiCall::CommSplit);
        QCOMPARE(w.of(WaitPattern::LateBroadcast).total.waitNs, std::int64_t(150));
        QCOMPARE(w.of(WaitPattern::LateBroadcast).mainCause, 1);
        QCOMPARE(w.of(WaitPattern::EarlyReduce).total.waitNs, std::int64_t(70));
        QCOMPARE(w.of(WaitPattern::EarlyReduce).mainCause, 3);
        QCOMPARE(w.collectiveInstances, std::int64_t(5)); // the Iallreduce start is not one
        QCOMPARE(w.incompleteInstances, std::int64_t(0));
    }

    void severitiesPerCommunicator()
    {
        auto b = twoClusters();
        b.communicator(7, "halves", {2, 3});
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Allreduce, 0, r == 3 ? 50 : 0, 60);
        }
        b.collective(2, MpiCall::Alltoallv, 0, 100, 300, -1, 7);
        b.collective(3, MpiCall::Alltoallv, 0, 280, 300, -1, 7);
        b.collective(2, MpiCall::ReduceScatterBlock, 1, 400, 500, -1, 7);
        b.collective(3, MpiCall::ReduceScatterBlock, 1, 420, 500, -1, 7);
        const PatternSeverity s = analyse(b).of(WaitPattern::WaitAtNxN);
        QCOMPARE(s.perCommunicator.size(), size_t(2));
        QCOMPARE(s.perCommunicator[0].communicator, 0);
        QCOMPARE(s.perCommunicator[0].severity.waitNs, std::int64_t(150));
        QCOMPARE(s.perCommunicator[0].severity.waits, std::int64_t(3));
        QCOMPARE(s.perCommunicator[0].severity.gridNs, std::int64_t(100)); // ranks 0, 1 for 3
        QCOMPARE(s.perCommunicator[1].communicator, 7);
        QCOMPARE(s.perCommunicator[1].severity.waitNs, std::int64_t(180 + 20));
        QCOMPARE(s.perCommunicator[1].severity.waits, std::int64_t(2));
        QCOMPARE(s.perCallSite.size(), size_t(3)); // Allreduce on 0, Alltoallv and RSB on 7
    }

    // Rank 1 waits in one MPI_Waitall for two receives: from rank 0 (sent at 500) and rank 2
    // (sent at 800). The call waited 600 ns, for rank 2; summed per request it would be 900.
    void lateSenderThroughWaitallCountsTheCallOnce()
    {
        auto b = twoClusters();
        b.p2p(1, MpiCall::Irecv, 0, 1, 100, 101);
        b.p2p(1, MpiCall::Irecv, -1, 1, 110, 111);
        b.completion(1, MpiCall::Waitall, MpiCompletion::Receive, 0, 1, 200, 1000);
        b.completion(1, MpiCall::Waitall, MpiCompletion::Receive, 2, 1, 200, 1000);
        b.p2p(0, MpiCall::Send, 1, 1, 500, 510);
        b.p2p(2, MpiCall::Isend, 1, 1, 800, 801);
        const WaitStateReport w = analyse(b);
        const PatternSeverity& s = w.of(WaitPattern::LateSender);
        QCOMPARE(s.total.waitNs, std::int64_t(600));
        QCOMPARE(s.total.waits, std::int64_t(1));
        QCOMPARE(s.causedNs[2], std::int64_t(600));
        QCOMPARE(s.causedNs[0], std::int64_t(0));
        QCOMPARE(s.mainCause, 2);
        QCOMPARE(s.total.gridNs, std::int64_t(600)); // rank 1 (c0) waited for rank 2 (c1)
        QCOMPARE(s.perCallSite.size(), size_t(1));
        QCOMPARE(s.perCallSite[0].call, MpiCall::Waitall);
        QCOMPARE(w.unmatchedReceives, std::int64_t(0));
        QCOMPARE(w.unmatchedSends, std::int64_t(0));
        // the Waitall counts once in the time in MPI as well: 800 + 1 + 1 + 10 + 1
        QCOMPARE(w.mpiTimeNs, std::int64_t(813));
    }

    // Each send that blocked until its receiver came: a synchronous send before a late Recv, a
    // standard send that blocked, an Issend finished by a Wait for an Irecv posted late; an
    // eager send and a Bsend that waited for nobody.
    void lateReceiverWaitsForThePost()
    {
        auto b = twoClusters();
        b.p2p(0, MpiCall::Ssend, 1, 0, 100, 900);
        b.p2p(1, MpiCall::Recv, 0, 0, 700, 950); // 600 for rank 1
        b.p2p(2, MpiCall::Send, 3, 1, 100, 120);
        b.p2p(3, MpiCall::Recv, 2, 1, 500, 510); // eager: returned before the post
        b.p2p(2, MpiCall::Send, 3, 2, 1000, 1600);
        b.p2p(3, MpiCall::Recv, 2, 2, 1400, 1610); // blocked: 400 for rank 3
        b.p2p(0, MpiCall::Issend, 2, 3, 2000, 2001);
        b.completion(0, MpiCall::Wait, MpiCompletion::Send, 2, 3, 2100, 2900);
        b.p2p(2, MpiCall::Irecv, -1, -1, 2500, 2501); // any source, any tag
        b.completion(2, MpiCall::Wait, MpiCompletion::Receive, 0, 3, 2600, 2950); // 400, grid
        b.p2p(1, MpiCall::Bsend, 0, 4, 3000, 3700);
        b.p2p(0, MpiCall::Recv, 1, 4, 3500, 3600);
        const WaitStateReport w = analyse(b);
        const PatternSeverity& s = w.of(WaitPattern::LateReceiver);
        QCOMPARE(s.total.waitNs, std::int64_t(1400));
        QCOMPARE(s.total.waits, std::int64_t(3));
        QCOMPARE(s.total.gridNs, std::int64_t(400));
        QCOMPARE(s.perRank[0].waitNs, std::int64_t(1000));
        QCOMPARE(s.perRank[2].waitNs, std::int64_t(400));
        QCOMPARE(s.causedNs[1], std::int64_t(600));
        QCOMPARE(s.causedNs[2], std::int64_t(400));
        QCOMPARE(s.causedNs[3], std::int64_t(400));
        QCOMPARE(s.mainCause, 1);
        QCOMPARE(s.perCallSite.size(), size_t(3));
        QCOMPARE(s.perCallSite[0].call, MpiCall::Send);
        QCOMPARE(s.perCallSite[1].call, MpiCall::Wait);
        QCOMPARE(s.perCallSite[2].call, MpiCall::Ssend);
        QCOMPARE(s.perCallSite[2].severity.waitNs, std::int64_t(600));
        QCOMPARE(w.of(WaitPattern::LateSender).total.waitNs, std::int64_t(0));
        QCOMPARE(w.unmatchedSends, std::int64_t(0));
        QCOMPARE(w.unmatchedReceives, std::int64_t(0));
    }

    // A Sendrecv exchange: rank 0 enters 300 ns before rank 1. Its receiving half waits for
    // rank 1's send (Late Sender) and its sending half for rank 1's receive over the same 300
    // ns: the call waited once, as Late Sender.
    void sendrecvWaitsOnceForBothHalves()
    {
        auto b = twoClusters();
        b.completion(0, MpiCall::Sendrecv, MpiCompletion::Send, 1, 0, 100, 600);
        b.completion(0, MpiCall::Sendrecv, MpiCompletion::Receive, 1, 0, 100, 600);
        b.completion(1, MpiCall::Sendrecv, MpiCompletion::Send, 0, 0, 400, 600);
        b.completion(1, MpiCall::Sendrecv, MpiCompletion::Receive, 0, 0, 400, 600);
        const WaitStateReport w = analyse(b);
        QCOMPARE(w.of(WaitPattern::LateSender).total.waitNs, std::int64_t(300));
        QCOMPARE(w.of(WaitPattern::LateSender).total.waits, std::int64_t(1));
        QCOMPARE(w.of(WaitPattern::LateSender).perRank[0].waitNs, std::int64_t(300));
        QCOMPARE(w.of(WaitPattern::LateReceiver).total.waitNs, std::int64_t(0));
        QCOMPARE(w.mpiTimeNs, std::int64_t(500 + 200));
    }

    // A Waitall that finishes an Irecv and an Isend: Late Sender until the sender came, Late
    // Receiver only for the part after, until the receiver posted.
    void lateReceiverGetsOnlyWhatLateSenderLeft()
    {
        auto b = twoClusters();
        b.p2p(0, MpiCall::Irecv, 1, 0, 0, 1);
        b.p2p(0, MpiCall::Isend, 2, 0, 2, 3);
        b.completion(0, MpiCall::Waitall, MpiCompletion::Receive, 1, 0, 100, 1000);
        b.completion(0, MpiCall::Waitall, MpiCompletion::Send, 2, 0, 100, 1000);
        b.p2p(1, MpiCall::Send, 0, 0, 400, 410);
        b.p2p(2, MpiCall::Recv, 0, 0, 700, 1005);
        const WaitStateReport w = analyse(b);
        QCOMPARE(w.of(WaitPattern::LateSender).perRank[0].waitNs, std::int64_t(300));
        QCOMPARE(w.of(WaitPattern::LateReceiver).perRank[0].waitNs, std::int64_t(300));
        QCOMPARE(w.of(WaitPattern::LateReceiver).causedNs[2], std::int64_t(300));
        QCOMPARE(w.of(WaitPattern::LateReceiver).total.gridNs, std::int64_t(300));
    }

    void unmatchedMessagesAreCountedNotGuessed()
    {
        auto b = twoClusters();
        b.p2p(0, MpiCall::Send, 1, 1, 100, 110); // nobody receives tag 1
        b.p2p(1, MpiCall::Recv, 0, 2, 50, 500);  // nobody sends tag 2
        b.p2p(3, MpiCall::Recv, -1, 0, 50, 500); // an unresolved source
        const WaitStateReport w = analyse(b);
        QCOMPARE(w.unmatchedSends, std::int64_t(1));
        QCOMPARE(w.unmatchedReceives, std::int64_t(2));
        QCOMPARE(w.of(WaitPattern::LateSender).total.waitNs, std::int64_t(0));
    }

    void instancesWithAMissingRankAreLeftOut()
    {
        auto b = twoClusters();
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Allreduce, 0, r * 10, 100);
        }
        for (int r : {0, 1, 3}) { // rank 2 never enters call 1
            b.collective(r, MpiCall::Allreduce, 1, 1000 + r * 100, 1500);
        }
        const WaitStateReport w = analyse(b);
        QCOMPARE(w.collectiveInstances, std::int64_t(1));
        QCOMPARE(w.incompleteInstances, std::int64_t(1));
        QCOMPARE(w.of(WaitPattern::WaitAtNxN).total.waitNs, std::int64_t(30 + 20 + 10));
    }

    void callSitesAreFunctionAndCommunicator()
    {
        auto b = twoClusters();
        b.communicator(7, "halves", {2, 3});
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Allreduce, 0, r == 3 ? 50 : 0, 60);
        }
        b.collective(2, MpiCall::Allgather, 0, 100, 300, -1, 7);
        b.collective(3, MpiCall::Allgather, 0, 280, 300, -1, 7);
        const PatternSeverity s = analyse(b).of(WaitPattern::WaitAtNxN);
        QCOMPARE(s.perCallSite.size(), size_t(2));
        QCOMPARE(s.perCallSite[0].call, MpiCall::Allreduce);
        QCOMPARE(s.perCallSite[0].communicator, 0);
        QCOMPARE(s.perCallSite[0].severity.waitNs, std::int64_t(150));
        QCOMPARE(s.perCallSite[1].call, MpiCall::Allgather);
        QCOMPARE(s.perCallSite[1].communicator, 7);
        QCOMPARE(s.perCallSite[1].severity.waitNs, std::int64_t(180));
        QCOMPARE(s.perCallSite[1].severity.gridNs, std::int64_t(0));
    }

    // Two communicators with one id (a damaged or hand-made trace) once merged their members
    // and wrote past the end of an instance; now the trace is refused, naming the id.
    void aCommunicatorDefinedTwiceIsRefused()
    {
        auto b = twoClusters();
        b.communicator(0, "another world", {0, 2});
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Allreduce, 0, r * 10, 100);
        }
        auto report = analyzeWaitStates(b.trace());
        QVERIFY(!report.ok());
        QCOMPARE(report.error().code, ErrorCode::InvalidTrace);
        QCOMPARE(QString::fromStdString(report.error().describe()),
                 QString("communicator 0 is defined twice (MPI_COMM_WORLD and another world)"));
    }

    void aMemberListedTwiceIsRefused()
    {
        auto b = twoClusters();
        b.communicator(5, "pair", {1, 3, 1});
        b.collective(1, MpiCall::Barrier, 0, 0, 10, -1, 5);
        auto report = analyzeWaitStates(b.trace());
        QVERIFY(!report.ok());
        QCOMPARE(QString::fromStdString(report.error().describe()),
                 QString("communicator 5 (pair) lists rank 1 twice"));
    }

    void badInputNamesTheEvent_data()
    {
        QTest::addColumn<int>("problem");
        QTest::addColumn<QString>("message");
        QTest::newRow("exit before enter")
            << 0 << "event 0 (MPI_Barrier of rank 1): exit is before enter";
        QTest::newRow("unknown rank")
            << 1 << "event 0 (MPI_Barrier of rank 9): the rank is not in the trace";
        QTest::newRow("unknown communicator")
            << 2 << "event 0 (MPI_Barrier of rank 1): unknown communicator 4";
        QTest::newRow("outsider")
            << 3 << "event 0 (MPI_Barrier of rank 1): the rank is not in communicator 7";
    }
    void badInputNamesTheEvent()
    {
        QFETCH(int, problem);
        QFETCH(QString, message);
        auto b = twoClusters();
        b.communicator(7, "pair", {2, 3});
        const std::int32_t comm = problem == 2 ? 4 : problem == 3 ? 7 : 0;
        b.collective(problem == 1 ? 9 : 1, MpiCall::Barrier, 0, 100, problem == 0 ? 90 : 200, -1,
                     comm);
        auto report = analyzeWaitStates(b.trace());
        QVERIFY(!report.ok());
        QCOMPARE(report.error().code, ErrorCode::InvalidTrace);
        QCOMPARE(QString::fromStdString(report.error().describe()), message);
    }
};

QTEST_APPLESS_MAIN(TestWaitStates)
#include "tst_waitstates.moc"
