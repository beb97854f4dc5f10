// The node daemons' leveled logs (collectors/nodelog/nodelog.h), through xylem-collector and
// xylem-gsum as processes: info and warnings with UTC times and levels by default, --quiet
// keeps warnings and errors only, --verbose adds debug lines, and stderr connected to the
// journal ($JOURNAL_STREAM naming it) gives sd-daemon "<N>" priorities without times, while a
// $JOURNAL_STREAM naming another stream is ignored. The collector's lines come from rings it
// finds (info) and refuses (a warning: writable by others).

#include "collectors/nodelog/nodelog.h"
#include "collectors/ring/ringwriter.h"
#include "tests/support/ringprefix.h"
#include "tests/support/waituntil.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <optional>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace xylem;

namespace {

const QRegularExpression
    kTimestamped(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[(debug|info|warning|error)\] )");

QString readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// "DEVICE:INODE" of a file, as systemd sets $JOURNAL_STREAM for the stream it gives a service.
QString streamOf(const QString& path)
{
    struct stat st = {};
    if (::stat(path.toLocal8Bit().constData(), &st) != 0) {
        return {};
    }
    return QString("%1:%2").arg(st.st_dev).arg(st.st_ino);
}

std::optional<ring::RingWriter> makeRing(const std::string& prefix, const char* label)
{
    auto writer = ring::RingWriter::create(
        {prefix, 64, BufferPolicy::FillRead, ClockKind::Monotonic, "tst", label});
    if (!writer) {
        qWarning("%s", writer.error().describe().c_str());
        return std::nullopt;
    }
    writer->push(1, 1, 2, 1, 2, 0);
    return std::move(writer).value();
}

// Runs xylem-collector over a ring it adopts and one it refuses, until the refusal (a warning,
// logged whatever the level) is in its log, then stops it; its whole log.
QString collectorLog(const QStringList& extra, const QString& journalStream, bool matchJournal)
{
    testing::RingPrefix prefix("nodelog");
    auto own = makeRing(prefix.prefix(), "own");
    auto writable = makeRing(prefix.prefix(), "writable");
    if (!own || !writable) {
        return "no rings";
    }
    const int fd = ::shm_open(writable->name().c_str(), O_RDWR, 0);
    if (fd < 0 || ::fchmod(fd, 0622) != 0) {
        return "cannot open the ring up";
    }
    ::close(fd);
    QTemporaryDir dir;
    const QString logFile = dir.filePath("collector.log");
    QFile(logFile).open(QIODevice::WriteOnly); // made first: its inode goes into the variable
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("JOURNAL_STREAM");
    if (!journalStream.isEmpty()) {
        env.insert("JOURNAL_STREAM", matchJournal ? streamOf(logFile) : journalStream);
    }
    p.setProcessEnvironment(env);
    p.setStandardInputFile(QProcess::nullDevice());
    p.setStandardErrorFile(logFile, QIODevice::Append);
    p.start(XYLEM_COLLECTOR, QStringList{"--socket", dir.filePath("c.sock"), "--ring-prefix",
                                         QString::fromStdString(prefix.prefix()), "--host", "A",
                                         "--tick-ms", "20", "--sample-period-ms", "0"} +
                                 extra);
    p.waitForStarted(10000);
    const bool refused = testing::waitUntil([&] { return readFile(logFile).contains("refused "); },
                                            std::chrono::seconds(10));
    // One more scan for the adopted ring's line, which comes in the same scan or the next.
    testing::waitUntil([&] { return readFile(logFile).contains("found ring"); },
                       std::chrono::milliseconds(500));
    p.terminate();
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(10000);
    }
    const QString log = readFile(logFile);
    return refused ? log : "never refused the writable ring; its log:\n" + log;
}

QStringList linesOf(const QString& log)
{
    return log.split('\n', Qt::SkipEmptyParts);
}

} // namespace

class TestNodeLog : public QObject
{
    Q_OBJECT

private slots:
    void defaultIsInfoWithTimes();
    void quietKeepsWarnings();
    void verboseAddsDebug();
    void journalGetsPriorities();
    void anotherStreamIsNoJournal();
    void gsumErrorsPassQuiet();
    void prefixesComeOff();
};

void TestNodeLog::defaultIsInfoWithTimes()
{
    const QString log = collectorLog({}, {}, false);
    for (const QString& line : linesOf(log)) {
        QVERIFY2(kTimestamped.match(line).hasMatch(), qPrintable("untimed line: " + line));
    }
    QVERIFY2(log.contains(QRegularExpression(R"(\[info\] xylem-collector: listening on )")),
             qPrintable(log));
    QVERIFY2(
        log.contains(QRegularExpression(R"(\[info\] xylem-collector: found ring /\S+ \(own, )")),
        qPrintable(log));
    QVERIFY2(log.contains(QRegularExpression(
                 R"(\[warning\] xylem-collector: refused /dev/shm/\S+: writable by its group)")),
             qPrintable(log));
    QVERIFY2(!log.contains("[debug]"), qPrintable(log));
}

void TestNodeLog::quietKeepsWarnings()
{
    const QString log = collectorLog({"--quiet"}, {}, false);
    QVERIFY2(log.contains("[warning] xylem-collector: refused "), qPrintable(log));
    QVERIFY2(!log.contains("[info]") && !log.contains("[debug]"), qPrintable(log));
    QVERIFY2(!log.contains("listening on") && !log.contains("found ring"), qPrintable(log));
}

void TestNodeLog::verboseAddsDebug()
{
    const QString log = collectorLog({"--verbose"}, {}, false);
    QVERIFY2(log.contains("[debug] xylem-collector: options: socket "), qPrintable(log));
    QVERIFY2(log.contains("[debug] xylem-collector: stopping on SIGTERM"), qPrintable(log));
    QVERIFY2(log.contains("[info] xylem-collector: listening on "), qPrintable(log));
    QVERIFY2(log.contains("[warning] xylem-collector: refused "), qPrintable(log));
}

void TestNodeLog::journalGetsPriorities()
{
    const QString log = collectorLog({"--verbose"}, "match", true);
    for (const QString& line : linesOf(log)) {
        QVERIFY2(QRegularExpression(R"(^<[3-7]>xylem-collector: )").match(line).hasMatch(),
                 qPrintable("not a journal line: " + line));
    }
    QVERIFY2(log.contains("<7>xylem-collector: options: socket "), qPrintable(log));
    QVERIFY2(log.contains("<6>xylem-collector: listening on "), qPrintable(log));
    QVERIFY2(log.contains("<6>xylem-collector: found ring "), qPrintable(log));
    QVERIFY2(log.contains("<4>xylem-collector: refused "), qPrintable(log));
}

void TestNodeLog::anotherStreamIsNoJournal()
{
    // Inherited from a service whose child redirected stderr: not the journal's stream.
    const QString log = collectorLog({}, "1:1", false);
    QVERIFY2(!log.contains("<6>"), qPrintable(log));
    QVERIFY2(
        log.contains(QRegularExpression(R"(^\d{4}-\S+Z \[info\] xylem-collector: listening on )",
                                        QRegularExpression::MultilineOption)),
        qPrintable(log));
}

void TestNodeLog::gsumErrorsPassQuiet()
{
    QTemporaryDir dir;
    for (const bool journal : {false, true}) {
        const QString logFile = dir.filePath(journal ? "journal.log" : "gsum.log");
        QFile(logFile).open(QIODevice::WriteOnly);
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("JOURNAL_STREAM");
        if (journal) {
            env.insert("JOURNAL_STREAM", streamOf(logFile));
        }
        p.setProcessEnvironment(env);
        p.setStandardInputFile(QProcess::nullDevice());
        p.setStandardErrorFile(logFile, QIODevice::Append);
        p.start(XYLEM_GSUM, {"run", "--quiet", "--host", "h0", "--rundir", dir.path(), "--config",
                             dir.filePath("missing.tree.json")});
        QVERIFY(p.waitForFinished(20000));
        const QString log = readFile(logFile);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(log.contains("missing.tree.json"), qPrintable(log));
        if (journal) {
            QVERIFY2(log.startsWith("<3>xylem-gsum: "), qPrintable(log));
        } else {
            QVERIFY2(log.contains(QRegularExpression(R"(^\d{4}-\S+Z \[error\] xylem-gsum: )")),
                     qPrintable(log));
        }
    }
}

void TestNodeLog::prefixesComeOff()
{
    using nodelog::withoutLogPrefix;
    QCOMPARE(withoutLogPrefix("2026-11-26T08:10:00.123Z [error] xylem-gsum: host h1: gone"),
             std::string_view("xylem-gsum: host h1: gone"));
    QCOMPARE(withoutLogPrefix("<4>xylem-collector: refused x"),
             std::string_view("xylem-collector: refused x"));
    // Lines of others (ssh's) stay whole.
    QCOMPARE(withoutLogPrefix("ssh: connect to host h2 port 22: Connection refused"),
             std::string_view("ssh: connect to host h2 port 22: Connection refused"));
    QCOMPARE(withoutLogPrefix("<html>"), std::string_view("<html>"));
    QCOMPARE(nodelog::thresholdOf(false, false), nodelog::Level::Info);
    QCOMPARE(nodelog::thresholdOf(true, false), nodelog::Level::Debug);
    QCOMPARE(nodelog::thresholdOf(false, true), nodelog::Level::Warning);
    QCOMPARE(nodelog::thresholdOf(true, true), nodelog::Level::Warning);
}

QTEST_GUILESS_MAIN(TestNodeLog)
#include "tst_nodelog.moc"
