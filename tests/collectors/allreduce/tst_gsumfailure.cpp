// xylem-gsum when things go wrong (failure.h): a collective cannot go on without its peers, so
// a host that dies in the middle of a run must make the others end, promptly, with a message
// that says which path was lost (exit code kPeerLostExitCode), never leave them blocked in a
// gred; a launch whose host dies stops the others and names the host; an interrupted launch
// stops its hosts; and a bad configuration or option is refused up front with a message that
// names the problem. (Secrets and run directories: tst_gsumsecrets.)

#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <memory>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <vector>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;

namespace {

constexpr int kPeerLostExitCode = 3; // collectors/allreduce/failure.h

// Runs until stopped: far more calls than the suite waits for.
const QStringList kEndless{"--iterations", "20000000", "--warmup", "0", "--no-collectors"};

bool waitFor(const std::function<bool()>& condition, int timeoutMs)
{
    return xylem::testing::waitUntil(condition, std::chrono::milliseconds(timeoutMs));
}

// The processes whose parent is `parent`, read from /proc.
std::vector<pid_t> childrenOf(pid_t parent)
{
    std::vector<pid_t> children;
    const auto entries = QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& entry : entries) {
        bool numeric = false;
        const pid_t pid = entry.toInt(&numeric);
        if (!numeric) {
            continue;
        }
        QFile stat("/proc/" + entry + "/stat");
        if (!stat.open(QIODevice::ReadOnly)) {
            continue;
        }
        const QString text = QString::fromLatin1(stat.readAll());
        // "pid (comm) state ppid ...": comm may hold spaces, so split after the last ')'.
        const QStringList fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields[1].toInt() == parent) {
            children.push_back(pid);
        }
    }
    return children;
}

// The value of an option on a process's command line ("--host" -> "h1").
QString optionOf(pid_t pid, const QString& option)
{
    QFile cmdline(QString("/proc/%1/cmdline").arg(pid));
    if (!cmdline.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QList<QByteArray> args = cmdline.readAll().split('\0');
    for (qsizetype i = 0; i + 1 < args.size(); ++i) {
        if (QString::fromLocal8Bit(args[i]) == option) {
            return QString::fromLocal8Bit(args[i + 1]);
        }
    }
    return {};
}

bool alive(pid_t pid)
{
    return ::kill(pid, 0) == 0;
}

} // namespace

class TestGsumFailure : public QObject
{
    Q_OBJECT

private slots:
    void peerKilledMidRunEndsTheOthers_data();
    void peerKilledMidRunEndsTheOthers();
    void launchStopsTheClusterWhenAHostDies();
    void interruptedLaunchStopsItsHosts();
    void badConfigurationIsRefused_data();
    void badConfigurationIsRefused();
    void badOptionsAreRefused_data();
    void badOptionsAreRefused();

private:
    RingPrefix m_rings{"gsumfailure"};
};

void TestGsumFailure::peerKilledMidRunEndsTheOthers_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("victim");
    QTest::addColumn<QString>("named"); // what the messages of its direct peers must name
    // Hierarchy-aware, 3 hosts: h1 and h2 reach the root on h0 through proxies p.host.h1/h2.
    QTest::newRow("the root's host dies") << "hierarchy"
                                          << "h0"
                                          << "to host h0";
    QTest::newRow("a leaf host dies") << "hierarchy"
                                      << "h2"
                                      << "p.host.h2";
    // Binomial, 4 hosts x 1 thread: h3 reaches g2 on h2 (p.h3.t0), h2 and h1 reach g0 on h0.
    QTest::newRow("binomial, a host two hops from the root dies") << "binomial"
                                                                  << "h3"
                                                                  << "p.h3.t0";
    QTest::newRow("binomial, the middle host dies") << "binomial"
                                                    << "h2"
                                                    << "h2";
}

// The hosts run by hand (`xylem-gsum run`, as across machines), one is killed with SIGKILL in
// the middle of the run: every other one must exit with kPeerLostExitCode within seconds and
// say on stderr which path it lost.
void TestGsumFailure::peerKilledMidRunEndsTheOthers()
{
    QFETCH(QString, shape);
    QFETCH(QString, victim);
    QFETCH(QString, named);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkdir("run");
    const QString rundir = dir.filePath("run");
    TreeSpec spec = shape == "binomial" ? hierarchy(4, 1) : hierarchy(3, 2);
    spec.shape = *treeShapeFromString(shape.toStdString());
    QStringList hosts;
    const QString config = writeConfiguration(dir, spec, &hosts);
    QVERIFY(!config.isEmpty());

    QProcessEnvironment env = ringEnvironment(m_rings);
    env.insert("XYLEM_GSUM_TOKEN", "failure-token");
    std::vector<std::unique_ptr<QProcess>> processes;
    for (const QString& host : hosts) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        p->start(gsumPath(),
                 QStringList{"run", "--config", config, "--host", host, "--rundir", rundir} +
                     kEndless);
        QVERIFY2(p->waitForStarted(10000), qPrintable(p->errorString()));
        processes.push_back(std::move(p));
    }
    const bool ready = waitFor(
        [&] {
            for (const QString& host : hosts) {
                if (!QFile::exists(rundir + "/" + host + ".ready")) {
                    return false;
                }
            }
            return true;
        },
        20000);
    QVERIFY2(ready, "the hosts never got ready");
    xylem::testing::letTimePass(std::chrono::milliseconds(300)); // calls in flight
    for (auto& p : processes) {
        QVERIFY2(p->state() == QProcess::Running, qPrintable(p->readAllStandardError()));
    }

    const auto victimIndex = static_cast<size_t>(hosts.indexOf(victim));
    ::kill(static_cast<pid_t>(processes[victimIndex]->processId()), SIGKILL);
    QElapsedTimer sinceKill;
    sinceKill.start();
    QVERIFY(processes[victimIndex]->waitForFinished(5000));

    static const QRegularExpression lostPath(
        "^\\S+ \\[error\\] xylem-gsum: path of proxy \\S+ \\(tree \\d+, to host \\S+\\): "
        ".*(closed the "
        "connection|reset by peer|died)",
        QRegularExpression::MultilineOption);
    int naming = 0;
    for (size_t i = 0; i < processes.size(); ++i) {
        if (i == victimIndex) {
            continue;
        }
        QProcess& p = *processes[i];
        const bool finished = p.state() == QProcess::NotRunning || p.waitForFinished(10000);
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QVERIFY2(finished, qPrintable(hosts[qsizetype(i)] + " still runs 10 s after " + victim +
                                      " died (blocked?); stderr: " + err));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == kPeerLostExitCode,
                 qPrintable(hosts[qsizetype(i)] +
                            QString(": exit code %1, stderr: ").arg(p.exitCode()) + err));
        QVERIFY2(err.contains(lostPath), qPrintable(hosts[qsizetype(i)] + ": " + err));
        naming += err.contains(named) ? 1 : 0;
    }
    QVERIFY2(naming >= 1, qPrintable("no survivor's message names " + named));
    // Loose: each survivor notices at its next read of the lost connection, not at a timeout.
    QVERIFY2(sinceKill.elapsed() < 10000, qPrintable(QString("%1 ms").arg(sinceKill.elapsed())));
}

// A launch whose host is killed: the launcher stops the other hosts, names the dead one and
// exits non-zero; no host is left running.
void TestGsumFailure::launchStopsTheClusterWhenAHostDies()
{
    QProcess launcher;
    launcher.setProcessEnvironment(ringEnvironment(m_rings));
    launcher.start(gsumPath(), QStringList{"launch", "--hosts", "3", "--threads", "2"} + kEndless);
    QVERIFY(launcher.waitForStarted(10000));
    const auto launcherPid = static_cast<pid_t>(launcher.processId());

    std::vector<pid_t> hosts;
    QString rundir;
    QVERIFY2(waitFor(
                 [&] {
                     hosts = childrenOf(launcherPid);
                     return hosts.size() == 3;
                 },
                 10000),
             "the launch never started 3 hosts");
    rundir = optionOf(hosts[0], "--rundir");
    QVERIFY(!rundir.isEmpty());
    QVERIFY2(waitFor(
                 [&] {
                     return QFile::exists(rundir + "/h0.ready") &&
                            QFile::exists(rundir + "/h1.ready") &&
                            QFile::exists(rundir + "/h2.ready");
                 },
                 20000),
             "the hosts never got ready");
    xylem::testing::letTimePass(std::chrono::milliseconds(300)); // calls in flight
    pid_t victim = -1;
    for (const pid_t pid : hosts) {
        if (optionOf(pid, "--host") == "h1") {
            victim = pid;
        }
    }
    QVERIFY(victim > 0);
    ::kill(victim, SIGKILL);

    QVERIFY2(launcher.waitForFinished(10000), "the launch went on without h1");
    const QString err = QString::fromLocal8Bit(launcher.readAllStandardError());
    QVERIFY(launcher.exitStatus() == QProcess::NormalExit);
    QVERIFY2(launcher.exitCode() != 0, qPrintable(err));
    // The launch names a failed host. (launcher.h promises the first one, h1; but when a peer
    // that lost its path to h1 exits before the launcher's next poll, waitpid(-1) may reap that
    // peer first, and the launch blames it: "host h0 exited with code 3".)
    static const QRegularExpression failedHost(
        "^\\S+ \\[error\\] xylem-gsum: host h\\d (was killed by signal|exited with code \\d+)",
        QRegularExpression::MultilineOption);
    QVERIFY2(err.contains(failedHost), qPrintable(err));
    for (const pid_t pid : hosts) {
        QVERIFY2(!alive(pid), qPrintable(QString("host process %1 outlived the launch").arg(pid)));
    }
    QVERIFY2(!QFile::exists(rundir), "the launch left its run directory");
}

// Ctrl-C on a launch: it stops its hosts, says so, and exits with 130.
void TestGsumFailure::interruptedLaunchStopsItsHosts()
{
    QProcess launcher;
    launcher.setProcessEnvironment(ringEnvironment(m_rings));
    launcher.start(gsumPath(), QStringList{"launch", "--hosts", "2", "--threads", "2"} + kEndless);
    QVERIFY(launcher.waitForStarted(10000));
    const auto launcherPid = static_cast<pid_t>(launcher.processId());
    std::vector<pid_t> hosts;
    QVERIFY(waitFor(
        [&] {
            hosts = childrenOf(launcherPid);
            return hosts.size() == 2;
        },
        10000));
    const QString rundir = optionOf(hosts[0], "--rundir");
    QVERIFY(waitFor(
        [&] { return QFile::exists(rundir + "/h0.ready") && QFile::exists(rundir + "/h1.ready"); },
        20000));
    ::kill(launcherPid, SIGINT);
    QVERIFY2(launcher.waitForFinished(10000), "an interrupted launch went on");
    const QString err = QString::fromLocal8Bit(launcher.readAllStandardError());
    QCOMPARE(launcher.exitCode(), 130);
    QVERIFY2(err.contains("interrupted"), qPrintable(err));
    for (const pid_t pid : hosts) {
        QVERIFY(!alive(pid));
    }
    QVERIFY(!QFile::exists(rundir));
}

void TestGsumFailure::badConfigurationIsRefused_data()
{
    QTest::addColumn<QString>("command");    // launch or run
    QTest::addColumn<QByteArray>("content"); // empty: the file does not exist
    QTest::addColumn<QString>("message");    // what stderr must say
    const QByteArray unknownParent =
        R"({"format":"xylem-tree/1","name":"x","hosts":[{"id":"A","cluster":"c"}],"wrappers":[
           {"id":"t","kind":"thread","host":"A","parent":"nope"},
           {"id":"c","kind":"core","host":"A","parent":null}]})";
    const QByteArray noProxy =
        R"({"format":"xylem-tree/1","name":"x","hosts":[{"id":"A","cluster":"c"},{"id":"B","cluster":"c"}],
           "wrappers":[{"id":"t","kind":"thread","host":"B","parent":"g"},
                       {"id":"g","kind":"gred","host":"A","parent":"c"},
                       {"id":"c","kind":"core","host":"A","parent":null}]})";
    const QByteArray otherFormat =
        R"({"format":"xylem-tree/9","name":"x","hosts":[],"wrappers":[]})";
    for (const QString command : {"launch", "run"}) {
        const QByteArray c = command.toLatin1();
        QTest::addRow("%s: missing file", c.data()) << command << QByteArray() << "cannot open";
        QTest::addRow("%s: not JSON", c.data())
            << command << QByteArray("{ not json") << "not valid JSON";
        QTest::addRow("%s: empty file", c.data()) << command << QByteArray(" ") << "not valid JSON";
        QTest::addRow("%s: unknown parent", c.data())
            << command << unknownParent << "wrapper 't': unknown parent 'nope'";
        QTest::addRow("%s: another format", c.data())
            << command << otherFormat << "unsupported format";
        QTest::addRow("%s: crosses hosts without a proxy", c.data())
            << command << noProxy << "wrapper 't': edge to 'g' crosses hosts without a proxy";
    }
}

void TestGsumFailure::badConfigurationIsRefused()
{
    QFETCH(QString, command);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath("bad.tree.json");
    if (!content.isEmpty()) {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(content);
    }
    QStringList args{command, "--config", file, "--iterations", "5"};
    if (command == "run") {
        args << "--host"
             << "A"
             << "--rundir" << dir.path();
    }
    const GsumResult r = runGsum(args, ringEnvironment(m_rings), 20000);
    QVERIFY2(r.finished && !r.crashed, qPrintable(r.describe()));
    QVERIFY2(r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(QRegularExpression("^\\S+ \\[error\\] xylem-gsum: ")),
             qPrintable(r.describe()));
    QVERIFY2(r.err.contains(message), qPrintable(r.describe()));
    if (!message.contains("crosses")) {
        // A reader's error names the file.
        QVERIFY2(r.err.contains("bad.tree.json"), qPrintable(r.describe()));
    }
    QVERIFY2(r.seconds < 10, qPrintable(r.describe()));
}

void TestGsumFailure::badOptionsAreRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << "the first argument is run or launch";
    QTest::newRow("unknown command")
        << QStringList{"start"} << "the first argument is run or launch";
    QTest::newRow("unknown option") << QStringList{"launch", "--bogus"} << "not expected: --bogus";
    QTest::newRow("option without value")
        << QStringList{"launch", "--iterations"} << "--iterations: 1 required";
    QTest::newRow("unknown shape")
        << QStringList{"launch", "--shape", "star"} << "unknown --shape 'star'";
    QTest::newRow("unknown benchmark") << QStringList{"launch", "--benchmark", "foo"}
                                       << "--benchmark is gsum or compute-gsum, not 'foo'";
    QTest::newRow("zero iterations")
        << QStringList{"launch", "--iterations", "0"} << "--iterations must be a number >= 1";
    QTest::newRow("negative warmup")
        << QStringList{"launch", "--warmup", "-1"} << "--warmup must be a number >= 0";
    QTest::newRow("zero elements")
        << QStringList{"launch", "--elements", "0"} << "--elements must be 1 to 1048576";
    QTest::newRow("bad noise") << QStringList{"launch", "--noise", "h0.t0:abc"}
                               << "noise 'h0.t0:abc': expected THREAD:DELAY_US[:EVERY]";
    QTest::newRow("bad threads") << QStringList{"launch", "--threads", "x"} << "--threads";
    QTest::newRow("no hosts") << QStringList{"launch", "--hosts", "0"} << "host count";
    QTest::newRow("k-ary of 1") << QStringList{"launch", "--shape", "kary", "--arity", "1"}
                                << "k >= 2";
    QTest::newRow("bad WAN link") << QStringList{"launch", "--wan", "pA"}
                                  << "WAN link 'pA': expected PROXY=LATENCY";
    // Names that are not in the configuration would silently do nothing.
    QTest::newRow("noise on no such thread")
        << QStringList{"launch", "--hosts", "2", "--noise", "h9.t0:100"}
        << "--noise: the configuration has no thread 'h9.t0'";
    QTest::newRow("WAN link on no such proxy")
        << QStringList{"launch", "--hosts", "2", "--wan", "p.host.h9=1ms"}
        << "--wan: the configuration has no proxy 'p.host.h9'";
    QTest::newRow("WAN link on a gred")
        << QStringList{"launch", "--hosts", "2", "--wan", "host.h1=1ms"} << "no proxy 'host.h1'";
    // A command line is readable by every user (/proc/PID/cmdline): no secret on it.
    QTest::newRow("token on the command line")
        << QStringList{"run", "--host", "h0", "--token", "secret"}
        << "--token would show the run's secret to every user";
    QTest::newRow("unreadable token file")
        << QStringList{"run", "--host", "h0", "--token-file", "/nonexistent/token"}
        << "/nonexistent/token: cannot read a token";
    QTest::newRow("token given to a launch")
        << QStringList{"launch", "--hosts", "2", "--token", "secret"}
        << "a launch makes its run's token itself";
    QTest::newRow("start time-out of zero")
        << QStringList{"launch", "--start-timeout", "0"} << "--start-timeout must be";
}

void TestGsumFailure::badOptionsAreRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const GsumResult r = runGsum(args, ringEnvironment(m_rings), 20000);
    QVERIFY2(r.finished && !r.crashed, qPrintable(r.describe()));
    QVERIFY2(r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(message), qPrintable(r.describe()));
    QVERIFY2(!r.out.contains("gsum:"), qPrintable(r.describe())); // nothing ran
}

QTEST_GUILESS_MAIN(TestGsumFailure)
#include "tst_gsumfailure.moc"
