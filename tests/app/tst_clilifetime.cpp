// xylem-cli record's processes live and die with it (core/model/lifeline.h): killed with
// SIGKILL, it leaves no collector, gsum launch or gsum host running, no ring of the run in
// /dev/shm and nothing in its TMPDIR, and its session keeps what was committed. While it runs,
// no process holds a listening socket of one of its ancestors, and no command line shows a
// secret.

#include "tests/support/processtree.h"
#include "tests/support/ringprefix.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <set>
#include <vector>

using namespace xylem::testing;

namespace {

// Far more calls than any test waits for: the program runs until stopped.
const QString kEndless = QStringLiteral("1073741824");

bool isProgram(pid_t pid, const std::string& name, const std::string& mode = {})
{
    const auto args = commandLineOf(pid);
    return !args.empty() && args[0].find(name) != std::string::npos &&
           (mode.empty() || (args.size() > 1 && args[1] == mode));
}

// A recording of a 2-host gsum cluster, with its own TMPDIR; whatever a failed test leaves
// (processes it started, by pid; rings of the run) goes with it.
class Recording
{
public:
    bool start()
    {
        if (!m_dir.isValid() || !QDir(m_dir.path()).mkdir("tmp")) {
            return false;
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TMPDIR", tmpdir());
        m_cli.setProcessEnvironment(env);
        m_cli.start(QStringLiteral(XYLEM_CLI),
                    {"record", "--hosts", "2", "--threads", "2", "--iterations", kEndless, "-o",
                     m_dir.filePath("s.xylem")});
        if (!m_cli.waitForStarted(10000)) {
            return false;
        }
        m_pid = static_cast<pid_t>(m_cli.processId());
        // Up: two collectors, two hosts running, and their rings made.
        return waitUntil(
            [&] {
                int collectors = 0, hosts = 0;
                for (const ProcessId& p : processes()) {
                    collectors += isProgram(p.pid, "xylem-collector") ? 1 : 0;
                    hosts += isProgram(p.pid, "xylem-gsum", "run") ? 1 : 0;
                }
                return collectors == 2 && hosts == 2 && rings() >= 4;
            },
            std::chrono::seconds(60));
    }

    ~Recording()
    {
        if (m_cli.state() != QProcess::NotRunning) {
            m_cli.kill();
            m_cli.waitForFinished(10000);
        }
        killStillRunning({m_seen.begin(), m_seen.end()});
        sweepShm(ringPrefix());
    }

    pid_t pid() const { return m_pid; }
    QProcess& cli() { return m_cli; }
    QString tmpdir() const { return m_dir.filePath("tmp"); }
    QString session() const { return m_dir.filePath("s.xylem"); }
    std::string ringPrefix() const { return "xylem-rec-" + std::to_string(m_pid) + "-"; }
    int rings() const
    {
        return static_cast<int>(QDir("/dev/shm")
                                    .entryList({QString::fromStdString(ringPrefix()) + "*"})
                                    .size());
    }

    // Every process below xylem-cli now (and noted, to be killed should the test fail).
    std::vector<ProcessId> processes()
    {
        const auto now = descendantsOf(m_pid);
        m_seen.insert(now.begin(), now.end());
        return now;
    }

private:
    QTemporaryDir m_dir;
    QProcess m_cli;
    pid_t m_pid = -1;
    std::set<ProcessId> m_seen;
};

QString describe(const std::vector<ProcessId>& processes)
{
    QString text;
    for (const ProcessId& p : processes) {
        text += "\n  " + QString::fromStdString(describeProcess(p.pid));
    }
    return text;
}

} // namespace

class TestCliLifetime : public QObject
{
    Q_OBJECT

private slots:
    void killedRecordLeavesNothingBehind();
    void noCommandLineShowsTheToken();
    void noChildHoldsAListeningSocketOfItsAncestors();
};

// kill -9 of xylem-cli record: its lifelines break, the tree's connections close; within a
// bounded time every process it started is gone, and they took the run's rings and temporary
// directories with them.
void TestCliLifetime::killedRecordLeavesNothingBehind()
{
    Recording r;
    QVERIFY2(r.start(), "the recording did not come up");
    const std::vector<ProcessId> started = r.processes();
    QVERIFY(::kill(r.pid(), SIGKILL) == 0);
    QVERIFY(r.cli().waitForFinished(10000));

    std::vector<ProcessId> running;
    const bool allGone = waitUntil(
        [&] {
            running.clear();
            for (const ProcessId& p : started) {
                if (isRunning(p)) {
                    running.push_back(p);
                }
            }
            return running.empty();
        },
        std::chrono::seconds(30));
    QVERIFY2(allGone, qPrintable("still running 30 s after kill -9 of xylem-cli:" +
                                 describe(running)));
    QVERIFY2(waitUntil([&] { return r.rings() == 0; }, std::chrono::seconds(10)),
             qPrintable(QString("%1 rings of the run left in /dev/shm").arg(r.rings())));
    const QStringList left =
        QDir(r.tmpdir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
    QVERIFY2(left.isEmpty(), qPrintable("left in TMPDIR: " + left.join(", ")));

    // What was committed stays: recover finds the cut-off run and keeps it.
    QProcess recover;
    recover.start(QStringLiteral(XYLEM_CLI), {"recover", "--session", r.session()});
    QVERIFY(recover.waitForFinished(60000));
    const QString out = QString::fromLocal8Bit(recover.readAllStandardOutput());
    QVERIFY2(recover.exitCode() == 0 && out.contains("recovered run 1"),
             qPrintable(out + QString::fromLocal8Bit(recover.readAllStandardError())));
}

// The run's secrets travel by stdin or environment (readable by the user alone), never by a
// command line every user can read in /proc/PID/cmdline.
void TestCliLifetime::noCommandLineShowsTheToken()
{
    Recording r;
    QVERIFY2(r.start(), "the recording did not come up");
    const auto processes = r.processes();
    for (const ProcessId& p : processes) {
        for (const std::string& arg : commandLineOf(p.pid)) {
            QVERIFY2(!arg.starts_with("--token"),
                     qPrintable("a token on a command line: " +
                                QString::fromStdString(describeProcess(p.pid))));
        }
    }
    std::set<std::string> tokens;
    for (const ProcessId& p : processes) {
        if (isProgram(p.pid, "xylem-gsum", "run")) {
            const auto token = environmentValue(p.pid, "XYLEM_GSUM_TOKEN");
            QVERIFY2(token && token->size() >= 16,
                     qPrintable("no token in the environment of " +
                                QString::fromStdString(describeProcess(p.pid))));
            tokens.insert(*token);
        }
    }
    QCOMPARE(tokens.size(), size_t(1)); // one run, one token
    for (const ProcessId& p : processes) {
        for (const std::string& arg : commandLineOf(p.pid)) {
            QVERIFY2(arg.find(*tokens.begin()) == std::string::npos,
                     qPrintable(QString::fromStdString(describeProcess(p.pid))));
        }
    }
    ::kill(r.pid(), SIGINT); // a clean stop
    QVERIFY(r.cli().waitForFinished(60000));
    QCOMPARE(r.cli().exitCode(), 0);
}

// Listening sockets are close-on-exec and spawners close what they do not pass: no collector,
// gsum launch or host keeps a port of xylem-cli (or of the launch) open.
void TestCliLifetime::noChildHoldsAListeningSocketOfItsAncestors()
{
    Recording r;
    QVERIFY2(r.start(), "the recording did not come up");
    const std::set<unsigned long> listening = listeningSocketInodes();
    std::vector<ProcessId> ancestors = r.processes();
    ancestors.push_back(*processId(r.pid()));
    int checked = 0;
    for (const ProcessId& a : ancestors) {
        std::set<unsigned long> ports;
        for (const unsigned long inode : socketInodesOf(a.pid)) {
            if (listening.contains(inode)) {
                ports.insert(inode);
            }
        }
        checked += ports.empty() ? 0 : 1;
        for (const ProcessId& d : descendantsOf(a.pid)) {
            for (const unsigned long inode : socketInodesOf(d.pid)) {
                QVERIFY2(!ports.contains(inode),
                         qPrintable(QString::fromStdString(describeProcess(d.pid)) +
                                    "\n  holds a listening socket of its ancestor\n  " +
                                    QString::fromStdString(describeProcess(a.pid))));
            }
        }
    }
    QVERIFY2(checked >= 1, "xylem-cli listens for its tree: there must be a port to check");
    ::kill(r.pid(), SIGINT);
    QVERIFY(r.cli().waitForFinished(60000));
    QCOMPARE(r.cli().exitCode(), 0);
}

QTEST_GUILESS_MAIN(TestCliLifetime)
#include "tst_clilifetime.moc"
