// Who may write a session (sessionlock.h): writers side by side, recover alone and refused at
// once while a writer lives, a killed writer's lock gone with it, no lock file left behind, and
// processes racing to create one session all writing to the same file.

#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "tests/support/testdata.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <csignal>
#include <optional>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

// A writer in a child process: it opens the session for writing, says so through the pipe and
// waits to be killed (at most a minute).
pid_t startWriter(const std::string& path)
{
    int ready[2];
    if (::pipe(ready) != 0) {
        return -1;
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(ready[0]);
        auto session = Session::open(path, OpenMode::ReadWrite);
        const char byte = session ? 'y' : 'n';
        [[maybe_unused]] auto n = ::write(ready[1], &byte, 1);
        ::pause(); // holds the session until the test kills it
        ::_exit(0);
    }
    ::close(ready[1]);
    char byte = 0;
    const bool opened = pid > 0 && ::read(ready[0], &byte, 1) == 1 && byte == 'y';
    ::close(ready[0]);
    return opened ? pid : -1;
}

void killWriter(pid_t pid)
{
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
}

} // namespace

class TestSessionLock : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string session(const QString& name)
    {
        const std::string p = m_dir.filePath(name).toStdString();
        (void)storetest::sessionWithExamples(p);
        return p;
    }

private slots:
    void writersShareAndRecoverIsAlone()
    {
        const std::string p = session("shared.xylem");
        {
            auto first = Session::open(p, OpenMode::ReadWrite);
            auto second = Session::open(p, OpenMode::ReadWrite);
            QVERIFY(first.ok() && second.ok());
            QVERIFY(QFileInfo::exists(QString::fromStdString(p + "-lock")));
            auto alone = Session::open(p, OpenMode::Exclusive);
            QVERIFY(!alone.ok());
            QCOMPARE(alone.error().code, ErrorCode::Busy);
            QCOMPARE(QString::fromStdString(alone.error().describe()),
                     QString::fromStdString(p) +
                         ": another process is writing this session (a recording under way?): "
                         "wait until it has finished, or stop it, and try again");
            QVERIFY(Session::open(p, OpenMode::ReadOnly).ok()); // readers take no lock
        }
        QVERIFY(!QFileInfo::exists(QString::fromStdString(p + "-lock"))); // one file again
        auto alone = Session::open(p, OpenMode::Exclusive);
        QVERIFY2(alone.ok(), alone ? "" : alone.error().describe().c_str());
        QVERIFY(alone->writable());
        QVERIFY(listRuns(alone.value()).ok());
    }

    void aKilledWriterLeavesNoLock()
    {
        const std::string p = session("killed.xylem");
        const pid_t writer = startWriter(p);
        QVERIFY(writer > 0);
        QCOMPARE(Session::open(p, OpenMode::Exclusive).error().code, ErrorCode::Busy);
        killWriter(writer);
        auto alone = Session::open(p, OpenMode::Exclusive);
        QVERIFY2(alone.ok(), alone ? "" : alone.error().describe().c_str());
    }

    void aWriterWaitsWhileRecoverHasTheSession()
    {
        const std::string p = session("waits.xylem");
        std::optional<Session> alone{Session::open(p, OpenMode::Exclusive).value()};
        QTimer::singleShot(300, [&] { alone.reset(); });
        QElapsedTimer clock;
        clock.start();
        // The timer fires from the event loop, which a blocking open would never reach: open
        // in a thread.
        std::optional<Result<Session>> writer;
        std::thread opener([&] { writer.emplace(Session::open(p, OpenMode::ReadWrite)); });
        QTRY_VERIFY_WITH_TIMEOUT(writer.has_value(), 20000);
        opener.join();
        QVERIFY2(writer->ok(), writer->ok() ? "" : writer->error().describe().c_str());
        QVERIFY(clock.elapsed() >= 250);
    }

    // Eight processes create one new session and add a run each: the first creates it, the
    // others open what it made (once: "table meta already exists", "an empty SQLite database").
    void racingCreatorsShareOneSession()
    {
        const Run run = testing::exampleRun("two-hosts");
        for (int round = 0; round < 5; ++round) {
            const std::string p = m_dir.filePath(QString("race%1.xylem").arg(round)).toStdString();
            std::vector<pid_t> children;
            for (int i = 0; i < 8; ++i) {
                const pid_t pid = ::fork();
                if (pid == 0) {
                    auto s = Session::openOrCreate(p);
                    if (!s) {
                        std::fprintf(stderr, "%s\n", s.error().describe().c_str());
                        ::_exit(3);
                    }
                    auto id = importRun(s.value(), run.configuration, run.tuples, {"r"});
                    ::_exit(id ? 0 : 4);
                }
                children.push_back(pid);
            }
            for (const pid_t pid : children) {
                int status = -1;
                QCOMPARE(::waitpid(pid, &status, 0), pid);
                QVERIFY(WIFEXITED(status));
                QCOMPARE(WEXITSTATUS(status), 0);
            }
            auto s = Session::open(p, OpenMode::ReadOnly);
            QVERIFY(s.ok());
            QCOMPARE(listRuns(s.value())->size(), size_t(8));
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionLock)
#include "tst_sessionlock.moc"
