// xylem-gsum launch --launcher across emulated machines (tests/cluster/emulatedcluster.h):
// each host of the run is started by a launcher script that enters one emulated host (its own
// network, /run, /dev/shm and TMPDIR), as ssh would on a real cluster, and the launch's TMPDIR
// is hidden from every host. Nothing but the hosts' stdin and stdout joins them: the hosts
// listen on the addresses their own machines route to each other, the launch hands the list
// round, and the run ends with every sum right. No run directory is made anywhere, and each
// host removes its own rings (the launch cannot reach their /dev/shm). A host whose launcher
// cannot start it ends the launch soon, named with the launcher's own words; a launch killed
// mid-run leaves no host process and no ring on any machine. With a real sshd on each host
// (tests/cluster/sshfarm.h), the launch on h0 starts h1 and h2 over ssh and h0 directly.
//
// Needs root, unshare --time and ip: skipped otherwise, with the reason.

#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/cluster/sshfarm.h"
#include "tests/support/processtree.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::testing;
using namespace xylem::gsumtest;
using namespace std::chrono_literals;

namespace {

std::string quoted(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        std::string q = "'";
        for (const char c : w) {
            q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        }
        out += (out.empty() ? "" : " ") + q + "'";
    }
    return out;
}

// enter.sh HOST COMMAND...: runs the command on the emulated host with the host's TMPDIR,
// stdin and stdout passed through (xylem-hostexec), as `ssh HOST COMMAND` would.
std::string writeEnterScript(const EmulatedCluster& cluster, const std::string& dir)
{
    std::string script = "#!/bin/sh\nhost=$1\nshift\ncase \"$host\" in\n";
    for (const EmulatedHostSpec& h : cluster.hosts()) {
        script += "  " + h.name + ") exec env TMPDIR=" + quoted({cluster.tmpDir(h.name)}) + " " +
                  quoted(cluster.enter(h.name, {})) + " \"$@\" ;;\n";
    }
    script += "  *) echo \"enter.sh: no emulated host $host\" >&2; exit 1 ;;\nesac\n";
    const std::string path = dir + "/enter.sh";
    std::ofstream(path) << script;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path;
}

// A cluster of `hosts` emulated hosts, the launch's TMPDIR (under the work directory) hidden
// from each, the configuration of `configHosts` hosts h0.. and the launcher script.
struct Setup
{
    std::unique_ptr<EmulatedCluster> cluster;
    std::string launchTmp;
    std::string configFile;
    std::string launcher; // the --launcher template
    QProcessEnvironment environment;
};

Result<Setup> setUp(const std::string& dir, int hosts, int configHosts)
{
    Setup s;
    s.launchTmp = dir + "/launch-tmp";
    std::filesystem::create_directory(s.launchTmp);
    ClusterSpec spec = ClusterSpec::ofSize(hosts);
    for (EmulatedHostSpec& h : spec.hosts) {
        h.hidden.push_back(s.launchTmp); // nothing of the launch's reaches a host
    }
    XYLEM_TRY(made, EmulatedCluster::create(spec, dir));
    s.cluster = std::move(made).value();
    XYLEM_TRY(config, generateTree(hierarchy(configHosts, 2))); // h0..: the cluster's names
    s.configFile = dir + "/cluster.tree.json";
    std::ofstream(s.configFile) << configurationToJson(config.value());
    s.launcher = writeEnterScript(*s.cluster, dir) + " {host} {command}";
    s.environment = QProcessEnvironment::systemEnvironment();
    s.environment.insert("TMPDIR", QString::fromStdString(s.launchTmp));
    s.environment.remove("XYLEM_RING_PREFIX");
    return s;
}

QStringList launchArguments(const Setup& s, int iterations)
{
    return {"launch",
            "--config",
            QString::fromStdString(s.configFile),
            "--iterations",
            QString::number(iterations),
            "--start-timeout",
            "20",
            "--launcher",
            QString::fromStdString(s.launcher)};
}

bool emptyDirectory(const std::string& path)
{
    return QDir(QString::fromStdString(path))
        .entryList(QDir::AllEntries | QDir::NoDotAndDotDot)
        .isEmpty();
}

} // namespace

class TestGsumCluster : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
    }

    void hostsOnEmulatedMachinesMeetThroughThePipes()
    {
        QTemporaryDir work;
        QVERIFY(work.isValid());
        auto made = setUp(work.path().toStdString(), 3, 3);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        Setup& s = made.value();
        EmulatedCluster& cluster = *s.cluster;

        const GsumResult r = runGsum(launchArguments(s, 300), s.environment, 90000);
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        for (const QString& line : r.out.split('\n')) {
            if (line.startsWith("gsum:")) {
                qInfo("%s", qPrintable(line));
            }
        }
        QVERIFY2(r.out.contains("gsum: 3 hosts, 6 threads, 300 calls") &&
                     r.out.contains("every sum right"),
                 qPrintable(r.describe()));
        for (const EmulatedHostSpec& h : cluster.hosts()) {
            const QString name = QString::fromStdString(h.name);
            // Each host listened on its own machine's address on the switch, not loopback.
            const QString at = name + " " + QString::fromStdString(cluster.address(h.name)) + ":";
            QVERIFY2(r.out.contains(at), qPrintable(at + "\n" + r.describe()));
            QVERIFY2(r.out.contains("[" + name + "] gsum host=" + name + " threads=2 calls=300 "),
                     qPrintable(r.describe()));
            const auto left = cluster.run(h.name, {"sh", "-c", "ls -A \"$TMPDIR\" /dev/shm"});
            QVERIFY2(left, left ? "" : left.error().describe().c_str());
            QVERIFY2(left->find("xylem-gsum-") == std::string::npos, left->c_str());
        }
        QVERIFY(emptyDirectory(s.launchTmp));
        cluster.teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

    // The configuration has a host h3 the cluster lacks: its launcher (enter.sh) fails at once,
    // and the launch stops h0..h2 and names h3 with the launcher's own words.
    void hostWhoseLauncherFailsIsNamed()
    {
        QTemporaryDir work;
        auto made = setUp(work.path().toStdString(), 3, 4);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        Setup& s = made.value();
        const GsumResult r = runGsum(launchArguments(s, 300), s.environment, 60000);
        QVERIFY2(r.finished && !r.crashed && r.exitCode == 1, qPrintable(r.describe()));
        QVERIFY2(r.seconds < 15, qPrintable(r.describe()));
        QVERIFY2(r.err.contains("host h3 exited with code 1 before it said its address") &&
                     r.err.contains("enter.sh: no emulated host h3"),
                 qPrintable(r.describe()));
        for (const EmulatedHostSpec& h : s.cluster->hosts()) {
            const auto left = s.cluster->run(h.name, {"sh", "-c", "ls -A /dev/shm; ps -e -o comm="});
            QVERIFY2(left && left->find("xylem-gsum") == std::string::npos,
                     left ? left->c_str() : left.error().describe().c_str());
        }
        s.cluster->teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

    // As a user types it on a cluster's head node: the launch runs on h0, its own host directly,
    // the others through `ssh -F CONFIG {host} {command}` (ssh forwards stdin and stdout only).
    void hostsStartedOverSshSumRight()
    {
        if (const std::string why = SshFarm::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        auto made = setUp(dir, 3, 3);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        Setup& s = made.value();
        auto farm = SshFarm::start(*s.cluster, dir + "/ssh", "h0");
        QVERIFY2(farm, farm ? "" : farm.error().describe().c_str());
        const auto r = s.cluster->run("h0",
                                      {gsumPath().toStdString(), "launch", "--config", s.configFile,
                                       "--iterations", "300", "--start-timeout", "20",
                                       "--launcher", farm->launcher()},
                                      90s);
        QVERIFY2(r, r ? "" : r.error().describe().c_str());
        qInfo("%s", r->substr(0, r->find('\n')).c_str());
        QVERIFY2(r->find("gsum: 3 hosts, 6 threads, 300 calls") != std::string::npos &&
                     r->find("every sum right") != std::string::npos,
                 r->c_str());
        for (const EmulatedHostSpec& h : s.cluster->hosts()) {
            const std::string at = h.name + " " + s.cluster->address(h.name) + ":";
            QVERIFY2(r->find(at) != std::string::npos, r->c_str());
            QVERIFY2(r->find("[" + h.name + "] gsum host=" + h.name + " threads=2 calls=300 ") !=
                         std::string::npos,
                     r->c_str());
            const auto left =
                s.cluster->run(h.name, {"sh", "-c", "ls -A \"$TMPDIR\" /dev/shm; ps -e -o comm="});
            QVERIFY2(left && left->find("xylem-gsum") == std::string::npos,
                     left ? left->c_str() : left.error().describe().c_str());
        }
        s.cluster->teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

    // h2's cable pulled: ssh cannot reach it (the farm's ConnectTimeout is 5 s) and the launch
    // ends well within its start time-out, naming h2 with ssh's own words.
    void unreachableHostOverSshIsNamed()
    {
        if (const std::string why = SshFarm::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        auto made = setUp(dir, 3, 3);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        Setup& s = made.value();
        auto farm = SshFarm::start(*s.cluster, dir + "/ssh", "h0");
        QVERIFY2(farm, farm ? "" : farm.error().describe().c_str());
        QVERIFY(s.cluster->setLink("h2", false));
        QElapsedTimer timer;
        timer.start();
        const auto r = s.cluster->run("h0",
                                      {gsumPath().toStdString(), "launch", "--config", s.configFile,
                                       "--start-timeout", "20", "--launcher", farm->launcher()},
                                      60s);
        QVERIFY2(!r, r ? r->c_str() : "");
        const std::string said = r.error().message;
        qInfo("after %.1f s: %s", static_cast<double>(timer.elapsed()) / 1000.0,
              said.substr(said.find("xylem-gsum: host h2")).c_str());
        QVERIFY2(timer.elapsed() < 20000, said.c_str());
        QVERIFY2(said.find("xylem-gsum: host h2 exited with code 255 before it said its "
                           "address (started through 'ssh -F ") != std::string::npos &&
                     said.find("h2 port 22") != std::string::npos,
                 said.c_str());
        s.cluster->teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

    // kill -9 of the launch mid-run: every host reads the end of its stdin (through
    // xylem-hostexec, as through ssh), stops and removes its rings on its own machine.
    void killedLaunchLeavesNothingOnAnyHost()
    {
        QTemporaryDir work;
        auto made = setUp(work.path().toStdString(), 3, 3);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        Setup& s = made.value();
        QProcess launch;
        launch.setProcessEnvironment(s.environment);
        launch.start(gsumPath(), launchArguments(s, 100000000));
        QVERIFY(launch.waitForStarted(10000));
        QByteArray out;
        QVERIFY2(waitUntil(
                     [&] {
                         launch.waitForReadyRead(50);
                         out += launch.readAllStandardOutput();
                         return out.contains("gsum: hosts at"); // every host listens
                     },
                     30s),
                 out.constData());
        const auto remains = [&s](const std::string& host) {
            const auto left = s.cluster->run(host, {"sh", "-c", "ls -A /dev/shm; ps -e -o comm="});
            return left ? left.value() : "cannot look: " + left.error().describe();
        };
        QVERIFY2(remains("h1").find("xylem-gsum") != std::string::npos, remains("h1").c_str());
        ::kill(static_cast<pid_t>(launch.processId()), SIGKILL);
        launch.waitForFinished(10000);
        sweepShm("xylem-gsum-" + std::to_string(launch.processId()) + "-"); // none: not here
        for (const EmulatedHostSpec& h : s.cluster->hosts()) {
            QVERIFY2(waitUntil(
                         [&] { return remains(h.name).find("xylem-gsum") == std::string::npos; },
                         15s),
                     (h.name + ": " + remains(h.name)).c_str());
        }
        s.cluster->teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }
};

QTEST_GUILESS_MAIN(TestGsumCluster)
#include "tst_gsumcluster.moc"
