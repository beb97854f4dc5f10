// xylem-cli sweep as a user runs it: real local gsum clusters, one recorded run per
// configuration named by its label, and a table whose figures are those `xylem-cli analyze`
// gives for the same runs; an emulated wide-area link that really slows the calls that cross
// it; bad input refused with exit 2 before anything runs; Ctrl-C ending the sweep cleanly.

#include "tests/app/clisessiontest.h"
#include "tests/support/waituntil.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <csignal>
#include <cmath>

using namespace xylem::testing;

namespace {

nlohmann::json analyzed(const QString& session, std::int64_t run)
{
    const CliResult r =
        runCli({"analyze", "--session", session, "--run", QString::number(run), "--json"});
    if (r.exitCode != 0) {
        qWarning("analyze failed: %s", qPrintable(r.err));
        return {};
    }
    return parseJson(r.out);
}

QStringList runNames(const QString& session)
{
    const auto info = parseJson(runCli({"info", "--session", session, "--json"}).out);
    QStringList names;
    for (const auto& run : info["runs"]) {
        names << QString::fromStdString(run["name"].get<std::string>());
    }
    return names;
}

// A sweep started as a process, stopped (SIGINT, then killed) should a check fail.
class RunningSweep
{
public:
    explicit RunningSweep(const QStringList& args)
    {
        m_cli.start(QStringLiteral(XYLEM_CLI), QStringList{"sweep"} + args);
    }
    ~RunningSweep()
    {
        if (m_cli.state() != QProcess::NotRunning) {
            ::kill(static_cast<pid_t>(m_cli.processId()), SIGINT);
            if (!m_cli.waitForFinished(30000)) {
                m_cli.kill();
                m_cli.waitForFinished(10000);
            }
        }
    }
    QProcess& cli() { return m_cli; }
    // Waits, at most `timeout`, until standard error holds a match of `pattern`.
    bool waitForError(const QRegularExpression& pattern, std::chrono::milliseconds timeout)
    {
        return waitUntil(
            [&] {
                m_cli.waitForReadyRead(50);
                m_err += QString::fromUtf8(m_cli.readAllStandardError());
                return m_err.contains(pattern) || m_cli.state() == QProcess::NotRunning;
            },
            timeout) &&
               m_err.contains(pattern);
    }
    const QString& err() const { return m_err; }

private:
    QProcess m_cli;
    QString m_err;
};

} // namespace

class TestCliSweep : public QObject
{
    Q_OBJECT

private slots:
    void aRunPerConfigurationAndTheFiguresOfAnalyze()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("sweep.xylem");
        const CliResult r = runCli({"sweep", "--hosts", "A:c0,B:c1", "--threads", "2", "--shapes",
                                    "flat,kary,hierarchy", "--arities", "3", "--iterations",
                                    "300", "--json", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const auto doc = parseJson(r.out);
        QVERIFY2(doc.is_object(), qPrintable(r.out));
        const auto& trials = doc["trials"];
        QCOMPARE(trials.size(), size_t{3});
        const QStringList labels{"flat", "kary:3", "hierarchy"};
        QCOMPARE(runNames(session), labels);
        for (size_t i = 0; i < 3; ++i) {
            const auto& t = trials[i];
            QCOMPARE(QString::fromStdString(t["label"].get<std::string>()),
                     labels[static_cast<int>(i)]);
            QVERIFY2(!t.contains("error"), qPrintable(QString::fromStdString(t.dump())));
            const std::int64_t run = t["run"].get<std::int64_t>();
            QCOMPARE(run, static_cast<std::int64_t>(i + 1));
            const auto report = analyzed(session, run);
            // 300 timed calls and gsum's 100 warm-up calls, as analyze counts them.
            QCOMPARE(t["calls"].get<std::int64_t>(), report["calls"].get<std::int64_t>());
            QCOMPARE(t["calls"].get<std::int64_t>(), std::int64_t{400});
            const double mean = t["meanNs"].get<double>();
            const double stored = report["operation_time"]["mean"].get<double>();
            QVERIFY2(std::abs(mean - stored) <= 1e-9 * stored,
                     qPrintable(QString("sweep %1 ns, analyze %2 ns").arg(mean).arg(stored)));
            QVERIFY(t["ciLowerNs"].get<double>() < mean && mean < t["ciUpperNs"].get<double>());
            QVERIFY(!t["slowestClass"].get<std::string>().empty());
            QVERIFY(!t["hottestStage"].get<std::string>().empty());
            const double lower = t["speedupLower"].get<double>();
            const double upper = t["speedupUpper"].get<double>();
            QVERIFY(lower <= t["speedup"].get<double>() && t["speedup"].get<double>() <= upper);
        }
        QVERIFY(trials[0]["reference"].get<bool>());
        QCOMPARE(trials[0]["speedup"].get<double>(), 1.0);
        const double ratio = trials[0]["meanNs"].get<double>() / trials[2]["meanNs"].get<double>();
        QVERIFY(std::abs(trials[2]["speedup"].get<double>() - ratio) <= 1e-9 * ratio);
        QVERIFY2(r.err.contains("sweep 2/3 kary:3: recording"), qPrintable(r.err));
    }

    // One thread on each of two clusters, through a flat gred on A: B's thread crosses the
    // emulated 2 ms link down and up, so no call can take less than 4 ms.
    void theClusterLinkSlowsTheCrossingHop()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("wan.xylem");
        const CliResult r = runCli({"sweep", "--hosts", "A:c0,B:c1", "--shapes", "flat",
                                    "--iterations", "40", "--cluster-link", "2ms", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("sweep 1/1 flat: run 1, 140 calls, mean "), qPrintable(r.out));
        QVERIFY2(r.out.contains("mean op time [95 % interval]") &&
                     r.out.contains("1 (reference)") && r.out.contains("thread>"),
                 qPrintable(r.out));
        const auto report = analyzed(session, 1);
        const double mean = report["operation_time"]["mean"].get<double>();
        QVERIFY2(mean >= 4e6, qPrintable(QString("mean operation time %1 ns").arg(mean)));
    }

    void badInputIsRefusedBeforeAnythingRuns_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        const QStringList hosts{"--hosts", "A,B"};
        QTest::newRow("shape") << (hosts + QStringList{"--shapes", "flat,ring"}) << "'ring'";
        QTest::newRow("no shapes") << hosts << "--shapes";
        QTest::newRow("arity") << (hosts + QStringList{"--shapes", "kary", "--arities", "1"})
                               << "--arities";
        QTest::newRow("root") << (hosts + QStringList{"--shapes", "flat", "--roots", "top"})
                              << "'top'";
        QTest::newRow("elements") << (hosts + QStringList{"--shapes", "flat", "--elements", "0"})
                                  << "--elements";
        QTest::newRow("link") << (hosts + QStringList{"--shapes", "flat", "--cluster-link", "2"})
                              << "--cluster-link";
        QTest::newRow("both") << (hosts + QStringList{"--configs", "a.tree.json"})
                              << "either --hosts";
        QTest::newRow("missing file") << QStringList{"--configs", "nowhere.tree.json"}
                                      << "nowhere.tree.json";
        QTest::newRow("empty list") << QStringList{"--configs", ""} << "empty file name";
        QTest::newRow("family of files")
            << QStringList{"--configs", "a.tree.json", "--shapes", "flat"} << "--shapes";
    }

    void badInputIsRefusedBeforeAnythingRuns()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        QTemporaryDir dir;
        const QString session = dir.filePath("never.xylem");
        const CliResult r = runCli(QStringList{"sweep"} + args + QStringList{"-o", session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(named), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(session));
    }

    // A tree the configuration rules accept but the run cannot use (a host named "B/x": its
    // rings cannot be made) fails; the sweep goes on, the next tree is the reference, and the
    // failure is named in the table and in the exit code.
    void aFailedTrialIsReportedAndTheSweepGoesOn()
    {
        QTemporaryDir dir;
        const CliResult made = runCli({"generate", "--hosts", "A,B", "--shape", "flat"});
        QCOMPARE(made.exitCode, 0);
        const QString good = dir.filePath("good.tree.json");
        const QString slash = dir.filePath("slash.tree.json");
        writeFile(good, made.out.toUtf8());
        QString broken = made.out;
        broken.replace("\"B\"", "\"B/x\"").replace("B.t0", "Bx.t0");
        writeFile(slash, broken.toUtf8());
        const QString session = dir.filePath("failed.xylem");
        const CliResult r = runCli({"sweep", "--configs", slash + "," + good, "--iterations",
                                    "50", "--json", "-o", session});
        QVERIFY2(r.exitCode != 0, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains("1 of 2 trials failed; the first, 'slash'"), qPrintable(r.err));
        const auto trials = parseJson(r.out)["trials"];
        QCOMPARE(trials.size(), size_t{2});
        QVERIFY2(trials[0].contains("error") &&
                     trials[0]["error"].get<std::string>().find("no complete call") !=
                         std::string::npos,
                 qPrintable(QString::fromStdString(trials[0].dump())));
        QVERIFY(!trials[0]["reference"].get<bool>());
        QVERIFY2(!trials[1].contains("error"), qPrintable(QString::fromStdString(trials[1].dump())));
        QVERIFY(trials[1]["reference"].get<bool>());
        QCOMPARE(trials[1]["calls"].get<std::int64_t>(), std::int64_t{150});
        QCOMPARE(trials[1]["speedup"].get<double>(), 1.0);
    }

    // An MPI program once per tree of the interposer: each trial is its MPI_Allreduce run,
    // summed up as analyze sees that run.
    void anMpiProgramOncePerTree()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("mpi.xylem");
        const CliResult r = runCli({"sweep", "--trees", "native,binomial", "--json", "-o", session,
                                    "--", "mpirun", "--allow-run-as-root", "--oversubscribe",
                                    "-np", "4", XYLEM_MPILOOP, "--iterations", "200"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const auto doc = parseJson(r.out);
        QVERIFY2(doc.is_object(), qPrintable(r.out));
        const auto& trials = doc["trials"];
        QCOMPARE(trials.size(), size_t{2});
        const QStringList names = runNames(session);
        for (size_t i = 0; i < 2; ++i) {
            const auto& t = trials[i];
            const QString label = i == 0 ? "native" : "binomial";
            QCOMPARE(QString::fromStdString(t["label"].get<std::string>()), label);
            QVERIFY2(!t.contains("error"), qPrintable(QString::fromStdString(t.dump())));
            const std::int64_t run = t["run"].get<std::int64_t>();
            QCOMPARE(names.value(static_cast<int>(run - 1)),
                     "sweep " + label + ": MPI_Allreduce on MPI_COMM_WORLD");
            const auto report = analyzed(session, run);
            QCOMPARE(t["calls"].get<std::int64_t>(), report["calls"].get<std::int64_t>());
            QCOMPARE(t["calls"].get<std::int64_t>(), std::int64_t{200});
            const double stored = report["operation_time"]["mean"].get<double>();
            QVERIFY(std::abs(t["meanNs"].get<double>() - stored) <= 1e-9 * stored);
        }
        QCOMPARE(trials[0]["speedup"].get<double>(), 1.0);
        QVERIFY(trials[1].contains("speedupLower"));

        const CliResult bad = runCli({"sweep", "--trees", "native,spiral", "-o", session, "--",
                                      "mpirun", "-np", "2", XYLEM_MPILOOP});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("'spiral'"), qPrintable(bad.err));
        const CliResult mixed = runCli({"sweep", "--trees", "native", "--hosts", "2", "-o",
                                        session, "--", "mpirun", "-np", "2", XYLEM_MPILOOP});
        QCOMPARE(mixed.exitCode, 2);
        QVERIFY2(mixed.err.contains("--hosts"), qPrintable(mixed.err));
    }

    // Ctrl-C while the first of two endless trials records: its run is stored and summed up,
    // the second never starts, and the sweep ends normally with its table.
    void ctrlCStopsCleanlyKeepingTheRuns()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("stopped.xylem");
        RunningSweep sweep({"--hosts", "2", "--shapes", "flat,hierarchy", "--iterations",
                            "1073741824", "-o", session});
        // Stopped once calls have been stored, so that the stopped trial has some to measure.
        const QRegularExpression someCalls("sweep 1/2 flat: [1-9][0-9]* calls so far");
        QVERIFY2(sweep.waitForError(someCalls, std::chrono::seconds(60)), qPrintable(sweep.err()));
        QVERIFY(::kill(static_cast<pid_t>(sweep.cli().processId()), SIGINT) == 0);
        QVERIFY(sweep.cli().waitForFinished(60000));
        const QString out = QString::fromUtf8(sweep.cli().readAllStandardOutput());
        const QString err = sweep.err() + QString::fromUtf8(sweep.cli().readAllStandardError());
        QVERIFY2(sweep.cli().exitStatus() == QProcess::NormalExit && sweep.cli().exitCode() == 0,
                 qPrintable(out + err));
        QVERIFY2(out.contains("sweep 1/2 flat: run 1, ") && out.contains("not run (stopped)"),
                 qPrintable(out));
        QVERIFY2(!out.contains("failed"), qPrintable(out));
        QVERIFY2(err.contains("stopped; the runs recorded so far are in"), qPrintable(err));
        QCOMPARE(runNames(session), QStringList{"flat"});
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_clisweep.moc"
