// Fortran MPI programs under xylem-cli mpi, as a user runs them: the project's ring program in
// its three bindings (tests/data/mpi/fortran: include 'mpif.h', use mpi, use mpi_f08), built by
// mpif90 with Debian's gfortran and run by OpenMPI's mpirun on 4 ranks with the interposer
// preloaded. OpenMPI's Fortran bindings call PMPI_ directly, so these calls are only seen
// through the interposer's Fortran entry points (collectors/mpi/fortran). Every call of every
// rank must be recorded exactly once, with the partners, tags, bytes and completions a C
// program gets, and the program's own line must reach xylem-cli's stdout.

#include "core/model/mpitrace.h"
#include "core/store/mpistore.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"

#include <QRegularExpression>

#include <map>
#include <set>
#include <utility>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kRanks = 4;
constexpr int kIterations = 5; // the programs' own constant

Result<MpiTrace> storedTrace(const QString& path)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        return session.error();
    }
    return store::mpiTrace(session.value(), 1);
}

// Calls, not events: the events of one call (Waitall finishing two requests, Sendrecv's two
// halves) share its enter and exit.
std::map<std::pair<int, MpiCall>, int> callsPerRank(const MpiTrace& trace)
{
    std::map<std::pair<int, MpiCall>, std::set<std::pair<std::int64_t, std::int64_t>>> calls;
    for (const MpiEvent& e : trace.events) {
        calls[{e.rank, e.call}].insert({e.enter, e.exit});
    }
    std::map<std::pair<int, MpiCall>, int> counts;
    for (const auto& [key, times] : calls) {
        counts[key] = int(times.size());
    }
    return counts;
}

// What every rank of ring_*.f90 calls (see ring_mpifh.f90's header).
std::map<MpiCall, int> expectedCalls(int rank)
{
    const bool even = rank % 2 == 0;
    return {
        {MpiCall::CommSplit, 1},
        {MpiCall::Allreduce, 3 * kIterations + 1}, // two on the world, one on the half; the verdict
        {MpiCall::Bcast, kIterations},
        {MpiCall::Reduce, kIterations},
        {MpiCall::Send, even ? kIterations : 0},
        {MpiCall::Recv, even ? 0 : kIterations},
        {MpiCall::Sendrecv, kIterations},
        {MpiCall::Irecv, kIterations},
        {MpiCall::Isend, kIterations},
        {MpiCall::Waitall, kIterations},
        {MpiCall::Iallreduce, kIterations},
        {MpiCall::Wait, kIterations},
        {MpiCall::Barrier, kIterations},
    };
}

} // namespace

class TestMpiFortran : public QObject
{
    Q_OBJECT

private slots:
    void everyFortranCallIsRecordedOnce_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("binding");
        QTest::newRow("mpif.h") << "ring_mpifh"
                                << "mpif.h";
        QTest::newRow("use mpi") << "ring_usempi"
                                 << "use mpi";
        QTest::newRow("use mpi_f08") << "ring_f08"
                                     << "use mpi_f08";
    }

    void everyFortranCallIsRecordedOnce()
    {
        QFETCH(QString, program);
        QFETCH(QString, binding);
        QTemporaryDir dir;
        const QString session = dir.filePath("fortran.xylem");
        const auto r =
            runCli({"mpi", "-o", session, "--", "mpirun", "--allow-run-as-root", "--oversubscribe",
                    "-np", QString::number(kRanks),
                    QStringLiteral(XYLEM_FORTRAN_PROGRAMS) + QLatin1Char('/') + program});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // The program checks every result it gets (a wrong handle, MPI_IN_PLACE or status
        // conversion shows there) and rank 0 says so on its stdout, which is the user's.
        const QString line = QStringLiteral("xylem fortran %1: %2 ranks, %3 iterations, every "
                                            "result right")
                                 .arg(binding)
                                 .arg(kRanks)
                                 .arg(kIterations);
        QVERIFY2(r.out.contains(line), qPrintable(r.out + r.err));

        const auto trace = storedTrace(session);
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().describe().c_str());
        QCOMPARE(trace->ranks.size(), size_t(kRanks));
        QCOMPARE(trace->communicators.size(), size_t(3)); // the world and the two halves

        const auto calls = callsPerRank(trace.value());
        for (int rank = 0; rank < kRanks; ++rank) {
            int expectedTotal = 0;
            for (const auto& [call, count] : expectedCalls(rank)) {
                const auto it = calls.find({rank, call});
                const int seen = it == calls.end() ? 0 : it->second;
                QVERIFY2(seen == count,
                         qPrintable(QStringLiteral("rank %1: %2 %3 calls, not %4")
                                        .arg(rank)
                                        .arg(seen)
                                        .arg(QString::fromUtf8(mpiCallName(call).data(),
                                                               qsizetype(mpiCallName(call).size())))
                                        .arg(count)));
                expectedTotal += count;
            }
            int total = 0; // and nothing else
            for (const auto& [key, count] : calls) {
                total += key.first == rank ? count : 0;
            }
            QCOMPARE(total, expectedTotal);
        }

        // Partners, tags, bytes and completions as a C program's.
        for (const MpiEvent& e : trace->events) {
            if (e.call == MpiCall::Recv) {
                QCOMPARE(e.partner, e.rank - 1); // MPI_ANY_SOURCE resolved
                QCOMPARE(e.tag, 7);
                QCOMPARE(e.bytes, std::int64_t(4));
            }
            if (e.call == MpiCall::Send) {
                QCOMPARE(e.partner, e.rank + 1);
                QCOMPARE(e.tag, 7);
            }
            if (e.call == MpiCall::Bcast || e.call == MpiCall::Reduce) {
                QCOMPARE(e.partner, e.call == MpiCall::Bcast ? 0 : kRanks - 1);
            }
            if (e.call == MpiCall::Allreduce) {
                QCOMPARE(e.bytes, std::int64_t(4)); // also with MPI_IN_PLACE
            }
        }
        for (int rank = 0; rank < kRanks; ++rank) {
            const int left = (rank + kRanks - 1) % kRanks;
            const int right = (rank + 1) % kRanks;
            int irecvsDone = 0;
            int isendsDone = 0;
            int collectivesDone = 0;
            int sendrecvReceives = 0;
            for (const MpiEvent& e : trace->events) {
                if (e.rank != rank) {
                    continue;
                }
                if (e.call == MpiCall::Waitall && e.completes == MpiCompletion::Receive) {
                    ++irecvsDone; // the Irecv's completion, attributed to its source
                    QCOMPARE(e.partner, left);
                    QCOMPARE(e.tag, 9);
                    QCOMPARE(e.bytes, std::int64_t(4));
                }
                if (e.call == MpiCall::Waitall && e.completes == MpiCompletion::Send) {
                    ++isendsDone;
                    QCOMPARE(e.partner, right);
                    QCOMPARE(e.tag, 9);
                }
                if (e.call == MpiCall::Wait && e.completes == MpiCompletion::Collective) {
                    ++collectivesDone;
                    QCOMPARE(e.communicator, 0);
                }
                if (e.call == MpiCall::Sendrecv && e.completes == MpiCompletion::Receive) {
                    ++sendrecvReceives;
                    QCOMPARE(e.partner, left);
                    QCOMPARE(e.tag, 8);
                }
            }
            QCOMPARE(irecvsDone, kIterations);
            QCOMPARE(isendsDone, kIterations);
            QCOMPARE(collectivesDone, kIterations);
            QCOMPARE(sendrecvReceives, kIterations);
        }
    }

    // Every call the interposer records, from Fortran (coverage_*.f90): each rank prints how
    // often it made each call (its Test/Waitsome/Iprobe loops run as often as they must), and
    // the trace has exactly those calls, no more.
    void everyRecordedCallFromFortran_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("binding");
        QTest::newRow("mpif.h") << "coverage_mpifh"
                                << "mpif.h";
        QTest::newRow("use mpi_f08") << "coverage_f08"
                                     << "use mpi_f08";
    }

    void everyRecordedCallFromFortran()
    {
        QFETCH(QString, program);
        QFETCH(QString, binding);
        QTemporaryDir dir;
        const QString session = dir.filePath("coverage.xylem");
        const auto r =
            runCli({"mpi", "-o", session, "--", "mpirun", "--allow-run-as-root", "--oversubscribe",
                    "-np", QString::number(kRanks),
                    QStringLiteral(XYLEM_FORTRAN_PROGRAMS) + QLatin1Char('/') + program});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(
                     QStringLiteral("xylem fortran coverage %1: every result right").arg(binding)),
                 qPrintable(r.out + r.err));

        // "xylem fortran coverage rank R: MPI_Allgather=1 MPI_Test=7 ..."
        std::map<std::pair<int, MpiCall>, int> made;
        std::set<MpiCall> kinds;
        const QRegularExpression rankLine(
            QStringLiteral("^xylem fortran coverage rank (\\d+):(.*)$"),
            QRegularExpression::MultilineOption);
        for (auto it = rankLine.globalMatch(r.out); it.hasNext();) {
            const auto m = it.next();
            const int rank = m.captured(1).toInt();
            for (const QString& entry : m.captured(2).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                const auto parts = entry.split(QLatin1Char('='));
                QCOMPARE(parts.size(), qsizetype(2));
                const auto call = mpiCallFromName(parts[0].toStdString());
                QVERIFY2(call, qPrintable(parts[0]));
                made[{rank, *call}] = parts[1].toInt();
                kinds.insert(*call);
            }
        }
        QCOMPARE(kinds.size(), size_t(kMpiCallCount)); // every call the interposer records

        const auto trace = storedTrace(session);
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().describe().c_str());
        const auto calls = callsPerRank(trace.value());
        for (int rank = 0; rank < kRanks; ++rank) {
            int madeTotal = 0;
            int recordedTotal = 0;
            for (const auto& [key, count] : made) {
                if (key.first != rank) {
                    continue;
                }
                const auto it = calls.find(key);
                const int seen = it == calls.end() ? 0 : it->second;
                const auto name = mpiCallName(key.second);
                QVERIFY2(seen == count,
                         qPrintable(QStringLiteral("rank %1: %2 %3 calls recorded, %4 made")
                                        .arg(rank)
                                        .arg(seen)
                                        .arg(QString::fromUtf8(name.data(), qsizetype(name.size())))
                                        .arg(count)));
                madeTotal += count;
            }
            for (const auto& [key, count] : calls) {
                recordedTotal += key.first == rank ? count : 0;
            }
            QCOMPARE(recordedTotal, madeTotal);
        }
    }
};

QTEST_GUILESS_MAIN(TestMpiFortran)
#include "tst_mpifortran.moc"
