// The emulated cluster itself: hosts come up with their own names, /dev/shm, TMPDIR and clocks,
// talk TCP across the switch (by address and by the hosts file's names), lose traffic when a
// cable is pulled and get it back when it is plugged in; teardown (also after a failed
// bring-up, and when the harness is killed outright) leaves no process of the cluster and the
// machine's own links as they were. Prints how long 5 hosts take to come up and go down.
//
// Needs root, unshare --time and ip: skipped otherwise, with the reason.

#include "tests/benchmarks/benchharness.h"
#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/support/processtree.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <memory>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;
using namespace std::chrono_literals;

namespace {

const std::string kNetcheck = XYLEM_NETCHECK;
constexpr int kPort = 7000; // every host has its own network namespace: no clash

long long monotonicNs(clockid_t clock)
{
    timespec t{};
    ::clock_gettime(clock, &t);
    return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

std::string rootLinks()
{
    auto links = runChild({"ip", "-o", "link"}, 10s);
    return links ? links.value() : "ip -o link failed: " + links.error().describe();
}

std::string fileText(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A netcheck server on the host's address, once it listens.
HostProcess serve(EmulatedCluster& cluster, const std::string& host, const std::string& log)
{
    auto server = cluster.start(
        host, {kNetcheck, "serve", cluster.address(host), std::to_string(kPort)}, {}, log);
    if (!server) {
        qWarning("%s", server.error().describe().c_str());
        return {};
    }
    if (!waitUntil([&] { return fileText(log).find("listening") != std::string::npos; }, 20s)) {
        qWarning("the server on %s never listened: %s", host.c_str(), fileText(log).c_str());
    }
    return server.value();
}

// "reply NAME" from a connection made on `from` to `to` (an address or a host name).
Result<std::string> dial(EmulatedCluster& cluster, const std::string& from, const std::string& to,
                         int timeoutMs)
{
    return cluster.run(
        from, {kNetcheck, "connect", to, std::to_string(kPort), std::to_string(timeoutMs)});
}

} // namespace

class TestEmulatedCluster : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<EmulatedCluster> makeCluster(ClusterSpec spec)
    {
        auto cluster = EmulatedCluster::create(std::move(spec), m_work->path().toStdString());
        if (!cluster) {
            qWarning("%s", cluster.error().describe().c_str());
            return nullptr;
        }
        return std::move(cluster).value();
    }

    std::unique_ptr<QTemporaryDir> m_work;
    std::string m_linksBefore;

private slots:
    void initTestCase()
    {
        if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        m_linksBefore = rootLinks();
    }

    void init()
    {
        m_work = std::make_unique<QTemporaryDir>();
        QVERIFY(m_work->isValid());
    }

    // Whatever a test did, it leaves no child of ours and the machine's links as they were.
    void cleanup()
    {
        QVERIFY2(childrenOf(::getpid()).empty(), "a process of a cluster outlived it");
        QCOMPARE(rootLinks(), m_linksBefore);
        m_work.reset();
    }

    void hostsHaveTheirOwnNamesFoldersAndSecrets();
    void tcpCrossesTheSwitch();
    void plantedMonotonicOffsetsAreSeenOnTheHosts();
    void aPulledCableStopsTrafficAndPluggingItInRestoresIt();
    void teardownLeavesNoProcess();
    void aFailedBringUpLeavesNothing();
    void aKilledHarnessLeavesNoHost();
};

void TestEmulatedCluster::hostsHaveTheirOwnNamesFoldersAndSecrets()
{
    // A folder of h0's that h1 must not see (it would reach h1 through the shared disk).
    const std::string frontEnd = m_work->filePath("frontend").toStdString();
    QVERIFY(QDir().mkpath(QString::fromStdString(frontEnd)));
    std::ofstream(frontEnd + "/address") << "h0 7000\n";
    ClusterSpec spec = ClusterSpec::ofSize(3);
    spec.hosts[1].hidden = {frontEnd};
    auto cluster = makeCluster(spec);
    QVERIFY(cluster);
    auto seen = cluster->run("h0", {"ls", "-A", frontEnd});
    QVERIFY(seen);
    QCOMPARE(seen.value(), std::string("address\n"));
    auto hidden = cluster->run("h1", {"ls", "-A", frontEnd});
    QVERIFY(hidden);
    QCOMPARE(hidden.value(), std::string());
    auto missing = cluster->run("h2", {"xylem-no-such-program"});
    QVERIFY(!missing);
    QVERIFY2(missing.error().describe().find("host h2: cannot run xylem-no-such-program") !=
                 std::string::npos,
             missing.error().describe().c_str());
    for (const EmulatedHostSpec& h : cluster->hosts()) {
        QVERIFY(cluster->initPid(h.name) > 0);
        auto name = cluster->run(h.name, {kNetcheck, "hostname"});
        QVERIFY2(name, name ? "" : name.error().describe().c_str());
        QCOMPARE(name.value(), h.name + "\n");
        auto tmp = cluster->run(h.name, {"sh", "-c", "echo $TMPDIR"});
        QVERIFY(tmp);
        QCOMPARE(tmp.value(), cluster->tmpDir(h.name) + "\n");
    }
    // /dev/shm is the host's own: what h0 puts there neither the machine nor h1 sees.
    const std::string probe = "xylem-harness-probe-" + std::to_string(::getpid());
    auto put = cluster->run("h0", {"sh", "-c", "echo x > /dev/shm/" + probe + " && ls /dev/shm"});
    QVERIFY2(put, put ? "" : put.error().describe().c_str());
    QVERIFY(put.value().find(probe) != std::string::npos);
    QVERIFY(!QFile::exists(QString::fromStdString("/dev/shm/" + probe)));
    auto other = cluster->run("h1", {"ls", "-A", "/dev/shm"});
    QVERIFY(other);
    QCOMPARE(other.value(), std::string());
}

void TestEmulatedCluster::tcpCrossesTheSwitch()
{
    auto cluster = makeCluster(ClusterSpec::ofSize(3));
    QVERIFY(cluster);
    const HostProcess server = serve(*cluster, "h0", m_work->filePath("serve.log").toStdString());
    QVERIFY(server.pid > 0);
    auto byAddress = dial(*cluster, "h1", cluster->address("h0"), 10000);
    QVERIFY2(byAddress, byAddress ? "" : byAddress.error().describe().c_str());
    QCOMPARE(byAddress.value(), std::string("reply h0\n"));
    auto byName = dial(*cluster, "h2", "h0", 10000); // the cluster's /etc/hosts
    QVERIFY2(byName, byName ? "" : byName.error().describe().c_str());
    QCOMPARE(byName.value(), std::string("reply h0\n"));
    // The server's pid is real: killed by it, the server is gone and h0 refuses.
    cluster->kill(server);
    QVERIFY(!processId(server.pid) || !isRunning(*processId(server.pid)));
    QVERIFY(!dial(*cluster, "h1", cluster->address("h0"), 10000));
}

void TestEmulatedCluster::plantedMonotonicOffsetsAreSeenOnTheHosts()
{
    timespec boot{};
    ::clock_gettime(CLOCK_MONOTONIC, &boot);
    // A clock may not go below zero: a negative offset is bounded by the machine's uptime.
    const std::int64_t behind = -std::min<std::int64_t>(200, boot.tv_sec / 2);
    const std::vector<std::int64_t> offsets{0, 5000, behind};
    auto cluster = makeCluster(ClusterSpec::ofSize(3, offsets));
    QVERIFY(cluster);
    static const QRegularExpression clocks("monotonic (-?\\d+) boottime (-?\\d+)");
    for (size_t i = 0; i < offsets.size(); ++i) {
        const std::string host = "h" + std::to_string(i);
        const long long before[2] = {monotonicNs(CLOCK_MONOTONIC), monotonicNs(CLOCK_BOOTTIME)};
        auto said = cluster->run(host, {kNetcheck, "clock"});
        const long long after[2] = {monotonicNs(CLOCK_MONOTONIC), monotonicNs(CLOCK_BOOTTIME)};
        QVERIFY2(said, said ? "" : said.error().describe().c_str());
        const auto m = clocks.match(QString::fromStdString(said.value()));
        QVERIFY(m.hasMatch());
        for (int c = 0; c < 2; ++c) {
            // Read between our two readings, once the planted offset is taken off: exact.
            const long long seen = m.captured(c + 1).toLongLong() - offsets[i] * 1000000000LL;
            QVERIFY2(seen >= before[c] && seen <= after[c],
                     qPrintable(QString("%1: clock %2 read %3 ns outside [%4, %5] less %6 s")
                                    .arg(QString::fromStdString(host))
                                    .arg(c)
                                    .arg(seen)
                                    .arg(before[c])
                                    .arg(after[c])
                                    .arg(offsets[i])));
        }
    }
}

void TestEmulatedCluster::aPulledCableStopsTrafficAndPluggingItInRestoresIt()
{
    auto cluster = makeCluster(ClusterSpec::ofSize(3));
    QVERIFY(cluster);
    const HostProcess server = serve(*cluster, "h0", m_work->filePath("serve.log").toStdString());
    QVERIFY(server.pid > 0);
    const std::string h0 = cluster->address("h0");
    QVERIFY(dial(*cluster, "h1", h0, 10000));

    QVERIFY(cluster->setLink("h1", false));
    auto cut = dial(*cluster, "h1", h0, 1500);
    QVERIFY2(!cut, "h1 reached h0 with its cable pulled");
    QVERIFY(dial(*cluster, "h2", h0, 10000)); // the others go on

    QVERIFY(cluster->setLink("h1", true));
    QVERIFY(waitUntil([&] { return bool(dial(*cluster, "h1", h0, 2000)); }, 20s, 100ms));
    cluster->kill(server);
}

void TestEmulatedCluster::teardownLeavesNoProcess()
{
    std::vector<double> upMs, downMs;
    for (int round = 0; round < 3; ++round) {
        const auto start = std::chrono::steady_clock::now();
        auto cluster = makeCluster(ClusterSpec::ofSize(5));
        const auto up = std::chrono::steady_clock::now();
        QVERIFY(cluster);
        // One program per host, left running: teardown must take it too.
        std::vector<ProcessId> ours;
        for (const EmulatedHostSpec& h : cluster->hosts()) {
            auto p = cluster->start(h.name, {"sleep", "600"}, {}, {});
            QVERIFY2(p, p ? "" : p.error().describe().c_str());
            ours.push_back(processId(p->pid).value_or(ProcessId{}));
        }
        for (pid_t pid : cluster->ownProcesses()) {
            ours.push_back(processId(pid).value_or(ProcessId{}));
        }
        // the programs, their waiters, unshare and init of the 5 hosts and the switch
        QCOMPARE(ours.size(), size_t(5 + 5 + 2 * 6));
        const auto down = std::chrono::steady_clock::now();
        cluster->teardown();
        downMs.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - down)
                .count());
        upMs.push_back(std::chrono::duration<double, std::milli>(up - start).count());
        for (const ProcessId& p : ours) {
            QVERIFY2(p.pid > 0 && !isRunning(p), qPrintable(QString::number(p.pid)));
        }
        QVERIFY(cluster->ownProcesses().empty());
        cluster->teardown(); // idempotent, and the destructor does it once more
    }
    std::sort(upMs.begin(), upMs.end());
    std::sort(downMs.begin(), downMs.end());
    bench::printFigure("emulated_cluster_up_ms", upMs[1], "ms");
    bench::printFigure("emulated_cluster_down_ms", downMs[1], "ms");
}

void TestEmulatedCluster::aFailedBringUpLeavesNothing()
{
    // A clock set far below zero: h2's unshare fails once h0 and h1 are up.
    auto bad = EmulatedCluster::create(ClusterSpec::ofSize(3, {0, 0, -4000000000LL}),
                                       m_work->path().toStdString());
    QVERIFY(!bad);
    QVERIFY2(bad.error().describe().find("host h2") != std::string::npos,
             bad.error().describe().c_str());
    ClusterSpec twins = ClusterSpec::ofSize(2);
    twins.hosts[1].name = "h0";
    auto refused = EmulatedCluster::create(twins, m_work->path().toStdString());
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::InvalidArgument);
    // cleanup() checks that no process is left
}

void TestEmulatedCluster::aKilledHarnessLeavesNoHost()
{
    QProcess harness;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("TMPDIR", m_work->path()); // its folder stays behind when it is killed
    harness.setProcessEnvironment(env);
    harness.start(XYLEM_EMUCLUSTER, {"up", "2"});
    QVERIFY(harness.waitForStarted(10000));
    QByteArray out;
    QVERIFY(waitUntil(
        [&] {
            harness.waitForReadyRead(100);
            out += harness.readAllStandardOutput();
            return out.contains("ready\n") || harness.state() == QProcess::NotRunning;
        },
        60s));
    static const QRegularExpression initLine("init (\\d+)");
    std::vector<ProcessId> inits;
    for (auto it = initLine.globalMatch(QString::fromUtf8(out)); it.hasNext();) {
        const auto pid = static_cast<pid_t>(it.next().captured(1).toInt());
        inits.push_back(processId(pid).value_or(ProcessId{}));
        QVERIFY2(inits.back().pid > 0, out.constData());
    }
    QVERIFY2(inits.size() == 3, out.constData()); // the switch and two hosts
    harness.kill();
    QVERIFY(harness.waitForFinished(10000));
    QVERIFY(waitUntil(
        [&] {
            return std::none_of(inits.begin(), inits.end(),
                                [](const ProcessId& p) { return isRunning(p); });
        },
        20s));
}

QTEST_GUILESS_MAIN(TestEmulatedCluster)
#include "tst_emulatedcluster.moc"
