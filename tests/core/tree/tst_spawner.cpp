// core/tree/spawner.h: a tree node gets the token on stdin, and stdin then stays open as its
// lifeline (it ends with this process, however it ends); no other descriptor of this process
// reaches it (the front-end's listening socket kept by a collector kept its port, and its
// connections kept alive, after the front-end was killed); and stopping a child that ignores
// SIGTERM cannot hang its parent.

#include "core/tree/spawner.h"
#include "tests/support/waituntil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <fstream>
#include <set>
#include <sys/stat.h>
#include <sstream>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using namespace xylem;
using xylem::testing::waitUntil;

namespace {

std::string readFile(const QString& path)
{
    std::ifstream in(path.toStdString());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

tree::SpawnRequest shell(const std::string& script, const std::string& token = "t0ken")
{
    return tree::SpawnRequest{"localhost", {"/bin/sh", "-c", script}, token};
}

} // namespace

class TestSpawner : public QObject
{
    Q_OBJECT

private slots:
    // The child reads the token, then stdin stays open: `cat` waits on it instead of ending.
    void tokenThenStdinStaysOpen()
    {
        QTemporaryDir dir;
        const QString token = dir.filePath("token");
        tree::Spawner spawner;
        auto pid =
            spawner.spawn(shell("read t; echo \"$t\" > '" + token.toStdString() + "'; exec cat"));
        QVERIFY(pid);
        QVERIFY(waitUntil([&] { return readFile(token) == "t0ken\n"; }, std::chrono::seconds(10)));
        testing::letTimePass(std::chrono::milliseconds(300)); // cat would end at once on EOF
        QVERIFY2(spawner.reapEnded().empty(), "the child's stdin was closed after the token");
        spawner.stopAll();
    }

    void noOtherDescriptorReachesTheChild()
    {
        QTemporaryDir dir;
        const QString listing = dir.filePath("fds");
        int leaky[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, leaky), 0); // no close-on-exec: a leak
        tree::Spawner spawner;
        // sh lists its own descriptors (`exec >` redirects without keeping a copy of stdout).
        const std::string file = listing.toStdString();
        QVERIFY(spawner.spawn(shell("exec > '" + file + ".tmp'; ls /proc/$$/fd; mv '" + file +
                                    ".tmp' '" + file + "'")));
        QVERIFY(waitUntil([&] { return QFile::exists(listing); }, std::chrono::seconds(10)));
        ::close(leaky[0]);
        ::close(leaky[1]);
        std::istringstream lines(readFile(listing));
        std::set<int> fds;
        for (int fd = 0; lines >> fd;) {
            fds.insert(fd);
        }
        QCOMPARE(fds, (std::set<int>{0, 1, 2}));
    }

    // Another machine's child goes through the launcher template ({host}, {command} quoted
    // for the shell); this machine's never does.
    void otherHostsGoThroughTheLauncher()
    {
        QTemporaryDir dir;
        const std::string via = dir.filePath("via").toStdString();
        const std::string ran = dir.filePath("ran it's").toStdString(); // a quote to survive
        tree::Spawner spawner("echo {host} >> '" + via + "'; {command}");
        QVERIFY(spawner.spawn(tree::SpawnRequest{
            "localhost", {"/bin/sh", "-c", "read t; echo local >> \"$0\"", ran}, "t"}));
        QVERIFY(spawner.spawn(tree::SpawnRequest{
            "node-b", {"/bin/sh", "-c", "read t; echo remote >> \"$0\"", ran}, "t"}));
        QVERIFY(waitUntil([&] { return readFile(QString::fromStdString(ran)).size() == 13; },
                          std::chrono::seconds(10)));
        QCOMPARE(readFile(QString::fromStdString(via)), std::string("node-b\n"));
        spawner.stopAll();
        QVERIFY(tree::checkLauncherTemplate("ssh {host} {command}"));
        const auto refused = tree::checkLauncherTemplate("ssh {host}");
        QVERIFY(!refused);
        QVERIFY(refused.error().message.find("needs {command}") != std::string::npos);
    }

    // ssh joins its arguments into one line that the login shell on the host parses again: a
    // command with spaces and quotes (a relay's own --launcher, a shell script) must arrive
    // whole. The stand-in ssh here does exactly what ssh does with the remote command.
    void aRemoteShellGetsTheCommandAsOneLine()
    {
        QTemporaryDir dir;
        const std::string ssh = dir.filePath("ssh").toStdString();
        std::ofstream(ssh) << "#!/bin/sh\nshift\nexec /bin/sh -c \"$*\"\n";
        QVERIFY(::chmod(ssh.c_str(), 0700) == 0);
        const std::string out = dir.filePath("argv").toStdString();
        const std::vector<std::string> command{
            "/bin/sh", "-c", "printf '%s|' \"$@\" > \"$0\"", out, "ssh {host} {command}",
            "it's", "a; b"};
        QVERIFY(tree::launcherIsRemoteShell(ssh + " -F cfg {host} {command}"));
        QVERIFY(!tree::launcherIsRemoteShell("srun -w {host} {command}"));
        const auto argv = tree::launcherArgv(ssh + " {host} {command}", "node-b", command);
        QCOMPARE(argv.size(), std::size_t(3));
        QProcess run;
        QStringList arguments;
        for (std::size_t i = 1; i < argv.size(); ++i) {
            arguments << QString::fromStdString(argv[i]);
        }
        run.start(QString::fromStdString(argv[0]), arguments);
        QVERIFY(run.waitForFinished(10000) && run.exitCode() == 0);
        QCOMPARE(readFile(QString::fromStdString(out)),
                 std::string("ssh {host} {command}|it's|a; b|"));
    }

    void localNames()
    {
        char name[256] = {};
        ::gethostname(name, sizeof name - 1);
        for (const std::string& local :
             std::vector<std::string>{"", "localhost", "127.0.0.1", "127.0.1.1", "::1", name}) {
            QVERIFY2(tree::Spawner::isLocal(local), local.c_str());
        }
        for (const std::string& other :
             std::vector<std::string>{"node-b", "10.0.0.1", "128.0.0.1", "fe80::1", "127.0.0"}) {
            QVERIFY2(!tree::Spawner::isLocal(other), other.c_str());
        }
    }

    void stopAllEndsAChildThatIgnoresSigterm()
    {
        QTemporaryDir dir;
        const QString ready = dir.filePath("ready");
        tree::Spawner spawner;
        QVERIFY(spawner.spawn(shell("trap '' TERM; echo > '" + ready.toStdString() +
                                    "'; while :; do sleep 0.1; done")));
        QVERIFY(waitUntil([&] { return QFile::exists(ready); }, std::chrono::seconds(10)));
        QElapsedTimer clock;
        clock.start();
        spawner.stopAll(); // SIGTERM, then after a few seconds SIGKILL
        QVERIFY2(clock.elapsed() < 20000, qPrintable(QString("%1 ms").arg(clock.elapsed())));
        QVERIFY(spawner.reapEnded().empty());
    }
};

QTEST_GUILESS_MAIN(TestSpawner)
#include "tst_spawner.moc"
