// core/model/lifeline.h: a child learns that its parent ended by reading the end of a pipe only
// the parent holds. The watch calls back once on that end (not on data, not after it is
// stopped); $XYLEM_LIFELINE_FD is taken only when it names a pipe; and a child spawned with
// a lifeline holds it and nothing else of its parent.

#include "core/model/lifeline.h"
#include "tests/support/waituntil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace xylem;
using xylem::testing::waitUntil;

namespace {

struct Pipe
{
    int read = -1, write = -1;
    Pipe(int flags = O_CLOEXEC)
    {
        int fds[2];
        if (::pipe2(fds, flags) == 0) {
            read = fds[0];
            write = fds[1];
        }
    }
    ~Pipe()
    {
        for (const int fd : {read, write}) {
            if (fd >= 0) {
                ::close(fd);
            }
        }
    }
    void closeWrite() { ::close(std::exchange(write, -1)); }
};

std::string readFile(const QString& path)
{
    std::ifstream in(path.toStdString());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace

class TestLifeline : public QObject
{
    Q_OBJECT

private slots:
    void watchCallsBackAtTheEndOnly()
    {
        Pipe pipe;
        std::atomic<int> calls{0};
        auto watch = LifelineWatch::start(pipe.read, [&] { ++calls; });
        QVERIFY(watch);
        QCOMPARE(::write(pipe.write, "token\n", 6), ssize_t(6)); // data is no end
        pipe.closeWrite();
        QVERIFY(waitUntil([&] { return calls > 0; }, std::chrono::seconds(10)));
        watch->reset();
        QCOMPARE(calls.load(), 1);
    }

    void stoppedWatchNeverCallsBack()
    {
        Pipe pipe;
        std::atomic<int> calls{0};
        auto watch = LifelineWatch::start(pipe.read, [&] { ++calls; });
        QVERIFY(watch);
        watch->reset(); // returns although the parent lives on
        pipe.closeWrite();
        QCOMPARE(calls.load(), 0);
    }

    void inheritedLifelineIsAPipeOnly_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("taken");
        QTest::newRow("a pipe") << "pipe" << true;
        QTest::newRow("a file") << "file" << false;
        QTest::newRow("not a number") << "text" << false;
        QTest::newRow("no such descriptor") << "closed" << false;
    }

    void inheritedLifelineIsAPipeOnly()
    {
        QFETCH(QString, kind);
        QFETCH(bool, taken);
        Pipe pipe(0); // as a child inherits it: not close-on-exec
        QTemporaryDir dir;
        const int file = ::open(dir.filePath("f").toLocal8Bit(), O_CREAT | O_RDWR, 0600);
        const int fd = kind == "pipe" ? pipe.read : kind == "file" ? file : 999;
        ::setenv(kLifelineVariable, kind == "text" ? "three" : std::to_string(fd).c_str(), 1);
        const auto lifeline = inheritedLifeline();
        ::close(file);
        QCOMPARE(lifeline.has_value(), taken);
        QVERIFY2(!std::getenv(kLifelineVariable), "the variable must not reach our children");
        if (taken) {
            QCOMPARE(*lifeline, pipe.read);
            QVERIFY(::fcntl(pipe.read, F_GETFD) & FD_CLOEXEC);
        }
    }

    // The child (sh listing its own descriptors) holds 0, 1, 2 and its lifeline at 3: not the
    // pipe this process opened without close-on-exec, nor the lifeline's other end.
    void childHoldsItsLifelineAndNothingElse()
    {
        QTemporaryDir dir;
        const QString listing = dir.filePath("fds");
        Pipe leaky(0);
        auto lifeline = Lifeline::make();
        QVERIFY(lifeline);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        lifeline->addSpawnActions(actions, kLifelineFd);
        // `exec >` redirects without keeping a copy of stdout in the shell.
        const std::string script = "exec > '" + listing.toStdString() + "'; ls /proc/$$/fd";
        const char* argv[] = {"/bin/sh", "-c", script.c_str(), nullptr};
        pid_t pid = -1;
        QCOMPARE(
            ::posix_spawn(&pid, "/bin/sh", &actions, nullptr, const_cast<char**>(argv), environ),
            0);
        posix_spawn_file_actions_destroy(&actions);
        lifeline->childStarted();
        int status = 0;
        QCOMPARE(::waitpid(pid, &status, 0), pid);
        std::istringstream lines(readFile(listing));
        std::set<int> fds;
        for (int fd = 0; lines >> fd;) {
            fds.insert(fd);
        }
        QCOMPARE(fds, (std::set<int>{0, 1, 2, kLifelineFd}));
    }
};

QTEST_GUILESS_MAIN(TestLifeline)
#include "tst_lifeline.moc"
