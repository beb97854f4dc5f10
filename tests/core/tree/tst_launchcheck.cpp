// core/tree/launchcheck.h: each other machine reached once through the launcher before a tree
// starts there. Real launchers made of /bin/sh: one that runs the command (a container runtime
// would), one that fails as ssh does for an unknown host, one that never answers, one that would
// ask for a password on the terminal. Each failure names the host and the launcher's words,
// within the time-out.

#include "core/tree/launchcheck.h"
#include "tests/support/waituntil.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>

using namespace xylem;
using xylem::testing::waitUntil;
using namespace std::chrono_literals;

namespace {

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Running, not a zombie (a killed orphan waits for whoever reaps it).
bool alive(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) {
        return false;
    }
    const auto close = line.rfind(')');
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z';
}

QString message(const Result<Ok>& r)
{
    return r ? QString() : QString::fromStdString(r.error().describe());
}

} // namespace

class TestLaunchCheck : public QObject
{
    Q_OBJECT

private slots:
    // The launcher really runs the check, once per host, with {host} substituted.
    void everyHostIsReachedThroughTheLauncher()
    {
        QTemporaryDir dir;
        const std::string log = dir.filePath("reached").toStdString();
        const std::string launcher = "echo {host} >> '" + log + "'; {command}";
        const auto checked = tree::checkLaunches(
            launcher, {{"node-a", {"/bin/sh"}}, {"node-b", {"/bin/sh", "/bin/true"}}}, 10s);
        QVERIFY2(checked, qPrintable(message(checked)));
        std::ifstream in(log);
        std::multiset<std::string> reached;
        for (std::string host; in >> host;) {
            reached.insert(host);
        }
        QCOMPARE(reached, (std::multiset<std::string>{"node-a", "node-b"}));
    }

    void aMissingProgramIsNamedWithItsHost()
    {
        const auto checked = tree::checkLaunches(
            "env XYLEM_VIA={host} {command}",
            {{"node-a", {"/bin/sh"}}, {"node-b", {"/bin/sh", "/nonexistent/xylem-collector"}}},
            10s);
        QVERIFY(!checked);
        QCOMPARE(checked.error().code, ErrorCode::IoError);
        QCOMPARE(message(checked),
                 QString("cannot start the tree on 1 of 2 hosts through the launcher 'env "
                         "XYLEM_VIA={host} {command}': node-b: the launcher exited with status "
                         "127 (no program /nonexistent/xylem-collector on this host)"));
    }

    // As ssh says it of a host it cannot resolve.
    void anUnreachableHostIsNamedWithTheLaunchersWords()
    {
        const auto checked = tree::checkLaunches(
            "echo \"ssh: Could not resolve hostname {host}: Name or service not known\" >&2; "
            "exit 255; {command}",
            {{"nowhere", {"/bin/sh"}}}, 10s);
        QVERIFY(!checked);
        QVERIFY2(message(checked).endsWith(
                     "nowhere: the launcher exited with status 255 (ssh: Could not resolve "
                     "hostname nowhere: Name or service not known)"),
                 qPrintable(message(checked)));
    }

    // A launcher that never answers is killed at the time-out, its children with it.
    void aSilentHostTimesOut()
    {
        QTemporaryDir dir;
        const std::string pidFile = dir.filePath("child").toStdString();
        QElapsedTimer clock;
        clock.start();
        // A background child of the launcher, which says its pid and would live 30 s.
        const auto checked = tree::checkLaunches(
            "sh -c 'echo $$ > \"" + pidFile + "\"; exec sleep 30' & sleep 30; {command}",
            {{"slow-host", {"/bin/sh"}}}, 1s);
        QVERIFY2(clock.elapsed() < 2500, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!checked);
        QCOMPARE(checked.error().code, ErrorCode::TimedOut);
        QVERIFY2(message(checked).endsWith("slow-host: no answer through the launcher within 1 s"),
                 qPrintable(message(checked)));
        // The check ends the launcher's whole session: the background child dies with it.
        const pid_t child = std::stoi(readText(pidFile).empty() ? "0" : readText(pidFile));
        QVERIFY(child > 0);
        QVERIFY2(waitUntil([child] { return !alive(child); }, 10s),
                 "the launcher's session outlived the check");
    }

    // ssh asks for a password on the terminal: the check has none, so it fails at once
    // instead of waiting for an answer.
    void noTerminalToAskOn()
    {
        QElapsedTimer clock;
        clock.start();
        const auto checked = tree::checkLaunches("read password < /dev/tty && {command}",
                                                 {{"asks", {"/bin/sh"}}}, 20s);
        QVERIFY(!checked);
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(message(checked).contains("asks: the launcher exited with status"),
                 qPrintable(message(checked)));
    }
};

QTEST_GUILESS_MAIN(TestLaunchCheck)
#include "tst_launchcheck.moc"
