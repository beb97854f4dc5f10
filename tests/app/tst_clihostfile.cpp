// xylem-cli record --hostfile as a user runs it: the hosts, slots and clusters of the file become
// the run's configuration; hosts of this machine run here and never through the launcher; the
// others are reached through the launcher first (an unreachable one named with the launcher's
// words, in time), and the program that cannot start there yet is refused, not pretended; and
// collectors that srun starts with no --host and no --node find their leaves by SLURM_NODEID.

#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"

#include <QDir>
#include <QElapsedTimer>

#include <memory>
#include <unistd.h>
#include <vector>

using namespace xylem::testing;

namespace {

QString readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class TestCliHostFile : public QObject
{
    Q_OBJECT

private slots:
    // Every name of this machine: the program and the collectors run here, the launcher (one
    // that would fail and leave a mark) is never used, and the slots give each host its threads.
    void hostsOfThisMachineRunHere()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath("launched");
        QString hosts = "# this machine under three names\n"
                        "localhost slots=2 cluster=a\n"
                        "127.0.0.1 cluster=b\n";
        char name[256] = {};
        ::gethostname(name, sizeof name - 1);
        const QString self = QString::fromLocal8Bit(name);
        const bool selfToo = !self.isEmpty() && self != "localhost";
        if (selfToo) {
            hosts += self + " slots=1 cluster=b\n";
        }
        writeFile(dir.filePath("hosts"), hosts.toUtf8());
        const QString session = dir.filePath("h.xylem");
        const CliResult r = runCli({"record", "--hostfile", dir.filePath("hosts"), "--launcher",
                                    "echo {host} >> '" + marker + "'; exit 7; {command}",
                                    "--iterations", "2000", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("gather rate 100.000 %"), qPrintable(r.out));
        QVERIFY2(!QFile::exists(marker), qPrintable(readAll(marker)));

        namespace store = xylem::store;
        auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(opened);
        const auto config = store::runConfiguration(opened.value(), 1);
        const auto info = store::runInfo(opened.value(), 1);
        QVERIFY(config && info);
        QCOMPARE(info->threads, selfToo ? 4 : 3);
        QCOMPARE(config->hosts().size(), size_t(selfToo ? 3 : 2));
        QCOMPARE(config->hosts()[0].id, std::string("localhost"));
        QCOMPARE(config->hosts()[0].cluster, std::string("a"));
        QCOMPARE(config->hosts()[1].cluster, std::string("b"));
    }

    // Another machine: everything of it goes through the launcher — the check that reaches it,
    // its collector and its host of the program — and nothing of this machine does. The
    // launcher here leaves a mark per use and runs the command on this machine, so the
    // recording really happens and must gather every call.
    void otherMachinesGoThroughTheLauncher()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath("launched");
        writeFile(dir.filePath("hosts"), "localhost\nxylem-test-node-b slots=2\n");
        const QString session = dir.filePath("o.xylem");
        const CliResult r = runCli({"record", "--hostfile", dir.filePath("hosts"), "--launcher",
                                    "echo {host} >> '" + marker + "'; {command}", "--iterations",
                                    "2000", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("gather rate 100.000 %"), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression("record: 2\\d{3} complete calls, 0 incomplete")),
                 qPrintable(r.out));
        // The check, the collector and the program's host: three uses, all for node-b.
        QCOMPARE(readAll(marker), QString("xylem-test-node-b\n").repeated(3));
    }

    // Two clusters behind their relays. Collectors that attach: the front-end reaches the
    // relays' hosts only; the relays start (and reach) their clusters' other hosts, which this
    // machine may not see. The program started here: every host runs a part of it, started
    // from here, so every host is reached first.
    void onlyTheHostsTheFrontEndStartsAreChecked()
    {
        for (const bool attach : {true, false}) {
            QTemporaryDir dir;
            const QString marker = dir.filePath("launched");
            writeFile(dir.filePath("hosts"), "a[1-3] cluster=x\nb[1-3] cluster=y\n");
            QStringList arguments{"record", "--hostfile", dir.filePath("hosts"), "--launcher",
                                  "echo {host} >> '" + marker + "'; exit 7; {command}", "-o",
                                  dir.filePath("c.xylem")};
            if (attach) {
                arguments << "--attach" << dir.filePath("tree.address") << "--duration" << "1s";
            }
            const CliResult r = runCli(arguments);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("a1: the launcher exited with status 7") &&
                         r.err.contains("b1: the launcher exited with status 7"),
                     qPrintable(r.err));
            QStringList reached = readAll(marker).split('\n', Qt::SkipEmptyParts);
            reached.sort();
            const QStringList expected = attach ? QStringList{"a1", "b1"}
                                                : QStringList{"a1", "a2", "a3", "b1", "b2", "b3"};
            QCOMPARE(reached, expected);
            QVERIFY(!QFile::exists(dir.filePath("c.xylem")));
        }
    }

    // The default launcher is ssh: a host it cannot reach is named with ssh's words (or the
    // shell's, where ssh is not installed) well within the start-up time-out.
    void anUnreachableHostIsNamedInTime()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("hosts"), "localhost\nnosuchhost.invalid\n");
        QElapsedTimer clock;
        clock.start();
        const CliResult r = runCli({"record", "--hostfile", dir.filePath("hosts"), "--iterations",
                                    "100", "-o", dir.filePath("u.xylem")});
        QVERIFY2(clock.elapsed() < 35000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("through the launcher 'ssh {host} {command}': nosuchhost.invalid: "
                                "the launcher exited with status "),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains("Could not resolve hostname nosuchhost.invalid") ||
                     r.err.contains("ssh: not found"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("u.xylem")));
    }

    void badOptionsAreRefused_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("launcher without {command}")
            << QStringList{"--hostfile", "HOSTS", "--launcher", "ssh {host}"}
            << "--launcher 'ssh {host}' does not say where the command goes";
        QTest::newRow("hostfile and hosts") << QStringList{"--hostfile", "HOSTS", "--hosts", "2"}
                                            << "--hostfile names the hosts itself";
        QTest::newRow("hostfile and config")
            << QStringList{"--hostfile", "HOSTS", "--config", "x.tree.json"}
            << "--hostfile names the hosts itself";
        QTest::newRow("launcher without hostfile")
            << QStringList{"--hosts", "2", "--launcher", "ssh {host} {command}"}
            << "--launcher starts the hosts of a --hostfile";
        QTest::newRow("bad host file")
            << QStringList{"--hostfile", "BAD"} << "bad:2: slots must be a whole number";
        QTest::newRow("no host file") << QStringList{"--hostfile", "NONE"} << "none";
    }
    void badOptionsAreRefused()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        QTemporaryDir dir;
        writeFile(dir.filePath("hosts"), "localhost\n");
        writeFile(dir.filePath("bad"), "localhost\nnode02 slots=x\n");
        options.replaceInStrings("HOSTS", dir.filePath("hosts"));
        options.replaceInStrings("BAD", dir.filePath("bad"));
        options.replaceInStrings("NONE", dir.filePath("none"));
        const CliResult r =
            runCli(QStringList{"record"} + options + QStringList{"-o", dir.filePath("x.xylem")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("x.xylem")));
    }

    // srun --ntasks-per-node=1 (or mpirun --map-by ppr:1:node) xylem-collector --attach F: no
    // --host (the host names are not this machine's) and no --node; SLURM_NODEID (or the
    // world rank) puts each collector on its leaf, and the program's calls are all recorded.
    // A task with garbage in SLURM_NODEID is refused.
    void launchedTasksFindTheirLeaves_data()
    {
        QTest::addColumn<QString>("launcher");
        QTest::newRow("srun") << "srun";
        QTest::newRow("mpirun --map-by ppr:1:node") << "mpirun";
    }
    void launchedTasksFindTheirLeaves()
    {
        QFETCH(QString, launcher);
        QTemporaryDir dir;
        writeFile(dir.filePath("hosts"), "node-a\nnode-b\n");
        const QString config = dir.filePath("gsum.tree.json");
        writeFile(config,
                  runCli({"generate", "--hosts", "node-a,node-b", "--threads", "1"}).out.toUtf8());
        const QString address = dir.filePath("tree.address");
        const QString prefix =
            QString("xylem-test-%1-%2-").arg(launcher).arg(QCoreApplication::applicationPid());
        QProcess record;
        record.start(XYLEM_CLI, {"record", "--hostfile", dir.filePath("hosts"), "--attach", address,
                                 "--duration", "2500ms", "-o", dir.filePath("s.xylem")});
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(address), 10000);

        QProcess garbage;
        QProcessEnvironment bad = QProcessEnvironment::systemEnvironment();
        bad.insert("SLURM_NODEID", "abc");
        garbage.setProcessEnvironment(bad);
        garbage.start(XYLEM_COLLECTOR, {"--attach", address});
        QVERIFY(garbage.waitForFinished(10000));
        QCOMPARE(garbage.exitCode(), 2);
        const QString refused = QString::fromUtf8(garbage.readAllStandardError());
        QVERIFY2(refused.contains("SLURM_NODEID is 'abc', not a whole number"),
                 qPrintable(refused));

        std::vector<std::unique_ptr<QProcess>> collectors;
        std::vector<QString> leafHosts;
        for (const int node : {1, 0}) { // in any order
            const QString host = node == 0 ? "node-a" : "node-b";
            leafHosts.push_back(host);
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            if (launcher == "srun") {
                env.insert("SLURM_NODEID", QString::number(node));
                env.insert("SLURM_PROCID", QString::number(node));
                env.insert("SLURM_LOCALID", "0");
            } else { // mpirun inside a Slurm allocation: its own variables win
                env.insert("OMPI_COMM_WORLD_RANK", QString::number(node));
                env.insert("OMPI_COMM_WORLD_LOCAL_RANK", "0");
                env.insert("OMPI_COMM_WORLD_LOCAL_SIZE", "1");
                env.insert("SLURM_NODEID", "0");
            }
            collectors.push_back(std::make_unique<QProcess>());
            collectors.back()->setProcessEnvironment(env);
            collectors.back()->start(XYLEM_COLLECTOR,
                                     {"--attach", address, "--ring-prefix", prefix + host + "-",
                                      "--sample-period-ms", "100"});
        }
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += record.readAllStandardOutput()).contains("nodes up"),
                                 20000);
        QProcess gsum;
        QProcessEnvironment gsumEnv = QProcessEnvironment::systemEnvironment();
        gsumEnv.insert("XYLEM_RING_PREFIX", prefix + "{host}-");
        gsum.setProcessEnvironment(gsumEnv);
        gsum.start(XYLEM_GSUM, {"launch", "--config", config, "--iterations", "4000"});
        QVERIFY(gsum.waitForFinished(60000));
        QCOMPARE(gsum.exitCode(), 0);
        QVERIFY(record.waitForFinished(30000));
        out += record.readAllStandardOutput();
        QVERIFY2(record.exitCode() == 0, (out + record.readAllStandardError()).constData());
        QVERIFY2(out.contains("gather rate 100.000 %"), out.constData());
        QVERIFY2(!out.contains("record: 0 complete calls"), out.constData());
        for (size_t i = 0; i < collectors.size(); ++i) {
            collectors[i]->kill();
            collectors[i]->waitForFinished(5000);
            const QString said = QString::fromUtf8(collectors[i]->readAllStandardError());
            QVERIFY2(
                said.contains(QString("node %1 of the %2 job (%3) takes leaf ")
                                  .arg(leafHosts[i] == "node-a" ? 0 : 1)
                                  .arg(launcher, launcher == "srun" ? "SLURM_NODEID"
                                                                    : "OMPI_COMM_WORLD_RANK")) &&
                    said.contains("(" + leafHosts[i] + ":0)"),
                qPrintable(said));
        }
        for (const QString& ring : QDir("/dev/shm").entryList({prefix + "*"})) {
            QFile::remove("/dev/shm/" + ring);
        }
    }
};

QTEST_GUILESS_MAIN(TestCliHostFile)
#include "tst_clihostfile.moc"
