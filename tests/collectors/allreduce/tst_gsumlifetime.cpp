// xylem-gsum's start-up and end, when something else goes wrong: a stray connection to a host's
// fixed port that says nothing must fail the start within the start time-out, naming the peer
// (not hang it); a launch killed with SIGKILL leaves no host, run directory or ring of its own;
// a launch whose parent goes away (its lifeline ends, core/model/lifeline.h) stops its hosts and
// removes even the rings it kept for its parent's collectors; and the run's token reaches the
// hosts by environment, never by a command line.

#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"
#include "tests/support/processtree.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <arpa/inet.h>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;
using xylem::testing::ProcessId;
using xylem::testing::waitUntil;

namespace {

const QStringList kEndless{"--iterations", "1073741824", "--warmup", "0"};

// A descriptor closed when it goes.
struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

// A TCP port free on 127.0.0.1 a moment ago.
int freePort()
{
    Fd s{::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)};
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof a;
    if (::bind(s.fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(s.fd, reinterpret_cast<sockaddr*>(&a), &length) != 0) {
        return -1;
    }
    return ntohs(a.sin_port);
}

// A connection to 127.0.0.1:port, tried until it is accepted by the kernel or 10 s passed;
// returns the descriptor and our own port (what the peer's message must name).
std::pair<int, int> connectSilently(int port)
{
    int local = -1, fd = -1;
    waitUntil(
        [&] {
            fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(static_cast<std::uint16_t>(port));
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
                socklen_t length = sizeof a;
                ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &length);
                local = ntohs(a.sin_port);
                return true;
            }
            ::close(fd);
            fd = -1;
            return false;
        },
        std::chrono::seconds(10), std::chrono::milliseconds(20));
    return {fd, local};
}

QString ownRingPrefix(qint64 launcherPid)
{
    return QString("xylem-gsum-%1-").arg(launcherPid);
}

int ringsWith(const QString& prefix)
{
    return static_cast<int>(QDir("/dev/shm").entryList({prefix + "*"}).size());
}

// The hosts a launch started, once n of them run xylem-gsum run (spawned is not yet exec'd:
// their command line and environment are the launch's until then); empty on time-out.
std::vector<ProcessId> hostsOf(pid_t launcher, size_t n)
{
    std::vector<ProcessId> hosts;
    waitUntil(
        [&] {
            hosts = testing::childrenOf(launcher);
            for (const ProcessId& h : hosts) {
                const auto args = testing::commandLineOf(h.pid);
                if (args.size() < 2 || args[1] != "run") {
                    return false;
                }
            }
            return hosts.size() == n;
        },
        std::chrono::seconds(20));
    return hosts.size() == n ? hosts : std::vector<ProcessId>{};
}

QString optionOf(pid_t pid, const std::string& option)
{
    const auto args = testing::commandLineOf(pid);
    for (size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == option) {
            return QString::fromStdString(args[i + 1]);
        }
    }
    return {};
}

bool anyRunning(const std::vector<ProcessId>& processes)
{
    for (const ProcessId& p : processes) {
        if (testing::isRunning(p)) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestGsumLifetime : public QObject
{
    Q_OBJECT

private slots:
    void silentPeerFailsTheStartNamingIt();
    void killedLaunchLeavesNothingBehind();
    void launchWhoseParentWentAwayCleansUp();
    void tokenTravelsByEnvironment();

private:
    RingPrefix m_rings{"gsumlifetime"};
};

// Fixed ports (--addresses, as across machines): a port scan, or any client that connects and
// sends nothing, reaches h0 during its start-up. h0 must fail within its start time-out (3 s)
// and say who connected, instead of waiting on that connection for ever.
void TestGsumLifetime::silentPeerFailsTheStartNamingIt()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    TreeSpec spec{"silent", {Host{"h0", "c0"}, Host{"h1", "c0"}}, 1, TreeShape::HierarchyAware};
    auto config = generateTree(spec);
    QVERIFY(config);
    const QString configFile = dir.filePath("silent.tree.json");
    std::ofstream(configFile.toStdString()) << configurationToJson(config.value());
    const int port = freePort();
    QVERIFY(port > 0);
    const QString addresses = dir.filePath("addresses");
    std::ofstream(addresses.toStdString())
        << "h0 127.0.0.1 " << port << "\nh1 127.0.0.1 " << freePort() << "\n";

    QProcess h0; // h1 never comes: h0 waits for its paths, and gets a silent peer instead
    QProcessEnvironment env = ringEnvironment(m_rings);
    env.insert("XYLEM_GSUM_TOKEN", "silent-token");
    h0.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    h0.start(gsumPath(),
             QStringList{"run", "--config", configFile, "--host", "h0", "--rundir", dir.path(),
                         "--addresses", addresses, "--start-timeout", "3", "--no-collectors"} +
                 kEndless);
    QVERIFY(h0.waitForStarted(10000));
    const auto [fd, local] = connectSilently(port);
    const Fd silent{fd};
    QVERIFY2(silent.fd >= 0, "h0 never listened on its fixed port");

    const bool ended = h0.waitForFinished(20000);
    const QString err = QString::fromLocal8Bit(h0.readAllStandardError());
    QVERIFY2(ended, qPrintable("h0 still starts 20 s later (its time-out is 3 s): " + err));
    QVERIFY2(h0.exitCode() == 1, qPrintable(err));
    QVERIFY2(err.contains(QString("127.0.0.1:%1 connected and sent nothing").arg(local)),
             qPrintable(err));
    QVERIFY2(clock.elapsed() < 15000, qPrintable(QString("%1 ms").arg(clock.elapsed())));
}

// kill -9 of a launch: its hosts read the end of their lifeline, remove the launch's run
// directory and their rings (the launch's own prefix), and end.
void TestGsumLifetime::killedLaunchLeavesNothingBehind()
{
    QProcessEnvironment env = ringEnvironment(m_rings);
    env.remove("XYLEM_RING_PREFIX"); // the launch's own rings: nobody else would remove them
    QProcess launch;
    launch.setProcessEnvironment(env);
    launch.start(gsumPath(), QStringList{"launch", "--hosts", "2", "--threads", "2"} + kEndless);
    QVERIFY(launch.waitForStarted(10000));
    const auto launcher = static_cast<pid_t>(launch.processId());
    const QString prefix = ownRingPrefix(launcher);
    const auto hosts = hostsOf(launcher, 2);
    QVERIFY2(!hosts.empty(), "the launch never started 2 hosts");
    const QString rundir = optionOf(hosts[0].pid, "--rundir");
    QVERIFY(waitUntil([&] { return ringsWith(prefix) >= 4; }, std::chrono::seconds(20)));

    ::kill(launcher, SIGKILL);
    QVERIFY(launch.waitForFinished(10000));
    const bool gone = waitUntil([&] { return !anyRunning(hosts); }, std::chrono::seconds(15));
    testing::killStillRunning(hosts); // whatever the verdict, none stays
    QVERIFY2(gone, "a host outlived its killed launch by 15 s");
    QVERIFY2(waitUntil([&] { return !QFile::exists(rundir); }, std::chrono::seconds(5)),
             qPrintable("the run directory stayed: " + rundir));
    const int left = ringsWith(prefix);
    testing::sweepShm(prefix.toStdString());
    QVERIFY2(left == 0, qPrintable(QString("%1 rings of the launch stayed").arg(left)));
}

// A launch started with a lifeline (as xylem-cli record starts it): when the lifeline ends it
// stops its hosts, says why, removes its run directory, and removes the rings it kept for its
// parent's collectors (XYLEM_RING_PREFIX): with the parent gone, nobody will drain them.
void TestGsumLifetime::launchWhoseParentWentAwayCleansUp()
{
    int pipeFds[2];
    QVERIFY(::pipe2(pipeFds, O_CLOEXEC) == 0);
    Fd readEnd{pipeFds[0]}, writeEnd{pipeFds[1]};
    QProcessEnvironment env = ringEnvironment(m_rings);
    env.insert("XYLEM_RING_PREFIX", QString::fromStdString(m_rings.prefix()) + "{host}-");
    env.insert("XYLEM_LIFELINE_FD", "3");
    QProcess launch;
    launch.setProcessEnvironment(env);
    launch.setChildProcessModifier([fd = readEnd.fd] {
        if (fd == 3) {
            ::fcntl(3, F_SETFD, 0);
        } else {
            ::dup2(fd, 3);
        }
    });
    launch.start(gsumPath(), QStringList{"launch", "--hosts", "2", "--threads", "2"} + kEndless);
    QVERIFY(launch.waitForStarted(10000));
    ::close(std::exchange(readEnd.fd, -1)); // only the launch holds it now
    const auto hosts = hostsOf(static_cast<pid_t>(launch.processId()), 2);
    QVERIFY2(!hosts.empty(), "the launch never started 2 hosts");
    const QString rundir = optionOf(hosts[0].pid, "--rundir");
    QVERIFY(waitUntil([&] { return m_rings.count() >= 4; }, std::chrono::seconds(20)));

    ::close(std::exchange(writeEnd.fd, -1)); // the parent goes away
    const bool ended = launch.waitForFinished(15000);
    testing::killStillRunning(hosts);
    const QString err = QString::fromLocal8Bit(launch.readAllStandardError());
    QVERIFY2(ended, "the launch went on without its parent");
    QVERIFY2(launch.exitCode() == 130 && err.contains("went away"), qPrintable(err));
    QVERIFY(!anyRunning(hosts));
    QVERIFY2(!QFile::exists(rundir), qPrintable(rundir));
    QCOMPARE(m_rings.count(), 0);
}

// The launch hands its hosts the run's token in their environment (readable by this user
// alone); no process of the run shows it on its command line.
void TestGsumLifetime::tokenTravelsByEnvironment()
{
    QProcess launch;
    launch.setProcessEnvironment(ringEnvironment(m_rings));
    launch.start(gsumPath(),
                 QStringList{"launch", "--hosts", "2", "--threads", "1", "--no-collectors"} +
                     kEndless);
    QVERIFY(launch.waitForStarted(10000));
    const auto launcher = static_cast<pid_t>(launch.processId());
    const auto hosts = hostsOf(launcher, 2);
    QVERIFY2(!hosts.empty(), "the launch never started 2 hosts");
    const auto token = testing::environmentValue(hosts[0].pid, "XYLEM_GSUM_TOKEN");
    QVERIFY2(token && token->size() >= 16, "no token in the host's environment");
    QCOMPARE(testing::environmentValue(hosts[1].pid, "XYLEM_GSUM_TOKEN"), token);
    for (const pid_t pid : {launcher, hosts[0].pid, hosts[1].pid}) {
        for (const std::string& arg : testing::commandLineOf(pid)) {
            QVERIFY2(arg.find(*token) == std::string::npos && arg != "--token",
                     qPrintable(QString::fromStdString(testing::describeProcess(pid))));
        }
    }
    ::kill(launcher, SIGINT);
    QVERIFY(launch.waitForFinished(15000));
    QCOMPARE(launch.exitCode(), 130);
}

QTEST_GUILESS_MAIN(TestGsumLifetime)
#include "tst_gsumlifetime.moc"
