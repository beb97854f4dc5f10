// xylem-gsum launch --launcher TEMPLATE on this machine: every host started through a launcher
// command (as ssh would start it on another machine), with its token and configuration on its
// stdin and the launch as the rendezvous (collectors/allreduce/stdiorendezvous.h). The run
// must need no run directory (none is made under the TMPDIR given) and end with every sum
// right; a launcher that fails, a host that never answers, and garbage on a host's stdout must
// end the launch soon with a message naming the host; a host fed malformed stdin must say
// which line and what was expected.

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "gsumtesthelpers.h"

using namespace xylem::gsumtest;

namespace {

// The launch's environment: TMPDIR in `tmp` (to look for run directories in it), and the hosts'
// announcements to a socket nobody listens on, so that a collector on the machine stays out.
QProcessEnvironment launchEnvironment(const QString& tmp)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("TMPDIR", tmp);
    env.remove("XYLEM_RING_PREFIX");
    env.insert("XYLEM_COLLECTOR_SOCKET", tmp + "/no-collector.sock");
    return env;
}

QStringList runDirectoriesIn(const QString& tmp)
{
    return QDir(tmp).entryList({"xylem-gsum-*"}, QDir::AllEntries | QDir::NoDotAndDotDot);
}

// Lines "[h] gsum host=h ... calls=N ... wrong=W".
int rightReports(const QString& out, long long calls)
{
    static const QRegularExpression line("^\\[(\\S+)\\] gsum host=(\\S+) .*calls=(\\d+) .*wrong=0 ",
                                         QRegularExpression::MultilineOption);
    int right = 0;
    for (auto it = line.globalMatch(out); it.hasNext();) {
        const auto m = it.next();
        right += m.captured(1) == m.captured(2) && m.captured(3).toLongLong() == calls;
    }
    return right;
}

// `xylem-gsum run --host h0 --rendezvous stdio` fed `input` on its stdin (then closed).
GsumResult runWithStdin(const QByteArray& input, const QStringList& extra = {})
{
    QProcess p;
    p.start(gsumPath(), QStringList{"run", "--host", "h0", "--rendezvous", "stdio",
                                    "--start-timeout", "5"} +
                            extra);
    GsumResult r;
    if (!p.waitForStarted(10000)) {
        r.err = p.errorString();
        return r;
    }
    p.write(input);
    p.closeWriteChannel();
    r.finished = p.waitForFinished(20000);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

} // namespace

class TestGsumStdio : public QObject
{
    Q_OBJECT

private slots:
    void throughALauncherWithNoRunDirectory_data();
    void throughALauncherWithNoRunDirectory();
    void stdioWithoutALauncher();
    void failingLauncherNamesTheHost();
    void silentHostTimesOutNamed();
    void garbageOnAHostsStdoutIsNamed();
    void malformedStdinIsNamed_data();
    void malformedStdinIsNamed();
    void badOptionsAreRefused_data();
    void badOptionsAreRefused();
};

void TestGsumStdio::throughALauncherWithNoRunDirectory_data()
{
    QTest::addColumn<int>("hosts");
    QTest::addColumn<QString>("launcher");
    QTest::addColumn<QStringList>("extra");
    // Each template leaves a mark per host: proof that the host went through it.
    QTest::newRow("env, 3 hosts") << 3 << "touch MARKS/{host} && env XYLEM_TEST_VIA={host} {command}"
                                  << QStringList{};
    QTest::newRow("sh -c, 4 hosts, no collectors")
        << 4 << "touch MARKS/{host}; sh -c 'exec \"$@\"' wrapped {command}"
        << QStringList{"--no-collectors"};
    QTest::newRow("compute-gsum, 2 hosts, 1 tree")
        << 2 << "touch MARKS/{host}; exec {command}"
        << QStringList{"--benchmark", "compute-gsum", "--trees", "1"};
}

void TestGsumStdio::throughALauncherWithNoRunDirectory()
{
    QFETCH(int, hosts);
    QFETCH(QString, launcher);
    QFETCH(QStringList, extra);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QDir(tmp.path()).mkdir("marks");
    launcher.replace("MARKS", tmp.filePath("marks"));
    const GsumResult r = runGsum(QStringList{"launch", "--hosts", QString::number(hosts),
                                             "--iterations", "300", "--launcher", launcher} +
                                     extra,
                                 launchEnvironment(tmp.path()));
    QVERIFY2(r.ok(), qPrintable(r.describe()));
    QVERIFY2(r.out.contains(QString("gsum: %1 hosts").arg(hosts)) &&
                 r.out.contains("every sum right"),
             qPrintable(r.describe()));
    QVERIFY2(rightReports(r.out, 300) == hosts, qPrintable(r.describe()));
    QVERIFY2(r.out.contains(QRegularExpression("^gsum: hosts at h0 127\\.0\\.0\\.1:\\d+, ",
                                               QRegularExpression::MultilineOption)),
             qPrintable(r.describe()));
    QCOMPARE(QDir(tmp.filePath("marks")).entryList(QDir::Files).size(), hosts);
    QVERIFY2(runDirectoriesIn(tmp.path()).isEmpty(),
             qPrintable(runDirectoriesIn(tmp.path()).join(", ")));
}

// --rendezvous stdio alone: every host on this machine, started directly, the same rendezvous.
void TestGsumStdio::stdioWithoutALauncher()
{
    QTemporaryDir tmp;
    const GsumResult r =
        runGsum({"launch", "--hosts", "2", "--iterations", "100", "--rendezvous", "stdio"},
                launchEnvironment(tmp.path()));
    QVERIFY2(r.ok() && r.out.contains("every sum right"), qPrintable(r.describe()));
    QVERIFY2(rightReports(r.out, 100) == 2, qPrintable(r.describe()));
    QVERIFY(runDirectoriesIn(tmp.path()).isEmpty());
}

// The launcher itself fails (as ssh to an unreachable host does): the launch ends at once,
// naming the host, how its launcher ended and the template.
void TestGsumStdio::failingLauncherNamesTheHost()
{
    QTemporaryDir tmp;
    const GsumResult r = runGsum({"launch", "--hosts", "3", "--launcher", "false {host} {command}"},
                                 launchEnvironment(tmp.path()), 30000);
    QVERIFY2(r.finished && !r.crashed && r.exitCode == 1, qPrintable(r.describe()));
    QVERIFY2(r.seconds < 10, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(QRegularExpression(
                 "host h\\d exited with code 1 before it said its address \\(started through "
                 "'false \\{host\\} \\{command\\}'\\)")),
             qPrintable(r.describe()));

    // A launcher that cannot find the program says why on stderr: the message repeats it.
    const GsumResult missing =
        runGsum({"launch", "--hosts", "2", "--launcher", "/nonexistent/launcher {host} {command}"},
                launchEnvironment(tmp.path()), 30000);
    QVERIFY2(missing.finished && missing.exitCode == 1, qPrintable(missing.describe()));
    QVERIFY2(missing.err.contains(QRegularExpression(
                 "host h\\d exited with code 127 before it said its address .*/nonexistent/launcher")),
             qPrintable(missing.describe()));
    QVERIFY(runDirectoriesIn(tmp.path()).isEmpty());
}

// h1's launcher never starts it (and ignores its stdin): within the start time-out the launch
// names h1 (not h0, which waits for h1's paths), stops both and ends.
void TestGsumStdio::silentHostTimesOutNamed()
{
    QTemporaryDir tmp;
    const GsumResult r =
        runGsum({"launch", "--hosts", "2", "--start-timeout", "2", "--launcher",
                 "if [ {host} = h1 ]; then sleep 4; else exec {command}; fi"},
                launchEnvironment(tmp.path()), 30000);
    QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.describe()));
    QVERIFY2(r.seconds < 12, qPrintable(r.describe()));
    QVERIFY2(r.err.contains("host h1 sent no address within the start time-out (2 s)"),
             qPrintable(r.describe()));
}

// A launcher (or a login script) that prints on the host's stdout: the launch names the host
// and the line instead of taking it for the host's address.
void TestGsumStdio::garbageOnAHostsStdoutIsNamed()
{
    QTemporaryDir tmp;
    const GsumResult r = runGsum(
        {"launch", "--hosts", "2", "--launcher", "echo welcome to {host}; exec {command}"},
        launchEnvironment(tmp.path()), 30000);
    QVERIFY2(r.finished && r.exitCode == 1 && r.seconds < 10, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(QRegularExpression(
                 "host (h\\d) wrote 'welcome to \\1' on its stdout where 'xylem-gsum: address \\1 "
                 "IP PORT' was expected")),
             qPrintable(r.describe()));
}

void TestGsumStdio::malformedStdinIsNamed_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("nothing") << QByteArray() << "stdin line 1: stdin ended";
    QTest::newRow("not the greeting")
        << QByteArray("hello\n") << "stdin line 1: expected 'xylem-gsum-stdio 1'";
    QTest::newRow("no token") << QByteArray("xylem-gsum-stdio 1\nconfiguration 10\n")
                              << "stdin line 2: expected 'token TOKEN', not 'configuration 10'";
    QTest::newRow("foreign variable")
        << QByteArray("xylem-gsum-stdio 1\ntoken t\nenv PATH=/tmp\n")
        << "stdin line 3: expected 'env XYLEM_NAME=VALUE', not 'env PATH=/tmp'";
    QTest::newRow("oversized configuration")
        << QByteArray("xylem-gsum-stdio 1\ntoken t\nconfiguration 99999999999\n")
        << "stdin line 3: a configuration of 99999999999 bytes (from 1 to 16777216)";
    QTest::newRow("short configuration")
        << QByteArray("xylem-gsum-stdio 1\ntoken t\nconfiguration 100\n{}")
        << "the configuration's 100 bytes did not come";
    QTest::newRow("bad configuration")
        << QByteArray("xylem-gsum-stdio 1\ntoken t\nconfiguration 2\n{}")
        << "host h0: the configuration on stdin:";
    QTest::newRow("endless line") << QByteArray(5000, 'x') << "a line longer than 4096 bytes";
}

void TestGsumStdio::malformedStdinIsNamed()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);
    const GsumResult r = runWithStdin(input);
    QVERIFY2(r.finished && !r.crashed && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(expected), qPrintable(r.describe()));
    QVERIFY2(!r.out.contains("xylem-gsum: address"), qPrintable(r.describe()));
}

void TestGsumStdio::badOptionsAreRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no {command}") << QStringList{"launch", "--launcher", "ssh {host}"}
                                  << "does not say where the command goes: it needs {command}";
    QTest::newRow("launcher with a run directory")
        << QStringList{"launch", "--launcher", "ssh {host} {command}", "--rendezvous", "dir"}
        << "drop --rendezvous dir";
    QTest::newRow("unknown rendezvous") << QStringList{"launch", "--rendezvous", "files"}
                                        << "--rendezvous is dir";
    QTest::newRow("trace through a launcher")
        << QStringList{"launch", "--launcher", "ssh {host} {command}", "--trace-out", "x"}
        << "--trace-out needs a run directory";
    QTest::newRow("run with a config on stdio")
        << QStringList{"run", "--host", "h0", "--rendezvous", "stdio", "--config", "x"}
        << "the launch gives the token, the configuration and the addresses on stdin; drop "
           "--config";
}

void TestGsumStdio::badOptionsAreRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    const GsumResult r = runGsum(args, launchEnvironment(tmp.path()), 20000);
    QVERIFY2(r.finished && r.exitCode == 2, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(expected), qPrintable(r.describe()));
    QVERIFY(runDirectoriesIn(tmp.path()).isEmpty());
}

QTEST_GUILESS_MAIN(TestGsumStdio)
#include "tst_gsumstdio.moc"
