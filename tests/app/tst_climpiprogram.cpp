// xylem-cli mpi leaves the program as the user knows it (issue 21, part 3): a real mpirun of
// xylem-mpiloop, wrapped in a shell script that writes lines before and after it on both
// streams and exits with a chosen code. Its standard output and error reach xylem-cli's in the
// order each rank wrote them; its exit code is xylem-cli's, after what it recorded is stored;
// SIGINT to xylem-cli goes to the program and the recording is kept, its notes saying it was
// interrupted; a second SIGINT ends things in time; no collector noise about rings half made.
// Wrong input is named: a program that is no MPI program (exit code kept), a launcher that is
// missing or refuses an option, a rank that dies.

#include "core/model/mpitrace.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>

#include <csignal>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kRanks = 2;

QStringList mpirun(int ranks, const QStringList& program)
{
    return QStringList{"--",         "mpirun", "--allow-run-as-root", "--oversubscribe",
                       "-np",        QString::number(ranks)} +
           program;
}

// sh WRAPPER EXIT_RANK EXIT_CODE LOOP_ARGS...: lines on both streams around xylem-mpiloop, then
// EXIT_CODE from rank EXIT_RANK (after MPI_Finalize: what it recorded is complete).
QString writeWrapper(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("wrapper.sh");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return {};
    }
    f.write(QByteArray("#!/bin/sh\n"
                       "r=${OMPI_COMM_WORLD_RANK:-0}\n"
                       "exit_rank=$1; exit_code=$2; shift 2\n"
                       "echo \"out first of rank $r\"\n"
                       "echo \"err first of rank $r\" >&2\n"
                       "echo \"out second of rank $r\"\n"
                       "\"") +
            XYLEM_MPILOOP +
            "\" \"$@\" || exit $?\n"
            "echo \"out last of rank $r\"\n"
            "echo \"err last of rank $r\" >&2\n"
            "if [ \"$r\" = \"$exit_rank\" ]; then exit \"$exit_code\"; fi\n"
            "exit 0\n");
    f.close();
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    return path;
}

// The lines of text that contain `marker`, in order.
QStringList linesWith(const QString& text, const QString& marker)
{
    QStringList lines;
    for (const QString& line : text.split('\n')) {
        if (line.contains(marker)) {
            lines << line.trimmed();
        }
    }
    return lines;
}

std::int64_t callsIn(const QString& session, std::int64_t run)
{
    auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
    if (!opened) {
        return -1;
    }
    auto trace = store::mpiTrace(opened.value(), run);
    return trace ? static_cast<std::int64_t>(trace->events.size()) : -1;
}

std::string notesOf(const QString& session, std::int64_t run)
{
    auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
    if (!opened) {
        return "(no session)";
    }
    auto info = store::runInfo(opened.value(), run);
    return info ? info->metadata.notes : "(no run)";
}

void noRingNoise(const QString& err)
{
    QVERIFY2(!err.contains("not a Xylem ring") && !err.contains("ring header") &&
                 !err.contains("refused /dev/shm"),
             qPrintable(err));
}

// Runs xylem-cli with stdout and stderr on a terminal (a pseudo-terminal), as a user at a shell
// does; what the terminal received, and the exit code (-1 after `seconds`). ctrlCWhen: once
// what was received matches it, Ctrl-C is typed (the terminal sends SIGINT to its foreground
// process group).
std::pair<QByteArray, int> runOnTerminal(const QStringList& args, int seconds,
                                         const QRegularExpression& ctrlCWhen = {})
{
    bool typed = false;
    std::vector<std::string> words{XYLEM_CLI};
    for (const QString& a : args) {
        words.push_back(a.toStdString());
    }
    std::vector<char*> argv;
    for (std::string& w : words) {
        argv.push_back(w.data());
    }
    argv.push_back(nullptr);
    int terminal = -1;
    const pid_t pid = ::forkpty(&terminal, nullptr, nullptr, nullptr);
    if (pid == 0) {
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    char buffer[4096];
    while (pid > 0 && clock.elapsed() < seconds * 1000) {
        pollfd p{terminal, POLLIN, 0};
        if (::poll(&p, 1, 200) > 0) {
            const ssize_t n = ::read(terminal, buffer, sizeof buffer);
            if (n <= 0) {
                break; // EIO: every writer closed the terminal
            }
            seen.append(buffer, n);
            if (!typed && !ctrlCWhen.pattern().isEmpty() &&
                ctrlCWhen.match(QString::fromUtf8(seen)).hasMatch()) {
                typed = ::write(terminal, "\x03", 1) == 1;
            }
        }
    }
    int status = 0;
    bool reaped = pid <= 0;
    // The terminal closes a moment before the process ends.
    const auto left = std::max<qint64>(0, seconds * 1000 - clock.elapsed());
    reaped = reaped || xylem::testing::waitUntil(
                           [&] { return ::waitpid(pid, &status, WNOHANG) != 0; },
                           std::chrono::milliseconds(left));
    if (!reaped) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        status = -1;
    }
    ::close(terminal);
    return {seen, status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

// What a terminal shows of what it received: each line's text after its last carriage return,
// without the erase-to-end sequence.
QStringList shownLines(const QByteArray& received)
{
    QStringList shown;
    for (QByteArray line : received.split('\n')) {
        line.replace("\x1b[K", "");
        line.chop(line.endsWith('\r') ? 1 : 0);
        shown << QString::fromUtf8(line.mid(line.lastIndexOf('\r') + 1));
    }
    return shown;
}

} // namespace

class TestCliMpiProgram : public QObject
{
    Q_OBJECT

private slots:
    // Each rank's lines arrive on the stream it wrote them to, in its order; xylem-cli's own
    // summary follows on stdout. Without a terminal Xylem writes no status while it runs.
    void theProgramsOutputReachesTheTerminalInOrder()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("out.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun(kRanks, {writeWrapper(dir), "-1", "0", "--iterations",
                                              "20"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        for (int rank = 0; rank < kRanks; ++rank) {
            const QString of = QStringLiteral("of rank %1").arg(rank);
            QCOMPARE(linesWith(r.out, of),
                     QStringList({"out first " + of, "out second " + of, "out last " + of}));
            QCOMPARE(linesWith(r.err, of), QStringList({"err first " + of, "err last " + of}));
        }
        QVERIFY2(r.out.contains(QRegularExpression("mpiloop: 20 iterations on 2 ranks")),
                 qPrintable(r.out));
        // The program's last line comes before Xylem's summary.
        QVERIFY(r.out.indexOf("mpiloop: 20 iterations") < r.out.indexOf("stored as run 1"));
        QVERIFY2(!r.err.contains("tuples gathered"), qPrintable(r.err));
        noRingNoise(r.err);
        QVERIFY(callsIn(session, 1) > 0);
    }

    // On a terminal, Xylem's status line is drawn and steps aside: every program line is shown
    // whole, none cut by the status, and no status is left on the screen at the end.
    void theStatusLineNeverCutsAProgramLine()
    {
        QTemporaryDir dir;
        const auto [received, code] = runOnTerminal(
            QStringList{"mpi", "-o", dir.filePath("terminal.xylem")} +
                mpirun(kRanks, {writeWrapper(dir), "-1", "0", "--iterations", "20000"}),
            90);
        QVERIFY2(code == 0, received.constData());
        QVERIFY2(received.contains("\r\x1b[Kmpi: "), received.constData()); // the status, drawn
        const QStringList shown = shownLines(received);
        for (int rank = 0; rank < kRanks; ++rank) {
            const QString of = QStringLiteral("of rank %1").arg(rank);
            QStringList lines;
            for (const QString& line : shown) {
                if (line.contains(of)) {
                    lines << line;
                }
            }
            QVERIFY2(lines.size() == 5, qPrintable(shown.join('\n')));
            for (const QString& line : lines) {
                QVERIFY2(QRegularExpression("^(out|err) (first|second|last) " + of + "$")
                             .match(line)
                             .hasMatch(),
                         qPrintable(line));
            }
        }
        for (const QString& line : shown) {
            QVERIFY2(!line.contains("tuples gathered"), qPrintable(shown.join('\n')));
        }
        QVERIFY2(shown.join('\n').contains("stored as run 1"), qPrintable(shown.join('\n')));
    }

    // Ctrl-C typed at the terminal reaches xylem-cli alone (the program runs in a group of its
    // own), which passes it to mpirun: the ranks end and what they recorded is stored.
    void ctrlCAtTheTerminalKeepsTheRecording()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("typed.xylem");
        const auto [received, code] = runOnTerminal(
            QStringList{"mpi", "-o", session} +
                mpirun(kRanks, {XYLEM_MPILOOP, "--iterations", "100000000"}),
            90, QRegularExpression("mpi: [1-9][0-9.]* ?[kMG]? tuples gathered"));
        QVERIFY2(code > 0, received.constData()); // mpirun's, interrupted
        QVERIFY2(received.contains("mpi: interrupted (Ctrl-C)"), received.constData());
        QVERIFY2(received.contains("stored as run 1"), received.constData());
        QVERIFY(callsIn(session, 1) > 0);
        const std::string notes = notesOf(session, 1);
        QVERIFY2(notes.find("interrupted by the user") != std::string::npos, notes.c_str());
    }

    // A rank that exits 3 after MPI_Finalize: mpirun exits 3, and so does xylem-cli, after the
    // recording is stored (complete, since every rank finished).
    void theProgramsExitCodeIsXylemsExitCode()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("exit.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun(kRanks, {writeWrapper(dir), "1", "3", "--iterations",
                                              "10"}));
        QVERIFY2(r.exitCode == 3, qPrintable(QString::number(r.exitCode) + r.out + r.err));
        QVERIFY2(r.out.contains("stored as run 1"), qPrintable(r.out));
        QVERIFY2(r.err.contains("exited with code 3; what it recorded is stored as run 1"),
                 qPrintable(r.err));
        QVERIFY(callsIn(session, 1) > 0);
        noRingNoise(r.err);
        // A signal's death is 128 + the signal, as shells give it.
        const auto killed = runCli({"mpi", "-o", dir.filePath("signal.xylem"), "--", "/bin/sh",
                                    "-c", "kill -TERM $$"});
        QCOMPARE(killed.exitCode, 128 + SIGTERM);
        QVERIFY2(killed.err.contains("killed by signal 15"), qPrintable(killed.err));
    }

    // SIGINT to xylem-cli (Ctrl-C) goes to mpirun, which ends the ranks; what they recorded is
    // stored and its notes say the run was interrupted.
    void ctrlCGoesToTheProgramAndTheRecordingIsKept()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("interrupted.xylem");
        QProcess cli;
        cli.start(QStringLiteral(XYLEM_CLI),
                  QStringList{"mpi", "--status-lines", "-o", session} +
                      mpirun(kRanks, {XYLEM_MPILOOP, "--iterations", "100000000"}));
        QVERIFY(cli.waitForStarted(10000));
        // The status lines say when calls arrive: then interrupt.
        QElapsedTimer clock;
        clock.start();
        QByteArray err;
        while (!QRegularExpression("mpi: [1-9][0-9.]* ?[kMG]? tuples gathered")
                    .match(QString::fromUtf8(err))
                    .hasMatch() &&
               clock.elapsed() < 30000) {
            cli.waitForReadyRead(200);
            err += cli.readAllStandardError();
        }
        QVERIFY2(clock.elapsed() < 30000, err.constData());
        ::kill(static_cast<pid_t>(cli.processId()), SIGINT);
        QVERIFY2(cli.waitForFinished(60000), "a Ctrl-C ends the recording in time");
        err += cli.readAllStandardError();
        const QString out = QString::fromUtf8(cli.readAllStandardOutput());
        QVERIFY2(cli.exitStatus() == QProcess::NormalExit, err.constData());
        QVERIFY2(cli.exitCode() != 0, qPrintable(out + err)); // the program's, interrupted
        QVERIFY2(err.contains("mpi: interrupted (Ctrl-C)"), err.constData());
        QVERIFY2(err.contains("interrupted: the MPI program"), err.constData());
        QVERIFY2(out.contains("stored as run 1"), qPrintable(out + err));
        QVERIFY(callsIn(session, 1) > 0);
        const std::string notes = notesOf(session, 1);
        QVERIFY2(notes.find("interrupted by the user") != std::string::npos, notes.c_str());
        noRingNoise(QString::fromUtf8(err));
    }

    // A program that ignores the first SIGINT still ends at the second, in bounded time, and
    // leaves nothing behind in its process group.
    void aSecondCtrlCEndsAProgramThatIgnoresTheFirst()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath("still-running");
        QProcess cli;
        cli.start(QStringLiteral(XYLEM_CLI),
                  {"mpi", "--status-lines", "-o", dir.filePath("stubborn.xylem"), "--",
                   "/bin/sh", "-c",
                   "trap '' INT; echo started; (trap '' INT TERM; sleep 300) & wait"});
        QVERIFY(cli.waitForStarted(10000));
        QElapsedTimer clock;
        clock.start();
        QByteArray out;
        while (!out.contains("started") && clock.elapsed() < 20000) {
            cli.waitForReadyRead(200);
            out += cli.readAllStandardOutput();
        }
        QVERIFY2(out.contains("started"), out.constData());
        const auto pid = static_cast<pid_t>(cli.processId());
        ::kill(pid, SIGINT);
        QVERIFY(!cli.waitForFinished(1500)); // ignored by the program: still recording
        clock.restart();
        ::kill(pid, SIGINT);
        QVERIFY2(cli.waitForFinished(20000), "the second Ctrl-C ends it");
        QVERIFY2(clock.elapsed() < 15000, qPrintable(QString::number(clock.elapsed())));
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(err.contains("mpi: ending the program"), qPrintable(err));
        QVERIFY2(err.contains("recorded no MPI call"), qPrintable(err));
        // The sleep that ignored SIGTERM was killed with its group: no orphan. A SIGKILLed process
        // may take a moment to be gone from the table on a loaded machine (seen once in a full
        // ctest run): asked again until it is, for at most 5 s.
        const auto sleepAlive = [] {
            QProcess ps;
            ps.start("ps", {"-eo", "args"});
            return !ps.waitForFinished(10000) ||
                   QString::fromUtf8(ps.readAllStandardOutput()).contains("sleep 300");
        };
        QVERIFY(QTest::qWaitFor([&] { return !sleepAlive(); }, 5000));
    }

    // xylem-cli killed with SIGKILL mid-run (nothing of it can clean up): mpirun gets SIGTERM
    // as its parent dies and ends the ranks; none is left running.
    void noRankOutlivesAKilledXylem()
    {
        QTemporaryDir dir;
        const QString marker = "100000007"; // this test's ranks, told apart by their arguments
        QProcess cli;
        // Its scratch folder, which it cannot remove when killed, goes with the test's.
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TMPDIR", dir.path());
        cli.setProcessEnvironment(environment);
        cli.start(QStringLiteral(XYLEM_CLI),
                  QStringList{"mpi", "--status-lines", "-o", dir.filePath("killed.xylem")} +
                      mpirun(kRanks, {XYLEM_MPILOOP, "--iterations", marker}));
        QVERIFY(cli.waitForStarted(10000));
        QElapsedTimer clock;
        clock.start();
        QByteArray err;
        while (!QRegularExpression("mpi: [1-9][0-9.]* ?[kMG]? tuples gathered")
                    .match(QString::fromUtf8(err))
                    .hasMatch() &&
               clock.elapsed() < 30000) {
            cli.waitForReadyRead(200);
            err += cli.readAllStandardError();
        }
        const auto pid = static_cast<pid_t>(cli.processId());
        const QString prefix = QStringLiteral("xylem-mpi-%1-").arg(pid);
        ::kill(pid, SIGKILL);
        QVERIFY(cli.waitForFinished(10000));
        const auto ranksLeft = [&marker] {
            QProcess ps;
            ps.start("ps", {"-eo", "args"});
            ps.waitForFinished(10000);
            int n = 0;
            for (const QString& line : QString::fromUtf8(ps.readAllStandardOutput()).split('\n')) {
                n += line.contains("xylem-mpiloop") && line.contains(marker) ? 1 : 0;
            }
            return n;
        };
        QVERIFY(xylem::testing::waitUntil([&] { return ranksLeft() == 0; },
                                          std::chrono::seconds(20), std::chrono::milliseconds(200)));
        // Their collector ends with its lifeline, too: it reads the rings of this run's prefix.
        const auto collectorsLeft = [&prefix] {
            QProcess ps;
            ps.start("ps", {"-eo", "args"});
            ps.waitForFinished(10000);
            int n = 0;
            for (const QString& line : QString::fromUtf8(ps.readAllStandardOutput()).split('\n')) {
                n += line.contains("xylem-collector") && line.contains(prefix) ? 1 : 0;
            }
            return n;
        };
        QVERIFY(xylem::testing::waitUntil([&] { return collectorsLeft() == 0; },
                                          std::chrono::seconds(20), std::chrono::milliseconds(100)));
        // What no process is left to remove: the rings of the killed run.
        for (const QString& ring : QDir("/dev/shm").entryList({prefix + "*"})) {
            QFile::remove("/dev/shm/" + ring);
        }
    }

    // Not an MPI program: its output and exit code are the user's, and Xylem says it recorded
    // nothing and why; under mpirun too.
    void aProgramThatIsNoMpiProgramIsNamed()
    {
        QTemporaryDir dir;
        const auto r = runCli({"mpi", "-o", dir.filePath("true.xylem"), "--", "/bin/true"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("true exited with code 0 but recorded no MPI call: it is no MPI "
                                "program Xylem can see"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("true.xylem"))); // made for nothing: removed
        const auto three = runCli({"mpi", "-o", dir.filePath("three.xylem"), "--", "/bin/sh", "-c",
                                   "echo hello; exit 3"});
        QCOMPARE(three.exitCode, 3);
        QCOMPARE(three.out.trimmed(), QStringLiteral("hello"));
        QVERIFY2(three.err.contains("exited with code 3 and recorded no MPI call"),
                 qPrintable(three.err));
        const auto echo = runCli(QStringList{"mpi", "-o", dir.filePath("echo.xylem")} +
                                 mpirun(kRanks, {"/bin/echo", "not MPI"}));
        QCOMPARE(echo.exitCode, 0);
        QCOMPARE(linesWith(echo.out, "not MPI").size(), qsizetype(kRanks));
        QVERIFY2(echo.err.contains("echo exited with code 0 but recorded no MPI call"),
                 qPrintable(echo.err));
        noRingNoise(echo.err);
    }

    // A launcher that is missing is named before anything runs (exit 2, nothing made); one
    // that refuses an option says so itself (its message passes through), and Xylem names it.
    void aLauncherThatFailsIsNamed()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("launcher.xylem");
        const auto missing = runCli({"mpi", "-o", session, "--", "no-such-mpirun", "-np", "2",
                                     XYLEM_MPILOOP});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("cannot run 'no-such-mpirun': no such program on $PATH"),
                 qPrintable(missing.err));
        QVERIFY(!QFile::exists(session));
        const auto bad = runCli({"mpi", "-o", session, "--", "mpirun", "--allow-run-as-root",
                                 "--no-such-option", "-np", "2", XYLEM_MPILOOP});
        QVERIFY2(bad.exitCode != 0, qPrintable(bad.err));
        QVERIFY2(bad.err.contains("no-such-option"), qPrintable(bad.err)); // mpirun's own words
        QVERIFY2(bad.err.contains(QRegularExpression(
                     "mpirun exited with code [1-9][0-9]* and its ranks recorded no MPI call")),
                 qPrintable(bad.err));
    }

    // A rank killed with SIGKILL: mpirun's message names the rank and its node, Xylem says what
    // it stored, and the exit code is mpirun's.
    void aRankThatDiesIsNamed()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("died.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", session} +
                              mpirun(kRanks, {XYLEM_MPILOOP, "--iterations", "100000000",
                                              "--kill-rank", "1", "--kill-after", "20"}));
        QVERIFY2(r.exitCode > 0, qPrintable(QString::number(r.exitCode) + r.err));
        QVERIFY2(r.err.contains(QRegularExpression("rank 1 .*signal 9")), qPrintable(r.err));
        QVERIFY2(r.err.contains("what it recorded is stored as run 1"), qPrintable(r.err));
        QVERIFY(callsIn(session, 1) > 0);
        noRingNoise(r.err);
    }
};

QTEST_GUILESS_MAIN(TestCliMpiProgram)
#include "tst_climpiprogram.moc"
