// What the PMPI interposer records of every call it intercepts (collectors/mpi/README.md), as a
// user gets it: xylem-cli mpi over a real mpirun of 4 ranks of xylem-mpiloop --pattern coverage
// (collectors/mpi/mpiloop/coverage.cpp lists its calls per iteration). Per rank: every function's
// call count; the completions of Wait*/Test* attributed to the requests they finished (Receive
// with the source, Send with the destination, Collective with the start's communicator and seq);
// Test* that found nothing recorded as completing nothing; Sendrecv's two halves; a start and one
// completion per non-blocking collective; the communicator-making calls with the ids their
// members agree on. Then hpcc from Debian's archive: calls it makes that were invisible before
// (Sendrecv, Waitall's and Wait's completions of its Irecvs) are recorded.

#include "core/store/mpistore.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"

#include <QStandardPaths>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kRanks = 4;
constexpr int kIterations = 8;
constexpr std::int64_t kBytes = 64;

QStringList mpirun(const QStringList& program)
{
    return QStringList{"--",
                       "mpirun",
                       "--allow-run-as-root",
                       "--oversubscribe",
                       "-np",
                       QString::number(kRanks)} +
           program;
}

Result<MpiTrace> storedTrace(const QString& path)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        return session.error();
    }
    return store::mpiTrace(session.value(), 1);
}

// One rank's events of one function.
struct Calls
{
    std::vector<MpiEvent> events;
    // Calls, not events: a call that finished several requests is several events with its
    // enter and exit.
    size_t calls() const
    {
        std::set<std::pair<std::int64_t, std::int64_t>> distinct;
        for (const MpiEvent& e : events) {
            distinct.insert({e.enter, e.exit});
        }
        return distinct.size();
    }
    size_t completing(MpiCompletion c) const
    {
        return size_t(std::count_if(events.begin(), events.end(),
                                    [c](const MpiEvent& e) { return e.completes == c; }));
    }
};

using ByRank = std::map<std::pair<int, MpiCall>, Calls>;

ByRank byRankAndCall(const MpiTrace& trace)
{
    ByRank calls;
    for (const MpiEvent& e : trace.events) {
        calls[{e.rank, e.call}].events.push_back(e);
    }
    return calls;
}

QString describe(int rank, MpiCall call)
{
    return QStringLiteral("rank %1, %2").arg(rank).arg(QString::fromUtf8(mpiCallName(call).data()));
}

} // namespace

class TestMpiCoverage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QString session = m_dir.filePath("coverage.xylem");
        const auto r =
            runCli(QStringList{"mpi", "-o", session} +
                   mpirun({XYLEM_MPILOOP, "--pattern", "coverage", "--iterations",
                           QString::number(kIterations), "--bytes", QString::number(kBytes)}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(!r.err.contains("not tracked"), qPrintable(r.err));
        auto trace = storedTrace(session);
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().describe().c_str());
        m_trace = std::move(trace).value();
        QCOMPARE(m_trace.ranks.size(), size_t(kRanks));
        m_calls = byRankAndCall(m_trace);
    }

    void everyFunctionIsCountedPerRank()
    {
        constexpr size_t k = kIterations;
        const std::map<MpiCall, size_t> exact{
            {MpiCall::Irecv, 9 * k},
            {MpiCall::Isend, 7 * k},
            {MpiCall::Issend, k},
            {MpiCall::Wait, 4 * k},
            {MpiCall::Waitall, 2 * k + 1}, // and one on MPI_COMM_SELF before the loop
            {MpiCall::Waitany, 2 * k},
            {MpiCall::Waitsome, 2 * k},
            {MpiCall::Sendrecv, k},
            {MpiCall::SendrecvReplace, k},
            {MpiCall::Ssend, k},
            {MpiCall::Bsend, k},
            {MpiCall::Rsend, k},
            {MpiCall::Send, 2 * k},
            {MpiCall::Recv, 4 * k},
            {MpiCall::Probe, k},
            // the loop's, one on the dup and one on the intercommunicator, and main.cpp's start
            {MpiCall::Barrier, k + 3},
            // made once: main.cpp splits too
            {MpiCall::CommDup, 1},
            {MpiCall::CommDupWithInfo, 1},
            {MpiCall::CommSplit, 2},
            {MpiCall::CommSplitType, 1},
            {MpiCall::CommCreate, 1},
            {MpiCall::CartCreate, 1},
            {MpiCall::CartSub, 1},
            {MpiCall::GraphCreate, 1},
            {MpiCall::DistGraphCreate, 1},
            {MpiCall::DistGraphCreateAdjacent, 1},
            {MpiCall::IntercommCreate, 1},
            {MpiCall::IntercommMerge, 1},
        };
        for (int rank = 0; rank < kRanks; ++rank) {
            for (const auto& [call, count] : exact) {
                QVERIFY2(at(rank, call).calls() == count,
                         qPrintable(describe(rank, call) + QStringLiteral(": %1 calls, not %2")
                                                               .arg(at(rank, call).calls())
                                                               .arg(count)));
            }
            // Comm_create_group is called by its group's members only (the even ranks).
            QCOMPARE(at(rank, MpiCall::CommCreateGroup).calls(), size_t(rank % 2 ? 0 : 1));
            // Every blocking and non-blocking collective once per iteration.
            for (int c = int(MpiCall::Allreduce); c < kMpiCallCount; ++c) {
                const auto call = MpiCall(c);
                const auto kind = mpiCallClass(call);
                const bool loop = kind == MpiCallClass::NonBlockingCollective ||
                                  (isBlockingCollective(call) && call != MpiCall::Barrier &&
                                   c < int(MpiCall::CommDup));
                // and an Ibarrier and Ibcast on MPI_COMM_SELF before the loop
                const bool self = call == MpiCall::Ibarrier || call == MpiCall::Ibcast;
                if (loop) {
                    QVERIFY2(at(rank, call).calls() == k + (self ? 1 : 0),
                             qPrintable(describe(rank, call)));
                }
            }
            // Those that may find nothing: at least once per iteration.
            for (MpiCall call : {MpiCall::Test, MpiCall::Testall, MpiCall::Testany,
                                 MpiCall::Testsome, MpiCall::Iprobe}) {
                QVERIFY2(at(rank, call).calls() >= k, qPrintable(describe(rank, call)));
            }
        }
    }

    // Wait*/Test*: one event per finished request, completes naming what it finished.
    void completionsAreAttributed()
    {
        constexpr size_t k = kIterations;
        struct Expected
        {
            MpiCall call;
            size_t receives;
            size_t sends;
            size_t collectives;
        };
        const Expected expected[] = {
            {MpiCall::Wait, 2 * k, k, k}, {MpiCall::Waitall, k, k, 16 * k + 2},
            {MpiCall::Waitany, k, k, 0},  {MpiCall::Waitsome, k, k, 0},
            {MpiCall::Test, k, k, 0},     {MpiCall::Testall, k, k, 0},
            {MpiCall::Testany, k, k, 0},  {MpiCall::Testsome, k, k, 0},
        };
        for (int rank = 0; rank < kRanks; ++rank) {
            const int left = (rank + kRanks - 1) % kRanks;
            const int right = (rank + 1) % kRanks;
            const int peer = rank ^ 1;
            for (const Expected& x : expected) {
                const Calls& c = at(rank, x.call);
                const QString what = describe(rank, x.call);
                QVERIFY2(c.completing(MpiCompletion::Receive) == x.receives, qPrintable(what));
                QVERIFY2(c.completing(MpiCompletion::Send) == x.sends, qPrintable(what));
                QVERIFY2(c.completing(MpiCompletion::Collective) == x.collectives,
                         qPrintable(what));
                for (const MpiEvent& e : c.events) {
                    if (e.completes == MpiCompletion::Receive) {
                        QVERIFY2(e.partner == left || (e.partner == peer && e.tag == 24),
                                 qPrintable(what));
                        QCOMPARE(e.bytes, kBytes);
                        QCOMPARE(e.communicator, 0);
                    } else if (e.completes == MpiCompletion::Send) {
                        QCOMPARE(e.partner, right);
                        QCOMPARE(e.bytes, kBytes);
                    }
                }
            }
            // The Wait*s here always finish a tracked request; each Test* once per iteration
            // finds nothing (before the Barrier that lets the sends go) and says so.
            for (MpiCall wait :
                 {MpiCall::Wait, MpiCall::Waitall, MpiCall::Waitany, MpiCall::Waitsome}) {
                QCOMPARE(at(rank, wait).completing(MpiCompletion::None), size_t(0));
            }
            for (MpiCall test :
                 {MpiCall::Test, MpiCall::Testall, MpiCall::Testany, MpiCall::Testsome}) {
                const Calls& c = at(rank, test);
                QVERIFY2(c.completing(MpiCompletion::None) >= k, qPrintable(describe(rank, test)));
                QCOMPARE(c.completing(MpiCompletion::None) + 2 * k, c.events.size());
            }
            // Testall finishes its two requests in one call: two events, one enter.
            const Calls& testall = at(rank, MpiCall::Testall);
            QCOMPARE(testall.calls(), testall.events.size() - k);
        }
    }

    void sendrecvHasTwoHalves()
    {
        for (int rank = 0; rank < kRanks; ++rank) {
            for (MpiCall call : {MpiCall::Sendrecv, MpiCall::SendrecvReplace}) {
                const Calls& c = at(rank, call);
                QCOMPARE(c.events.size(), size_t(2 * kIterations));
                std::map<std::int64_t, std::vector<MpiEvent>> byEnter;
                for (const MpiEvent& e : c.events) {
                    byEnter[e.enter].push_back(e);
                }
                QCOMPARE(byEnter.size(), size_t(kIterations));
                const int tag = call == MpiCall::Sendrecv ? 14 : 15;
                for (const auto& [enter, halves] : byEnter) {
                    QCOMPARE(halves.size(), size_t(2));
                    const MpiEvent& send =
                        halves[0].completes == MpiCompletion::Send ? halves[0] : halves[1];
                    const MpiEvent& receive = &send == &halves[0] ? halves[1] : halves[0];
                    QCOMPARE(send.completes, MpiCompletion::Send);
                    QCOMPARE(receive.completes, MpiCompletion::Receive);
                    QVERIFY(sendsMessage(send) && !receivesMessage(send));
                    QVERIFY(receivesMessage(receive) && !sendsMessage(receive));
                    QCOMPARE(send.partner, (rank + 1) % kRanks);
                    QCOMPARE(receive.partner, (rank + kRanks - 1) % kRanks);
                    QCOMPARE(send.tag, tag);
                    QCOMPARE(receive.tag, tag);
                    QCOMPARE(send.bytes, kBytes);
                    QCOMPARE(receive.bytes, kBytes);
                    QCOMPARE(send.exit, receive.exit);
                }
            }
            // Probe names the message it found.
            for (const MpiEvent& e : at(rank, MpiCall::Probe).events) {
                QCOMPARE(e.partner, rank ^ 1);
                QCOMPARE(e.bytes, kBytes);
            }
            QCOMPARE(at(rank, MpiCall::Rsend).events.front().partner, rank ^ 1);
            QCOMPARE(at(rank, MpiCall::Bsend).events.front().bytes, kBytes);
        }
    }

    // Each start has one completion with its (communicator, seq), after it; the world's
    // collective seqs (blocking, non-blocking starts, communicator-making) have no gap.
    void nonBlockingCollectivesStartAndComplete()
    {
        for (int rank = 0; rank < kRanks; ++rank) {
            std::map<std::pair<int, std::int64_t>, const MpiEvent*> starts;
            std::set<std::int64_t> worldSeqs;
            for (const MpiEvent& e : m_trace.events) {
                if (e.rank != rank) {
                    continue;
                }
                if (isCollective(e.call) && e.communicator == 0) {
                    QVERIFY2(worldSeqs.insert(e.seq).second, "one seq, one collective");
                }
                if (mpiCallClass(e.call) == MpiCallClass::NonBlockingCollective) {
                    starts[{e.communicator, e.seq}] = &e;
                    // the root: world rank 0, or the rank itself on MPI_COMM_SELF
                    const int root = e.communicator == 0 ? 0 : rank;
                    QCOMPARE(e.partner, isRooted(e.call) ? root : -1);
                }
            }
            // 17 per iteration, and two on MPI_COMM_SELF whose requests OpenMPI gives one handle
            QCOMPARE(starts.size(), size_t(17 * kIterations + 2));
            // 10 communicator-making calls on the world, the start barrier, 34 per iteration.
            QCOMPARE(worldSeqs.size(), size_t(11 + 34 * kIterations));
            QCOMPARE(*worldSeqs.rbegin(), std::int64_t(worldSeqs.size() - 1));
            size_t completed = 0;
            for (const MpiEvent& e : m_trace.events) {
                if (e.rank != rank || e.completes != MpiCompletion::Collective) {
                    continue;
                }
                const auto start = starts.find({e.communicator, e.seq});
                QVERIFY2(start != starts.end(), "a completion names its start");
                QVERIFY(e.exit >= start->second->exit);
                QCOMPARE(e.partner, start->second->partner);
                starts.erase(start);
                ++completed;
            }
            QCOMPARE(completed, size_t(17 * kIterations + 2));
            QVERIFY(starts.empty());
        }
    }

    // The new communicators are in the run's description with the ids the calls on them carry.
    void newCommunicatorsHaveTheirIds()
    {
        std::set<std::int32_t> ids;
        for (const MpiCommunicator& c : m_trace.communicators) {
            QVERIFY2(ids.insert(c.id).second, "ids are unique");
        }
        // The Barrier on the dup: one agreed id, announced (below the hashed ids' 2^22), all four
        // ranks; the one on the intercommunicator: the rank's side's members, a hashed id.
        std::set<std::int32_t> dupIds;
        for (int rank = 0; rank < kRanks; ++rank) {
            std::vector<std::int32_t> others;
            for (const MpiEvent& e : at(rank, MpiCall::Barrier).events) {
                if (e.communicator != 0) {
                    others.push_back(e.communicator);
                    QCOMPARE(e.seq, std::int64_t(0)); // their first collective
                }
            }
            QCOMPARE(others.size(), size_t(2));
            const MpiCommunicator* dup = m_trace.communicator(others[0]);
            QVERIFY(dup);
            QCOMPARE(dup->worldRanks, (std::vector<int>{0, 1, 2, 3}));
            QVERIFY(dup->id < (1 << 22));
            dupIds.insert(dup->id);
            const MpiCommunicator* inter = m_trace.communicator(others[1]);
            QVERIFY(inter);
            QCOMPARE(inter->worldRanks,
                     rank % 2 ? (std::vector<int>{1, 3}) : (std::vector<int>{0, 2}));
            QVERIFY(inter->id >= (1 << 22));
            // Cart_sub and Intercomm_merge are recorded on the communicator they are made from.
            const MpiEvent& sub = at(rank, MpiCall::CartSub).events.front();
            QVERIFY(sub.communicator != 0 && m_trace.communicator(sub.communicator));
            QCOMPARE(at(rank, MpiCall::IntercommMerge).events.front().communicator, inter->id);
        }
        QCOMPARE(dupIds.size(), size_t(1));
        // Intercomm_merge's: the low group (the even ranks) first, announced like any other.
        bool merged = false;
        size_t whole = 0;
        for (const MpiCommunicator& c : m_trace.communicators) {
            merged = merged || c.worldRanks == std::vector<int>{0, 2, 1, 3};
            whole += c.worldRanks.size() == size_t(kRanks) ? 1 : 0;
        }
        QVERIFY(merged);
        // the world, dup, dup_with_info, split_type (one node), cart, graph, dist graph twice,
        // and the merge
        QCOMPARE(whole, size_t(9));
    }

    // More requests at once than the interposer tracks: with 4000 per rank (xylem-mpiloop
    // --outstanding: the Irecvs first, then the Isends, one Waitall) the table (3072) takes the
    // 2000 receives and 1072 sends, which are attributed; with 66000, more than the status
    // scratch (65536), the Waitall gives its tracked requests up before the call and is one event
    // finishing none. Either way the others are counted and named on stderr at MPI_Finalize.
    void requestsBeyondTheTableAreCounted_data()
    {
        QTest::addColumn<int>("outstanding");
        QTest::addColumn<int>("untracked");
        QTest::addColumn<int>("receives");
        QTest::addColumn<int>("sends");
        QTest::newRow("table full") << 2000 << 928 << 2000 << 1072;
        QTest::newRow("Waitall too large") << 33000 << 66000 << 0 << 0;
    }

    void requestsBeyondTheTableAreCounted()
    {
        QFETCH(int, outstanding);
        QFETCH(int, untracked);
        QFETCH(int, receives);
        QFETCH(int, sends);
        QTemporaryDir dir;
        const QString session = dir.filePath("outstanding.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun({XYLEM_MPILOOP, "--iterations", "2", "--outstanding",
                                      QString::number(outstanding)}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const auto trace = storedTrace(session);
        QVERIFY(trace.ok());
        auto calls = byRankAndCall(trace.value());
        for (int rank = 0; rank < kRanks; ++rank) {
            const QString line = QStringLiteral("xylem-mpi: rank %1: %2 requests were not tracked")
                                     .arg(rank)
                                     .arg(untracked);
            QVERIFY2(r.err.contains(line), qPrintable(r.err));
            const Calls& waitall = calls[{rank, MpiCall::Waitall}];
            QCOMPARE(waitall.calls(), size_t(1));
            QCOMPARE(waitall.completing(MpiCompletion::Receive), size_t(receives));
            QCOMPARE(waitall.completing(MpiCompletion::Send), size_t(sends));
            QCOMPARE(waitall.events.size(), size_t(std::max(1, receives + sends)));
            for (const MpiEvent& e : waitall.events) {
                QVERIFY(e.completes == MpiCompletion::None || e.partner == (rank ^ 1));
            }
            const Calls& irecvs = calls[{rank, MpiCall::Irecv}];
            QCOMPARE(irecvs.events.size(), size_t(outstanding));
        }
    }

    void hpccCallsAreRecorded()
    {
        const QString hpcc = QStandardPaths::findExecutable("hpcc");
        if (hpcc.isEmpty()) {
            QSKIP("hpcc is not installed (packaging/setup/install-deps.sh installs it)");
        }
        QTemporaryDir dir;
        QVERIFY(QFile::copy(QStringLiteral(XYLEM_TEST_DATA_DIR "/mpi/hpccinf.txt"),
                            dir.filePath("hpccinf.txt")));
        const QString session = dir.filePath("hpcc.xylem");
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(XYLEM_CLI), QStringList{"mpi", "-o", session} + mpirun({hpcc}));
        QVERIFY(p.waitForFinished(240000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QVERIFY2(p.exitCode() == 0, qPrintable(out));
        const auto trace = storedTrace(session);
        QVERIFY(trace.ok());
        std::map<MpiCall, std::int64_t> events;
        std::map<std::pair<MpiCall, MpiCompletion>, std::int64_t> completions;
        std::map<int, std::int64_t> posted;   // Irecvs per rank
        std::map<int, std::int64_t> finished; // their completions per rank
        std::set<std::int32_t> hashed;        // communicators found on first use (commtable.h)
        for (const MpiEvent& e : trace->events) {
            ++events[e.call];
            ++completions[{e.call, e.completes}];
            posted[e.rank] += e.call == MpiCall::Irecv ? 1 : 0;
            const bool completion = mpiCallClass(e.call) == MpiCallClass::Completion;
            finished[e.rank] += completion && e.completes == MpiCompletion::Receive ? 1 : 0;
            if (e.communicator >= (1 << 22)) {
                hashed.insert(e.communicator);
            }
        }
        QString seen;
        for (const auto& [call, n] : events) {
            seen +=
                QStringLiteral("%1 %2, ").arg(QString::fromUtf8(mpiCallName(call).data())).arg(n);
        }
        qInfo("hpcc: %s", qPrintable(seen));
        // Its halo exchanges: Sendrecv (both halves), Irecv/Isend finished by Waitall, Wait and
        // Waitany, and Testany polling.
        using C = MpiCompletion;
        auto completed = [&](MpiCall call, MpiCompletion c) {
            return completions[{call, c}];
        };
        QVERIFY(completed(MpiCall::Sendrecv, C::Send) > 0);
        QVERIFY(completed(MpiCall::Sendrecv, C::Receive) > 0);
        QVERIFY(completed(MpiCall::Waitall, C::Receive) > 0);
        QVERIFY(completed(MpiCall::Waitall, C::Send) > 0);
        QVERIFY(events[MpiCall::Testany] > 0 && events[MpiCall::Iprobe] > 0);
        // Every Irecv's completion is recorded, with its source, but for the few RandomAccess
        // cancels at its end (MPI_Cancel, then a Wait that receives nothing: no message).
        for (int rank = 0; rank < kRanks; ++rank) {
            QVERIFY(posted[rank] > 0);
            QVERIFY2(finished[rank] <= posted[rank] && finished[rank] * 100 >= posted[rank] * 99,
                     qPrintable(QStringLiteral("rank %1: %2 Irecv, %3 completions")
                                    .arg(rank)
                                    .arg(posted[rank])
                                    .arg(finished[rank])));
        }
        // Its communicators come from Comm_split: each has its announced id.
        QVERIFY(events[MpiCall::CommSplit] > 0);
        QVERIFY(trace->communicators.size() > 1);
        // The only ones found on first use are MPI_COMM_SELF, predefined (one member).
        for (const std::int32_t id : hashed) {
            QVERIFY(trace->communicator(id));
            QCOMPARE(trace->communicator(id)->worldRanks.size(), size_t(1));
        }
        QVERIFY2(!out.contains("not tracked"), qPrintable(out));
    }

private:
    Calls& at(int rank, MpiCall call) { return m_calls[{rank, call}]; }

    QTemporaryDir m_dir;
    MpiTrace m_trace;
    ByRank m_calls;
};

QTEST_GUILESS_MAIN(TestMpiCoverage)
#include "tst_mpicoverage.moc"
