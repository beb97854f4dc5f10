// xylem-gsum across a real network link: two network namespaces joined by a veth pair, one
// `xylem-gsum run` in each, their addresses fixed by an --addresses file ("host ip port" per
// line) and a shared --rundir for the ready marks. Both hosts must end with every sum right;
// a host told to listen on an address its namespace does not have must fail at once and say
// so; and with netem delaying one side of the link, every call must take at least the delay.
//
// Needs root and `ip netns`; skipped otherwise, with the reason. Names end in this process's
// pid; the namespaces (and the veth pair inside them) are deleted however a test ends.

#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"
#include "tests/support/waituntil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <fstream>
#include <memory>
#include <unistd.h>
#include <vector>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;

namespace {

struct Command
{
    bool ok = false;
    QString output; // stdout and stderr
};

Command runCommand(const QString& program, const QStringList& args, int timeoutMs = 20000)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    Command c;
    if (!p.waitForStarted(5000)) {
        c.output = p.errorString();
        return c;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        c.output = "timed out";
        return c;
    }
    c.output = QString::fromLocal8Bit(p.readAll()).trimmed();
    c.ok = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    return c;
}

// Two namespaces A and B and a veth pair between them, 10.77.0.1 in A and 10.77.0.2 in B.
// Deleting a namespace deletes the veth end in it (and with it the pair).
class NamespacePair
{
public:
    NamespacePair()
        : m_suffix(QString::number(::getpid()))
    {
        a = "xylem-a-" + m_suffix;
        b = "xylem-b-" + m_suffix;
        vethA = "xva" + m_suffix;
        vethB = "xvb" + m_suffix;
    }
    ~NamespacePair() { remove(); }
    NamespacePair(const NamespacePair&) = delete;
    NamespacePair& operator=(const NamespacePair&) = delete;

    // Empty on success, else what failed.
    QString create()
    {
        remove(); // leftovers of an earlier run with the same pid
        const std::vector<QStringList> steps{
            {"netns", "add", a},
            {"netns", "add", b},
            {"link", "add", vethA, "netns", a, "type", "veth", "peer", "name", vethB, "netns", b},
            {"-n", a, "addr", "add", "10.77.0.1/24", "dev", vethA},
            {"-n", b, "addr", "add", "10.77.0.2/24", "dev", vethB},
            {"-n", a, "link", "set", vethA, "up"},
            {"-n", b, "link", "set", vethB, "up"},
            {"-n", a, "link", "set", "lo", "up"},
            {"-n", b, "link", "set", "lo", "up"},
        };
        for (const QStringList& step : steps) {
            const Command c = runCommand("ip", step);
            if (!c.ok) {
                return "ip " + step.join(' ') + ": " + c.output;
            }
        }
        return {};
    }
    void remove()
    {
        (void)runCommand("ip", {"netns", "del", a});
        (void)runCommand("ip", {"netns", "del", b});
    }

    QString a, b, vethA, vethB;

private:
    QString m_suffix;
};

struct HostRun
{
    bool finished = false;
    int exitCode = -1;
    QString out, err;
    double iterationUs = -1;
    long long wrong = -1;
    long long calls = -1;
};

// One `xylem-gsum run` in a namespace.
std::unique_ptr<QProcess> startHost(const QString& host, const QString& ns,
                                    const QStringList& common)
{
    auto p = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XYLEM_GSUM_TOKEN", "netns-token");
    p->setProcessEnvironment(env);
    p->start("ip", QStringList{"netns", "exec", ns, gsumPath(), "run", "--host", host} + common);
    p->waitForStarted(10000);
    return p;
}

// Waits for the host to end (killing it at the deadline) and reads its report.
HostRun finishHost(QProcess& p, int timeoutMs)
{
    static const QRegularExpression report(
        "gsum host=\\S+ threads=\\d+ calls=(\\d+) .*iteration_us=([0-9.]+) wrong=(\\d+)");
    HostRun r;
    r.finished = p.state() == QProcess::NotRunning || p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    if (const auto m = report.match(r.out); m.hasMatch()) {
        r.calls = m.captured(1).toLongLong();
        r.iterationUs = m.captured(2).toDouble();
        r.wrong = m.captured(3).toLongLong();
    }
    return r;
}

bool waitForFile(const QString& path, int timeoutMs)
{
    return xylem::testing::waitUntil([&] { return QFile::exists(path); },
                                     std::chrono::milliseconds(timeoutMs),
                                     std::chrono::milliseconds(5));
}

// h0 (the root's host, which h1 connects to) first; h1 once h0 listens: it publishes its
// address in the run directory right after. (A child host started before its parent listens
// fails: see childHostStartedFirst.)
std::vector<HostRun> runPair(const NamespacePair& ns, const QStringList& common,
                             const QString& rundir, int timeoutMs = 60000)
{
    auto h0 = startHost("h0", ns.a, common);
    const bool listening = waitForFile(rundir + "/h0.address", 20000);
    std::unique_ptr<QProcess> h1;
    if (listening) {
        h1 = startHost("h1", ns.b, common);
    }
    std::vector<HostRun> runs;
    if (h1) {
        runs.push_back(finishHost(*h1, timeoutMs));
    }
    runs.insert(runs.begin(),
                finishHost(*h0, runs.empty() || runs[0].exitCode == 0 ? timeoutMs : 0));
    if (!h1) {
        runs.push_back(
            HostRun{false, -1, {}, "not started: h0 never published its address", -1, -1, -1});
    }
    return runs;
}

QString describe(const HostRun& r)
{
    return QString("%1, exit code %2\nstdout: %3\nstderr: %4")
        .arg(r.finished ? "finished" : "did not finish")
        .arg(r.exitCode)
        .arg(r.out, r.err);
}

} // namespace

class TestGsumNetns : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void hostsInTwoNamespacesSumRight();
    void listeningOnAnotherNamespacesAddressFails();
    void netemDelayLengthensEveryCall();
    void childHostStartedFirstWaitsForItsParent();

private:
    // Writes the configuration and the address file; the arguments every host gets.
    QStringList commonArguments(const QString& addresses, int iterations);

    std::unique_ptr<NamespacePair> m_namespaces;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestGsumNetns::initTestCase()
{
    if (::geteuid() != 0) {
        QSKIP("needs root: ip netns add and veth pairs need CAP_SYS_ADMIN and CAP_NET_ADMIN");
    }
    if (QStandardPaths::findExecutable("ip").isEmpty()) {
        QSKIP("the ip command (iproute2) is not installed");
    }
    NamespacePair probe;
    if (const QString failed = probe.create(); !failed.isEmpty()) {
        QSKIP(qPrintable("network namespaces are not available here: " + failed));
    }
}

void TestGsumNetns::init()
{
    m_namespaces = std::make_unique<NamespacePair>();
    const QString failed = m_namespaces->create();
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestGsumNetns::cleanup()
{
    m_namespaces.reset(); // deletes the namespaces, whatever the test did
    m_dir.reset();
}

QStringList TestGsumNetns::commonArguments(const QString& addresses, int iterations)
{
    TreeSpec spec;
    spec.name = "netns";
    spec.hosts = {Host{"h0", "c0"}, Host{"h1", "c0"}};
    spec.threadsPerHost = 2;
    spec.shape = TreeShape::HierarchyAware;
    auto config = generateTree(spec);
    if (!config) {
        return {};
    }
    const QString configFile = m_dir->filePath("netns.tree.json");
    std::ofstream(configFile.toStdString()) << configurationToJson(config.value());
    const QString addressFile = m_dir->filePath("addresses");
    std::ofstream(addressFile.toStdString()) << addresses.toStdString();
    QDir(m_dir->path()).mkdir("run");
    // The run directory starts empty for every run: ready marks of an earlier run would count.
    QDir(m_dir->filePath("run")).removeRecursively();
    QDir(m_dir->path()).mkdir("run");
    return {"--config",    configFile,  "--rundir",       m_dir->filePath("run"),
            "--addresses", addressFile, "--iterations",   QString::number(iterations),
            "--warmup",    "10",        "--no-collectors"};
}

void TestGsumNetns::hostsInTwoNamespacesSumRight()
{
    const QStringList common = commonArguments("# host ip port\n"
                                               "h0 10.77.0.1 47001\n"
                                               "h1 10.77.0.2 47002\n",
                                               300);
    QVERIFY(!common.isEmpty());
    const auto runs = runPair(*m_namespaces, common, m_dir->filePath("run"));
    for (const HostRun& r : runs) {
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.calls == 300 && r.wrong == 0, qPrintable(describe(r)));
    }
}

// h0's fixed address belongs to the other namespace: it cannot listen there and must say so at
// once (its peer then waits for it in vain and times out: not run here).
void TestGsumNetns::listeningOnAnotherNamespacesAddressFails()
{
    const QStringList common = commonArguments("h0 10.77.0.2 47001\n"
                                               "h1 10.77.0.2 47002\n",
                                               10);
    QVERIFY(!common.isEmpty());
    auto h0 = startHost("h0", m_namespaces->a, common);
    const HostRun r = finishHost(*h0, 20000);
    QVERIFY2(r.finished && r.exitCode != 0 && r.exitCode != -1, qPrintable(describe(r)));
    QVERIFY2(r.err.contains("host h0: cannot listen on 10.77.0.2:47001"), qPrintable(describe(r)));
}

// netem on A's end delays everything h0 sends to h1 by 2 ms: every call, which needs h0's
// reply on h1, takes at least that long on both hosts (without it, far less).
void TestGsumNetns::netemDelayLengthensEveryCall()
{
    const QString addresses = "h0 10.77.0.1 47001\nh1 10.77.0.2 47002\n";
    QStringList common = commonArguments(addresses, 100);
    QVERIFY(!common.isEmpty());
    const auto before = runPair(*m_namespaces, common, m_dir->filePath("run"));
    for (const HostRun& r : before) {
        QVERIFY2(r.finished && r.exitCode == 0 && r.wrong == 0, qPrintable(describe(r)));
    }

    const Command netem =
        runCommand("ip", {"netns", "exec", m_namespaces->a, "tc", "qdisc", "add", "dev",
                          m_namespaces->vethA, "root", "netem", "delay", "2ms"});
    if (!netem.ok) {
        QSKIP(qPrintable("tc netem is not available (kernel module sch_netem?): " + netem.output));
    }
    common = commonArguments(addresses, 100);
    const auto after = runPair(*m_namespaces, common, m_dir->filePath("run"));
    for (size_t i = 0; i < after.size(); ++i) {
        const HostRun& r = after[i];
        QVERIFY2(r.finished && r.exitCode == 0 && r.wrong == 0, qPrintable(describe(r)));
        QVERIFY2(r.iterationUs >= 2000, qPrintable(describe(r)));
        QVERIFY2(r.iterationUs > before[i].iterationUs, qPrintable(describe(r)));
    }
}

// Across machines the hosts start in any order; start-up waits up to 30 s for the others
// (RuntimeOptions::startTimeout). Here h1 starts first and h0 a moment later.
void TestGsumNetns::childHostStartedFirstWaitsForItsParent()
{
    const QStringList common = commonArguments("h0 10.77.0.1 47001\n"
                                               "h1 10.77.0.2 47002\n",
                                               50);
    QVERIFY(!common.isEmpty());
    auto h1 = startHost("h1", m_namespaces->b, common);
    QVERIFY(waitForFile(m_dir->filePath("run/h1.address"), 20000));
    h1->waitForFinished(1000); // if it does not wait, it is gone by now
    auto h0 = startHost("h0", m_namespaces->a, common);
    const HostRun r1 = finishHost(*h1, 60000);
    // h0 waits for h1's paths; should h1 be gone, do not wait for it (see the report of
    // HostRuntime::start: it does not give up at the start timeout either).
    const HostRun r0 = finishHost(*h0, r1.exitCode == 0 ? 60000 : 0);
    QVERIFY2(r1.finished && r1.exitCode == 0 && r1.wrong == 0, qPrintable(describe(r1)));
    QVERIFY2(r0.finished && r0.exitCode == 0 && r0.wrong == 0, qPrintable(describe(r0)));
}

QTEST_GUILESS_MAIN(TestGsumNetns)
#include "tst_gsumnetns.moc"
