// xylem-cli mpi as a user runs it: a real mpirun of 4 ranks (oversubscribed) with the PMPI
// interposer preloaded. Every call of every rank arrives and decodes (counts per kind,
// communicators, seqs, roots, bytes, partners); a late rank ends the imbalance path of the
// stored world run (named after the program) and the main cause of Wait at N x N; a failing program
// gives a clear error and keeps what it recorded; hpcc from Debian's archive records too (the
// README's recipe).

#include "core/analysis/analyzer.h"
#include "core/analysis/clockmodeljson.h"
#include "core/analysis/waitstates.h"
#include "core/model/mpiruns.h"
#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"

#include <QDir>
#include <QElapsedTimer>
#include <QStandardPaths>

#include <map>
#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kRanks = 4;
constexpr int kIterations = 40;
// The planted late rank: 20 ms of computing more than the others, every iteration. 4 busy-polling
// ranks on 2 cores beside other suites (load 10-13) leave an Allreduce up to 10-15 ms apart,
// 100 ms at worst, in steps of the scheduler's 4 ms tick: a rank 2 ms late was the last to arrive
// in only 105-111 of 200 Allreduces, and 3 of 5 runs failed (the imbalance path ended at rank 0
// once, rank 2 caused less waiting than the others together twice); 20 ms late it was the last
// in all 100 of 100 and caused over 200 times their waiting.
constexpr int kLateIterations = 100;
constexpr int kLateUs = 20000;

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

Result<MpiTrace> storedTrace(const QString& path, std::int64_t run)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        return session.error();
    }
    return store::mpiTrace(session.value(), run);
}

std::map<std::pair<int, MpiCall>, std::vector<MpiEvent>> byRankAndCall(const MpiTrace& trace)
{
    std::map<std::pair<int, MpiCall>, std::vector<MpiEvent>> calls;
    for (const MpiEvent& e : trace.events) {
        calls[{e.rank, e.call}].push_back(e);
    }
    return calls;
}

} // namespace

class TestCliMpi : public QObject
{
    Q_OBJECT

private slots:
    void everyCallOfEveryRankArrives()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("mpi.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun({XYLEM_MPILOOP, "--pattern", "mixed", "--iterations",
                                      QString::number(kIterations), "--bytes", "64"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("stored as run 1"), qPrintable(r.out));
        const auto trace = storedTrace(session, 1);
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().describe().c_str());
        QCOMPARE(trace->ranks.size(), size_t(kRanks));
        QCOMPARE(trace->communicators.size(), size_t(3)); // the world and two halves
        auto calls = byRankAndCall(trace.value());
        for (int rank = 0; rank < kRanks; ++rank) {
            for (MpiCall c : {MpiCall::Bcast, MpiCall::Reduce, MpiCall::Allgather,
                              MpiCall::Alltoall, MpiCall::ReduceScatter, MpiCall::Gather,
                              MpiCall::Scatter, MpiCall::Isend, MpiCall::Irecv}) {
                QCOMPARE(calls[std::make_pair(rank, c)].size(), size_t(kIterations));
            }
            QCOMPARE(calls[std::make_pair(rank, MpiCall::Barrier)].size(),
                     size_t(kIterations + 1)); // the loop's start
            // Allreduce on the world and on the rank's half; two Waits per iteration.
            QCOMPARE(calls[std::make_pair(rank, MpiCall::Allreduce)].size(),
                     size_t(2 * kIterations));
            QCOMPARE(calls[std::make_pair(rank, MpiCall::Wait)].size(), size_t(2 * kIterations));
            const auto& p2p = calls[std::make_pair(rank, rank % 2 ? MpiCall::Recv : MpiCall::Send)];
            QCOMPARE(p2p.size(), size_t(kIterations));
            QCOMPARE(p2p.front().partner, rank ^ 1);
            QCOMPARE(p2p.front().tag, 9);
            QCOMPARE(p2p.front().bytes, std::int64_t(64));
            const auto& bcasts = calls[std::make_pair(rank, MpiCall::Bcast)];
            for (int i = 0; i < kIterations; ++i) {
                QCOMPARE(bcasts[size_t(i)].partner, i % kRanks); // the root, as a world rank
                QCOMPARE(bcasts[size_t(i)].communicator, 0);
            }
            QCOMPARE(calls[std::make_pair(rank, MpiCall::Gather)].front().partner, kRanks - 1);
            QCOMPARE(calls[std::make_pair(rank, MpiCall::Alltoall)].front().bytes,
                     std::int64_t(64));
            std::set<std::int64_t> worldSeqs;
            int receives = 0;
            for (const MpiEvent& e : trace->events) {
                if (e.rank == rank && isCollective(e.call) && e.communicator == 0) {
                    worldSeqs.insert(e.seq);
                }
                if (e.rank == rank && e.call == MpiCall::Wait && e.completes == MpiCompletion::Receive) {
                    ++receives;
                    QCOMPARE(e.partner, (rank + kRanks - 1) % kRanks);
                    QCOMPARE(e.bytes, std::int64_t(64));
                }
            }
            // The Comm_split of the halves, the start barrier and 9 world collectives per
            // iteration, numbered without a gap.
            QCOMPARE(worldSeqs.size(), size_t(9 * kIterations + 2));
            QCOMPARE(*worldSeqs.rbegin(), std::int64_t(9 * kIterations + 1));
            QCOMPARE(receives, kIterations);
        }
    }

    void lateRankEndsTheImbalancePath()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("late.xylem");
        const auto r =
            runCli(QStringList{"mpi", "-o", session, "--shape", "flat"} +
                   mpirun({XYLEM_MPILOOP, "--iterations", QString::number(kLateIterations),
                           "--late-rank", "2", "--late-us", QString::number(kLateUs)}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const auto trace = storedTrace(session, 1);
        QVERIFY(trace.ok());
        {
            // Named after the program mpirun starts, not its last argument ("2000"), and the
            // kind of the run (one per collective kind, the most time first).
            auto stored = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
            QVERIFY(stored);
            auto runs = store::listRuns(stored.value());
            QVERIFY(runs && !runs->empty());
            QCOMPARE(QString::fromStdString(runs->front().metadata.name),
                     QStringLiteral("mpi xylem-mpiloop: MPI_Allreduce on MPI_COMM_WORLD"));
        }
        const auto run = collectiveRun(trace.value(), 0, RunShape::Flat);
        QVERIFY(run.ok());
        const AnalysisReport report = analyze(run.value());
        QVERIFY(!report.imbalancePath.empty());
        const int last = report.imbalancePath.back();
        QCOMPARE(report.configuration->wrapper(last).id, rankWrapperId(2));

        // The same rank is the one the others wait for in every Allreduce and Barrier.
        const auto waits = analyzeWaitStates(trace.value());
        QVERIFY2(waits.ok(), waits.ok() ? "" : waits.error().describe().c_str());
        const PatternSeverity& nxn = waits->of(WaitPattern::WaitAtNxN);
        QCOMPARE(nxn.mainCause, 2);
        QVERIFY(nxn.total.waitNs > 0);
        QCOMPARE(waits->incompleteInstances, std::int64_t(0));
        // Descheduled ranks (4 ranks on a busy machine) cause some waiting too, but rank 2 more
        // than all the others together.
        QCOMPARE(nxn.causedNs.size(), size_t(kRanks));
        const std::int64_t others = nxn.causedNs[0] + nxn.causedNs[1] + nxn.causedNs[3];
        qInfo("Wait at N x N caused: rank 2 %lld ns, the others %lld ns",
              static_cast<long long>(nxn.causedNs[2]), static_cast<long long>(others));
        QVERIFY2(nxn.causedNs[2] > others,
                 qPrintable(QStringLiteral("rank 2 caused %1 ns, the others %2 ns")
                                .arg(nxn.causedNs[2])
                                .arg(others)));
    }

    // --listen: the front-end binds every interface when asked (advertising a routable
    // address); a host name is refused before anything is made.
    void theFrontEndListensWhereAsked()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("listen.xylem");
        const auto r = runCli(QStringList{"mpi", "--listen", "0.0.0.0", "-o", session} +
                              mpirun({XYLEM_MPILOOP, "--iterations", "20"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(storedTrace(session, 1).ok());
        const QString refused = dir.filePath("refused.xylem");
        const auto bad = runCli(QStringList{"mpi", "--listen", "node17", "-o", refused} +
                                mpirun({XYLEM_MPILOOP, "--iterations", "20"}));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--listen 'node17': not an IP address"), qPrintable(bad.err));
        QVERIFY(!QFile::exists(refused));
    }

    void failingProgramIsNamedAndKeepsWhatItRecorded()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("bad.xylem");
        // An option the loop refuses: every rank calls MPI_Init, rank 0 complains, exit 2.
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun({XYLEM_MPILOOP, "--pattern", "zigzag"}));
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("--pattern: zigzag not in {allreduce,mixed,coverage,p2p}"),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains("exited with code"), qPrintable(r.err));

        const auto missing =
            runCli(QStringList{"mpi", "-o", session, "--", "mpirun", "--allow-run-as-root", "-np",
                               "2", dir.filePath("no-such-program")});
        QVERIFY(missing.exitCode != 0);
        QVERIFY2(missing.err.contains("recorded no MPI call"), qPrintable(missing.err));
        QVERIFY2(runCli({"mpi", "-o", session}).err.contains("give the MPI command after --"),
                 "a missing command is named");
    }

    // A node of the job the launcher cannot reach is named with the launcher's words before
    // anything runs, and nothing is stored; a launcher without {command} is refused.
    void anUnreachableNodeIsNamed()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("unreachable.xylem");
        QElapsedTimer clock;
        clock.start();
        const auto r = runCli(QStringList{"mpi", "--launcher", "/bin/false {host} {command}",
                                          "-o", session, "--", "mpirun", "-H",
                                          "localhost,node-that-is-not.invalid", "-np", "2",
                                          XYLEM_MPILOOP});
        QVERIFY2(r.exitCode != 0, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains("node-that-is-not.invalid"), qPrintable(r.err));
        QVERIFY(clock.elapsed() < 30000);
        QVERIFY(!QFile::exists(session));
        qInfo("%s", qPrintable(r.err));
        const auto bad = runCli(QStringList{"mpi", "--launcher", "ssh {host}", "-o", session,
                                            "--", "mpirun", "-np", "1", XYLEM_MPILOOP});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--launcher"), qPrintable(bad.err));
    }

    void killedRankEndsTheRecordingAndKeepsWhatItRecorded()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("killed.xylem");
        QElapsedTimer clock;
        clock.start();
        // Rank 1 dies of SIGKILL before its 31st iteration of every call kind; the others block
        // until mpirun ends the job. runCli gives up (exit -1) after a minute: that would be a
        // hang. Rank 0 wrote the run's description at MPI_Init only, before the loop split its
        // communicator: the calls on that communicator are kept all the same.
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun({XYLEM_MPILOOP, "--pattern", "mixed", "--iterations",
                                      "100000000", "--kill-rank", "1", "--kill-after", "30"}));
        QVERIFY2(r.exitCode > 0, qPrintable(QStringLiteral("exit %1 after %2 ms: %3")
                                                .arg(r.exitCode)
                                                .arg(clock.elapsed())
                                                .arg(r.out + r.err)));
        QVERIFY2(r.err.contains("what it recorded is stored as run 1"), qPrintable(r.err));
        QVERIFY2(r.out.contains("did not reach MPI_Finalize"), qPrintable(r.out));
        const auto trace = storedTrace(session, 1);
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().describe().c_str());
        QCOMPARE(trace->ranks.size(), size_t(kRanks));
        auto calls = byRankAndCall(trace.value());
        // On the world and on the rank's half, 30 iterations each.
        QCOMPARE(calls[std::make_pair(1, MpiCall::Allreduce)].size(), size_t(60));
        QCOMPARE(trace->communicators.size(), size_t(3));
        for (int rank : {0, 2, 3}) {
            QVERIFY(calls[std::make_pair(rank, MpiCall::Allreduce)].size() >= 60);
        }
        auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        const auto info = store::runInfo(opened.value(), 1);
        QVERIFY(info.ok());
        QVERIFY2(info->metadata.notes.find("interrupted") != std::string::npos,
                 info->metadata.notes.c_str());
    }

    void everyHostsClockModelIsStored()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("clocks.xylem");
        // Two "hosts" of two ranks on this machine (MPMD): their masters ping-pong at MPI_Init
        // and MPI_Finalize, hostb against hosta (rank 0's host, the reference).
        const QStringList loop{XYLEM_MPILOOP, "--iterations", "50"};
        const auto r =
            runCli(QStringList{"mpi", "-o", session, "--", "mpirun", "--allow-run-as-root",
                               "--oversubscribe", "-np", "2", "-x", "XYLEM_MPI_HOST=hosta"} +
                   loop + QStringList{":", "-np", "2", "-x", "XYLEM_MPI_HOST=hostb"} + loop);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        const auto models = store::clockModels(opened.value(), 1);
        QVERIFY(models.ok());
        QCOMPARE(models->size(), size_t(2));
        std::map<std::string, HostClock> byHost;
        for (const store::ClockModelRecord& m : models.value()) {
            auto parsed = parseClockModelJson(m.modelJson);
            QVERIFY2(parsed.ok(), m.modelJson.c_str());
            byHost[m.host] = parsed.value();
        }
        QVERIFY(byHost.at("hosta").reference);
        const HostClock& b = byHost.at("hostb");
        QVERIFY(b.measured);
        QCOMPARE(b.master, std::string("hosta"));
        // One machine, one clock: the measured offset is within the error bound, which is
        // half a loopback round trip: well under a millisecond on an idle machine, but with 4
        // ranks on 2 cores beside a build even the best of ten round trips waited 3.6 ms for a
        // time slice once. 50 ms still catches a bound that is no round trip at all.
        QVERIFY(b.errorBoundNs.has_value());
        QVERIFY2(*b.errorBoundNs > 0 && *b.errorBoundNs < 50'000'000,
                 qPrintable(QString::number(*b.errorBoundNs)));
        QVERIFY2(std::abs(b.start.offsetNs) <= *b.errorBoundNs,
                 qPrintable(QString::number(b.start.offsetNs)));
        QVERIFY(b.end.localNs > b.start.localNs); // sampled at MPI_Init and at MPI_Finalize
        // The stored trace is the corrected one: its samples are in the model now.
        const auto trace = storedTrace(session, 1);
        QVERIFY(trace.ok());
        QVERIFY(trace->clockSamples.empty());
        QCOMPARE(trace->ranks[2].host, std::string("hostb"));
    }

    void hpccFromDebianRecords()
    {
        const QString hpcc = QStandardPaths::findExecutable("hpcc");
        if (hpcc.isEmpty()) {
            QSKIP("hpcc is not installed (packaging/setup/install-deps.sh installs it)");
        }
        QTemporaryDir dir;
        // A tiny input (N = 200 on a 2 x 2 grid): hpcc reads hpccinf.txt from its folder.
        QVERIFY(QFile::copy(QStringLiteral(XYLEM_TEST_DATA_DIR "/mpi/hpccinf.txt"),
                            dir.filePath("hpccinf.txt")));
        const QString session = dir.filePath("hpcc.xylem");
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(XYLEM_CLI), QStringList{"mpi", "-o", session} + mpirun({hpcc}));
        QVERIFY(p.waitForFinished(240000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QVERIFY2(p.exitCode() == 0, qPrintable(out));
        const auto trace = storedTrace(session, 1);
        QVERIFY(trace.ok());
        QCOMPARE(trace->ranks.size(), size_t(kRanks));
        auto calls = byRankAndCall(trace.value());
        for (int rank = 0; rank < kRanks; ++rank) {
            QVERIFY(!calls[std::make_pair(rank, MpiCall::Allreduce)].empty() ||
                    !calls[std::make_pair(rank, MpiCall::Bcast)].empty());
            // Calls that were unseen before issue 21: hpcc's PTRANS and FFT exchange with
            // MPI_Sendrecv, its HPL panels post MPI_Irecv and finish them with MPI_Waitall or
            // poll with MPI_Testany. A completion that finished a receive names its source.
            QVERIFY(!calls[std::make_pair(rank, MpiCall::Sendrecv)].empty());
            QVERIFY(!calls[std::make_pair(rank, MpiCall::Irecv)].empty());
            int received = 0;
            for (MpiCall c : {MpiCall::Waitall, MpiCall::Testany}) {
                for (const MpiEvent& e : calls[std::make_pair(rank, c)]) {
                    if (e.completes == MpiCompletion::Receive) {
                        QVERIFY(e.partner >= 0 && e.partner < kRanks);
                        ++received;
                    }
                }
            }
            QVERIFY2(received > 0, qPrintable(QStringLiteral("rank %1").arg(rank)));
        }
        // No stage of the default kind (the world's MPI_Allreduce) is negative: the report
        // carries 'stage_guard' only when one is, and then it must be the clocks' doing.
        const auto a = runCli({"analyze", session, "--json"});
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        const auto json = parseJson(a.out);
        QVERIFY2(!json.contains("stage_guard") || json["stage_guard"]["explained_by_clocks"] == true,
                 json.contains("stage_guard") ? json["stage_guard"].dump().c_str() : "");
    }
};

QTEST_GUILESS_MAIN(TestCliMpi)
#include "tst_climpi.moc"
