// The wait states of a planted late sender in a real MPI program (issue 21, item 6): a real
// mpirun of 4 ranks (oversubscribed) runs xylem-mpiloop --pattern p2p under xylem-cli mpi, rank 2
// sending --late-us late in a ring of messages after a barrier each iteration. `xylem-cli analyze
// --json` must find the Late Sender it waits for: caused by rank 2, suffered by its right
// neighbour (rank 3), about iterations x late-us of it, in the three receiving calls the ring uses
// (MPI_Waitall, MPI_Wait, MPI_Recv) on MPI_COMM_WORLD. The program's own line reaches xylem-cli's
// stdout, and a program that ends with MPI_Abort gives xylem-cli mpirun's exit code.

#include "tests/app/clisessiontest.h"

#include <map>
#include <set>

using namespace xylem::testing;

namespace {

constexpr int kRanks = 4;
constexpr int kLateRank = 2;
constexpr int kLateUs = 2000;

QStringList lateRing(int iterations, const QStringList& extra = {})
{
    return QStringList{"--",
                       "mpirun",
                       "--allow-run-as-root",
                       "--oversubscribe",
                       "-np",
                       QString::number(kRanks),
                       XYLEM_MPILOOP,
                       "--pattern",
                       "p2p",
                       "--late-rank",
                       QString::number(kLateRank),
                       "--late-us",
                       QString::number(kLateUs),
                       "--iterations",
                       QString::number(iterations)} +
           extra;
}

// The rank-by-rank entries of a pattern's JSON ("ranks": [{rank, time_ns, caused_ns, ...}]).
std::map<int, nlohmann::json> byRank(const nlohmann::json& pattern)
{
    std::map<int, nlohmann::json> ranks;
    for (const auto& r : pattern["ranks"]) {
        ranks[r["rank"].get<int>()] = r;
    }
    return ranks;
}

QString figures(const nlohmann::json& pattern)
{
    return QString::fromStdString(pattern.dump());
}

} // namespace

class TestCliMpiWaits : public QObject
{
    Q_OBJECT

private slots:
    void plantedLateSenderIsFoundWithItsCauseAndCallSites()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("late.xylem");
        constexpr int kIterations = 150;
        const auto r = runCli(QStringList{"mpi", "-o", session} + lateRing(kIterations));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // The program's own line (rank 0's stdout) reaches xylem-cli's stdout.
        QVERIFY2(r.out.contains(QStringLiteral("mpiloop: %1 iterations on %2 ranks in ")
                                    .arg(kIterations)
                                    .arg(kRanks)),
                 qPrintable(r.out));

        const auto a = runCli({"analyze", session, "--json"});
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        const auto json = parseJson(a.out);
        // Every rank waits for rank 2 in the barriers too; no stage of the chosen kind is
        // negative (the guard's key appears only when one is).
        QVERIFY2(!json.contains("stage_guard") || json["stage_guard"]["explained_by_clocks"] == true,
                 json.contains("stage_guard") ? json["stage_guard"].dump().c_str() : "");
        const auto& sender = json["wait_states"]["patterns"]["late_sender"];
        QCOMPARE(sender["name"].get<std::string>(), std::string("Late Sender"));
        QVERIFY2(sender["main_cause"].is_number() && sender["main_cause"].get<int>() == kLateRank,
                 qPrintable(figures(sender)));

        // Rank 2 sends 2 ms late in every iteration and only rank 3 receives from it. Rank 3
        // waits for it, less the time rank 3 itself left the barrier late (4 ranks on 2 busy
        // cores: a descheduled rank); then rank 0 waits that time for rank 3. So all the Late
        // Sender waiting is at least about iterations x late-us (less a tenth for the message's
        // own time), most of it caused by rank 2 and suffered by rank 3.
        const std::int64_t planted = std::int64_t(kIterations) * kLateUs * 1000;
        const auto ranks = byRank(sender);
        QCOMPARE(ranks.size(), size_t(kRanks));
        QVERIFY2(sender["time_ns"].get<std::int64_t>() >= planted * 9 / 10,
                 qPrintable(figures(sender)));
        const std::int64_t caused = ranks.at(kLateRank)["caused_ns"].get<std::int64_t>();
        QVERIFY2(caused >= planted / 2, qPrintable(figures(sender)));
        QVERIFY2(ranks.at(kLateRank + 1)["time_ns"].get<std::int64_t>() >= planted / 2,
                 qPrintable(figures(sender)));
        for (const auto& [rank, entry] : ranks) {
            QVERIFY2(rank == kLateRank || entry["caused_ns"].get<std::int64_t>() < caused,
                     qPrintable(figures(sender)));
        }
        QVERIFY(sender["time_ns"].get<std::int64_t>() >= caused);

        // The call sites are the receiving calls of the three ways, a third of the iterations
        // each, on MPI_COMM_WORLD (communicator 0); no sending call waits for a late sender.
        std::set<std::string> calls;
        for (const auto& site : sender["call_sites"]) {
            const std::string call = site["call"].get<std::string>();
            calls.insert(call);
            QCOMPARE(site["communicator"].get<int>(), 0);
            QVERIFY2(site["waits"].get<std::int64_t>() >= kIterations / 3,
                     qPrintable(figures(site)));
            QVERIFY2(site["time_ns"].get<std::int64_t>() >= planted / 3 / 2,
                     qPrintable(figures(site)));
        }
        QCOMPARE(calls, (std::set<std::string>{"MPI_Recv", "MPI_Wait", "MPI_Waitall"}));
        QCOMPARE(sender["communicators"].size(), size_t(1));
        QCOMPARE(sender["communicators"][0]["communicator"].get<int>(), 0);
    }

    // Rank 0 prints its line, then calls MPI_Abort(MPI_COMM_WORLD, 3): OpenMPI 4.1's mpirun
    // exits with that code, and so does xylem-cli, saying what it stored; what the ranks recorded
    // before the abort still shows the late sender. (mpirun's own "MPI_ABORT was invoked" notice
    // is not asserted: OpenMPI 4.1 sometimes loses it, "ORTE_ERROR_LOG: Data unpack would read
    // past end of buffer in show_help.c", a race of its own.)
    void anAbortingProgramsCodeIsXylemsAndItsRecordingIsKept()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("abort.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              lateRing(30, {"--abort-code", "3"}));
        QVERIFY2(r.exitCode == 3, qPrintable(QString::number(r.exitCode) + r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("mpiloop: 30 iterations on %1 ranks").arg(kRanks)),
                 qPrintable(r.out));
        QVERIFY2(r.err.contains("the MPI program exited with code 3; what it recorded is stored "
                                "as run 1"),
                 qPrintable(r.err));
        QVERIFY2(r.out.contains("did not reach MPI_Finalize"), qPrintable(r.out));

        const auto a = runCli({"analyze", session, "--json"});
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        const auto json = parseJson(a.out);
        const auto& sender = json["wait_states"]["patterns"]["late_sender"];
        QVERIFY2(sender["main_cause"].is_number() && sender["main_cause"].get<int>() == kLateRank,
                 qPrintable(figures(sender)));
    }

    // The options are checked before MPI starts: a bad abort code is named.
    void aBadAbortCodeIsNamed()
    {
        QProcess p;
        p.start(QStringLiteral(XYLEM_MPILOOP), {"--abort-code", "300"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("--abort-code"), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestCliMpiWaits)
#include "tst_climpiwaits.moc"
