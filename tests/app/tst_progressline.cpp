// The command line's progress line (issue 20): its text, its throttling to four lines a
// second, its erasing, and silence off a terminal. Then xylem-cli import of a big trace run
// on a pseudo-terminal draws "import: N %" and erases it; through a pipe its stderr is empty.

#include "app/cli/progressline.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"
#include "tests/support/tracesimulator.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::cli;
using namespace std::chrono_literals;

namespace {

// Runs argv on a new pseudo-terminal (stdout and stderr both on it); returns what it wrote,
// or "timeout" after 60 s (the child is killed).
QByteArray runOnTerminal(const QStringList& argv, int* status)
{
    std::vector<std::string> args;
    for (const QString& a : argv) {
        args.push_back(a.toStdString());
    }
    int master = -1;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
    if (pid == 0) {
        std::vector<char*> c;
        for (std::string& a : args) {
            c.push_back(a.data());
        }
        c.push_back(nullptr);
        ::execv(c[0], c.data());
        ::_exit(127);
    }
    QByteArray out;
    if (pid < 0) {
        return out;
    }
    const QDeadlineTimer deadline(60s);
    char buffer[4096];
    for (;;) {
        pollfd p{master, POLLIN, 0};
        if (deadline.hasExpired()) {
            ::kill(pid, SIGKILL);
            out = "timeout";
            break;
        }
        if (::poll(&p, 1, 200) <= 0) {
            continue;
        }
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n <= 0) {
            break; // EIO once the child has gone and closed the terminal
        }
        out.append(buffer, n);
    }
    ::close(master);
    ::waitpid(pid, status, 0);
    return out;
}

} // namespace

class TestProgressLine : public QObject
{
    Q_OBJECT

private slots:
    void formatsCountsAndPercent()
    {
        QCOMPARE(formatCount(0), std::string("0"));
        QCOMPARE(formatCount(950), std::string("950"));
        QCOMPARE(formatCount(12'345), std::string("12 k"));
        QCOMPARE(formatCount(1'200'000), std::string("1.2 M"));
        QCOMPARE(formatCount(999'999), std::string("1.0 M"));
        QCOMPARE(formatCount(2'700'000'000), std::string("2.7 G"));
        QCOMPARE(formatProgress("import", 1'215'000, 2'700'000, "tuples"),
                 std::string("import: 45 % (1.2 M of 2.7 M tuples)"));
        QCOMPARE(formatProgress("export", 5, 0, "tuples"), std::string("export: 5 tuples"));
        QCOMPARE(formatProgress("x", 7, 5, "t"), std::string("x: 100 % (7 of 5 t)"));
    }

    void drawsAtMostFourTimesASecondAndErases()
    {
        std::ostringstream out;
        const auto t0 = ProgressLine::Clock::time_point{} + 1h;
        {
            ProgressLine line(out, true, "import", "tuples");
            line.update(20, 100, t0 + 300ms); // the first at once
            QCOMPARE(out.str(), std::string("\r\x1b[Kimport: 20 % (20 of 100 tuples)"));
            line.update(30, 100, t0 + 400ms); // within 250 ms of the last line
            line.update(40, 100, t0 + 549ms);
            QCOMPARE(line.linesDrawn(), 1);
            line.update(50, 100, t0 + 550ms);
            QCOMPARE(line.linesDrawn(), 2);
            for (int ms = 560; ms < 1560; ms += 10) { // 100 updates in a second: four lines
                line.update(ms / 20, 100, t0 + std::chrono::milliseconds(ms));
            }
            QCOMPARE(line.linesDrawn(), 6);
        }
        // Gone with the line: erased so the command's own output starts clean.
        const std::string text = out.str();
        QVERIFY(text.ends_with("\r\x1b[K"));
        QVERIFY(text.find('\n') == std::string::npos);
    }

    void silentOffATerminal()
    {
        std::ostringstream out;
        const auto t0 = ProgressLine::Clock::time_point{} + 1h;
        {
            ProgressLine line(out, false, "import", "tuples");
            line.update(50, 100, t0 + 1s);
            line.callback()(60, 100);
            QCOMPARE(line.linesDrawn(), 0);
        }
        QCOMPARE(out.str(), std::string());
        // A stream that is not std::cerr is never taken for the terminal.
        std::ostringstream err;
        ProgressLine other = ProgressLine::onStderr(err, "import", "tuples");
        other.update(1, 2, ProgressLine::Clock::now() + 1h);
        QCOMPARE(other.linesDrawn(), 0);
        // Off a terminal the store gets no callback at all: it works as without one.
        if (::isatty(STDERR_FILENO) != 1) {
            QVERIFY(!progressOnStderr("import", "tuples"));
        }
    }

    void importShowsTheLineOnATerminalOnly()
    {
        QTemporaryDir dir;
        const auto config = generateTree(TreeSpec{"big", parseHostList("8").value(), 4,
                                                  TreeShape::HierarchyAware, 2, RootKind::Core})
                                .value();
        testing::SimulationSpec spec;
        spec.calls = 20'000;
        const auto tuples = testing::simulateTrace(config, spec);
        QVERIFY2(tuples.size() > 800'000, qPrintable(QString::number(tuples.size())));
        const QString tree = dir.filePath(QStringLiteral("big.tree.json"));
        const QString trace = dir.filePath(QStringLiteral("big.trace.csv"));
        QFile t(tree), c(trace);
        QVERIFY(t.open(QIODevice::WriteOnly) && c.open(QIODevice::WriteOnly));
        t.write(QByteArray::fromStdString(configurationToJson(config)));
        c.write(QByteArray::fromStdString(traceToCsv(tuples, config)));
        t.close();
        c.close();
        const QStringList args{QStringLiteral("import"),
                               QStringLiteral("--tree"),
                               tree,
                               QStringLiteral("--trace"),
                               trace,
                               QStringLiteral("--session")};

        int status = -1;
        const QByteArray shown = runOnTerminal(QStringList{QStringLiteral(XYLEM_CLI)} + args +
                                                   QStringList{dir.filePath("a.xylem")},
                                               &status);
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, shown.constData());
        QVERIFY2(shown.contains("import: ") && shown.contains(" % ("), shown.constData());
        QVERIFY2(shown.contains("\r\x1b[K") && shown.contains(" tuples, "), shown.constData());
        // The summary comes after the erased line, at the start of its own line.
        QVERIFY(shown.lastIndexOf("\r\x1b[K") < shown.indexOf(": run 1 "));

        QProcess piped;
        piped.start(QStringLiteral(XYLEM_CLI), args + QStringList{dir.filePath("b.xylem")});
        QVERIFY(piped.waitForFinished(60'000));
        QCOMPARE(piped.exitCode(), 0);
        QCOMPARE(piped.readAllStandardError(), QByteArray());
        QVERIFY(piped.readAllStandardOutput().contains(": run 1 "));
    }
};

QTEST_MAIN(TestProgressLine)
#include "tst_progressline.moc"
