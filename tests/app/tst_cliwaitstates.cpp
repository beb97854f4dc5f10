// `xylem-cli analyze --session S --run N` on a run with MPI data: the wait-state section in text
// and the `wait_states` object in JSON; runs without MPI data have neither; damaged MPI data is
// an error naming the run.

#include "core/store/mpistore.h"
#include "tests/app/clisessiontest.h"
#include "tests/app/mpiexamplesession.h"

using namespace xylem;
using namespace xylem::testing;

class TestCliWaitStates : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void textShowsTheWaitStateSection()
    {
        const QString path = mpiExampleSession(m_dir, "text");
        QVERIFY(!path.isEmpty());
        const CliResult r = runCli({"analyze", "--session", path, "--run", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("Imbalance path")); // the usual report is still there
        QVERIFY(r.out.contains("Wait states (Scalasca patterns): 10 collective instances, 0 "
                               "incomplete"));
        const QStringList lines = r.out.split('\n');
        const auto line = [&](const QString& start) {
            for (const QString& l : lines) {
                if (l.simplified().startsWith(start)) {
                    return l.simplified();
                }
            }
            return QString();
        };
        QCOMPARE(line("Wait at N x N"),
                 QString("Wait at N x N 15.00 µs 78.9 % 10.00 µs (66.7 %) rank 2"));
        QVERIFY(line("Late Sender").endsWith("-"));
        QVERIFY(r.out.contains("Per call site"));
        QVERIFY(line("Wait at N x N MPI_Allreduce")
                    .startsWith("Wait at N x N MPI_Allreduce 0 15.00 µs"));
    }

    void jsonCarriesWaitStates()
    {
        const QString path = mpiExampleSession(m_dir, "json");
        const CliResult r = runCli({"analyze", "--session", path, "--run", "1", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto json = parseJson(r.out);
        QVERIFY(json.contains("calls"));
        const auto& nxn = json["wait_states"]["patterns"]["wait_at_nxn"];
        QCOMPARE(nxn["time_ns"].get<std::int64_t>(), std::int64_t(15000));
        QCOMPARE(nxn["grid_ns"].get<std::int64_t>(), std::int64_t(10000));
        QCOMPARE(nxn["main_cause"].get<int>(), 2);
        QCOMPARE(nxn["ranks"][3]["time_ns"].get<std::int64_t>(), std::int64_t(5000));
        QCOMPARE(nxn["ranks"][2]["caused_ns"].get<std::int64_t>(), std::int64_t(15000));
        QCOMPARE(nxn["call_sites"][0]["call"].get<std::string>(), std::string("MPI_Allreduce"));
        QVERIFY(json["wait_states"]["patterns"]["late_sender"]["main_cause"].is_null());
        QCOMPARE(json["wait_states"]["mpi_time_ns"].get<std::int64_t>(), std::int64_t(19000));
    }

    // A planted late sender (rank 3 sends 2 µs after rank 1 entered its Waitall, which also
    // waits for rank 0's early send), a late receiver (rank 0's Ssend waits 1 µs for rank 1's
    // Recv) and a barrier on communicator 5: each pattern with its cause and call site, the
    // Waitall counted once, the barrier apart from N x N, and severities per communicator.
    void plantedPointToPointWaitsWithCauseAndCallSite()
    {
        const QString path = m_dir.filePath("planted.xylem");
        {
            auto session = store::Session::create(path.toStdString());
            QVERIFY(session.ok());
            MpiTrace trace = lateRankTrace(4, 2, 500, 10);
            MpiTraceBuilder b;
            b.rank("a", "c0").rank("b", "c0").rank("c", "c1").rank("d", "c1").world();
            const std::int64_t t = 1'000'000;
            b.p2p(1, MpiCall::Irecv, 3, 7, t, t + 10);
            b.p2p(1, MpiCall::Irecv, 0, 7, t + 10, t + 20);
            b.completion(1, MpiCall::Waitall, MpiCompletion::Receive, 3, 7, t + 100, t + 3000);
            b.completion(1, MpiCall::Waitall, MpiCompletion::Receive, 0, 7, t + 100, t + 3000);
            b.p2p(3, MpiCall::Send, 1, 7, t + 2100, t + 2110);
            b.p2p(0, MpiCall::Send, 1, 7, t + 50, t + 60);
            b.p2p(0, MpiCall::Ssend, 1, 8, t + 4000, t + 5500);
            b.p2p(1, MpiCall::Recv, 0, 8, t + 5000, t + 5600);
            b.collective(0, MpiCall::Barrier, 0, t + 6000, t + 6400, -1, 5);
            b.collective(1, MpiCall::Barrier, 0, t + 6300, t + 6400, -1, 5);
            trace.communicators.push_back({5, "pair", {0, 1}});
            trace.events.insert(trace.events.end(), b.trace().events.begin(),
                                b.trace().events.end());
            const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
            QVERIFY(store::importRun(session.value(), run.configuration, run.tuples,
                                     store::RunMetadata{"planted", "", "test", "", ""})
                        .ok());
            QVERIFY(store::addMpiTrace(session.value(), 1, trace).ok());
        }
        const CliResult r = runCli({"analyze", "--session", path, "--run", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto line = [&](const QString& start) {
            for (const QString& l : r.out.split('\n')) {
                if (l.simplified().startsWith(start)) {
                    return l.simplified();
                }
            }
            return QString();
        };
        QVERIFY2(line("Late Sender").startsWith("Late Sender 2.000 µs"),
                 qPrintable(line("Late Sender")));
        QVERIFY2(line("Late Sender").endsWith("rank 3"), qPrintable(line("Late Sender")));
        QVERIFY2(line("Late Receiver").endsWith("rank 1"), qPrintable(line("Late Receiver")));
        QVERIFY2(line("Wait at Barrier").endsWith("rank 1"), qPrintable(line("Wait at Barrier")));
        QVERIFY(r.out.contains("Per communicator:"));
        QVERIFY2(line("Wait at Barrier 5").startsWith("Wait at Barrier 5 300.0 ns 1 0.0 ns (0.0 %)"),
                 qPrintable(line("Wait at Barrier 5")));
        QVERIFY2(line("Late Sender MPI_Waitall").startsWith("Late Sender MPI_Waitall 0 2.000 µs"),
                 qPrintable(line("Late Sender MPI_Waitall")));

        const CliResult j = runCli({"analyze", "--session", path, "--run", "1", "--json"});
        QVERIFY2(j.exitCode == 0, qPrintable(j.err));
        const auto json = parseJson(j.out);
        const auto& patterns = json["wait_states"]["patterns"];
        const auto& sender = patterns["late_sender"];
        QCOMPARE(sender["time_ns"].get<std::int64_t>(), std::int64_t(2000));
        QCOMPARE(sender["waits"].get<std::int64_t>(), std::int64_t(1)); // the Waitall, once
        QCOMPARE(sender["grid_ns"].get<std::int64_t>(), std::int64_t(2000));
        QCOMPARE(sender["main_cause"].get<int>(), 3);
        QCOMPARE(sender["call_sites"][0]["call"].get<std::string>(), std::string("MPI_Waitall"));
        const auto& receiver = patterns["late_receiver"];
        QCOMPARE(receiver["time_ns"].get<std::int64_t>(), std::int64_t(1000));
        QCOMPARE(receiver["main_cause"].get<int>(), 1);
        QCOMPARE(receiver["call_sites"][0]["call"].get<std::string>(), std::string("MPI_Ssend"));
        const auto& barrier = patterns["wait_at_barrier"];
        QCOMPARE(barrier["communicators"].size(), size_t(1));
        QCOMPARE(barrier["communicators"][0]["communicator"].get<int>(), 5);
        QCOMPARE(barrier["communicators"][0]["time_ns"].get<std::int64_t>(), std::int64_t(300));
        const auto& nxn = patterns["wait_at_nxn"];
        QCOMPARE(nxn["time_ns"].get<std::int64_t>(), std::int64_t(15000)); // the Allreduces only
        QCOMPARE(nxn["communicators"][0]["communicator"].get<int>(), 0);
    }

    void runWithoutMpiDataHasNoSection()
    {
        const QString path = mpiExampleSession(m_dir, "plain");
        const CliResult text = runCli({"analyze", "--session", path, "--run", "2"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(!text.out.contains("Wait states"));
        const CliResult json = runCli({"analyze", "--session", path, "--run", "2", "--json"});
        QVERIFY(!parseJson(json.out).contains("wait_states"));
    }

    void damagedMpiDataIsAnErrorNamingTheRun()
    {
        const QString path = mpiExampleSession(m_dir, "damaged");
        QVERIFY(!path.isEmpty());
        {
            auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadWrite);
            QVERIFY(session->database()
                        .exec("UPDATE mpi_event_chunks SET data = x'00112233445566778899'")
                        .ok());
        }
        const CliResult r = runCli({"analyze", "--session", path, "--run", "1"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("run 1") && r.err.contains("damaged MPI event chunk"),
                 qPrintable(r.err));
    }

    // The reviewer's reproduction: a run with communicators 0 (world), 1 and 257, and 1 renamed
    // to 2^32 in the file. Read as 32 bits that was a second communicator 0, whose members
    // merged with the world's and made analyze write past an instance (SIGSEGV, double free).
    void communicatorIdBeyond32BitsIsNamedNotACrash()
    {
        const QString path = m_dir.filePath("wide-id.xylem");
        {
            auto session = store::Session::create(path.toStdString());
            QVERIFY(session.ok());
            MpiTrace trace = lateRankTrace(4, 2, 500, 10);
            trace.communicators.push_back({1, "comm 1", {0, 2}});
            trace.communicators.push_back({257, "comm 257", {1, 3}});
            const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
            QVERIFY(store::importRun(session.value(), run.configuration, run.tuples,
                                     store::RunMetadata{"mpi", "", "test", "", ""})
                        .ok());
            QVERIFY(store::addMpiTrace(session.value(), 1, trace).ok());
            QVERIFY(session->database()
                        .exec("UPDATE mpi_communicators SET id=4294967296 WHERE id=1")
                        .ok());
        }
        for (const QStringList& extra : {QStringList{}, QStringList{"--json"}}) {
            const CliResult r = runCli(QStringList{"analyze", "--session", path} + extra);
            QCOMPARE(r.exitCode, 2); // bad input; -1 would be a crash
            QVERIFY2(r.err.contains(path) && r.err.contains("run 1") &&
                         r.err.contains("communicator id 4294967296 does not fit in 32 bits"),
                     qPrintable(r.err));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliWaitStates)
#include "tst_cliwaitstates.moc"
