// What xylem-cli says when the file, the disk or another process is at fault: each message
// names the file and the cause, exits with the documented code (2 bad input, 1 the machine said
// no) and says what to do next; none is an "internal error", none is a crash.

#include "core/model/mpiruns.h"
#include "core/model/tracecsv.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/tracesimulator.h"
#include "tests/support/waituntil.h"

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;

namespace {

void execute(const QString& path, const std::string& sql)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadWrite);
    QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
    auto done = session->database().exec(sql);
    QVERIFY2(done.ok(), done ? "" : done.error().describe().c_str());
}

// A session whose run 1 holds MPI data (4 ranks, 10 allreduces).
QString mpiSession(const QTemporaryDir& dir, const QString& file)
{
    const QString path = dir.filePath(file);
    auto session = store::Session::create(path.toStdString());
    const MpiTrace trace = lateRankTrace(4, 2, 500, 10);
    const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
    if (!session || !store::importRun(session.value(), run.configuration, run.tuples,
                                      store::RunMetadata{"mpi", "", "test", "", ""})) {
        return {};
    }
    return store::addMpiTrace(session.value(), 1, trace) ? path : QString();
}

// A writer killed (SIGKILL, in a forked child) in the middle of a transaction that has spilled
// to the file: what it leaves is a hot -journal that only a writable connection rolls back.
bool leaveHotJournal(const QString& path)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        auto db = store::Database::open(path.toStdString(), store::Database::Mode::ReadWrite);
        if (db && db->exec("PRAGMA journal_mode=DELETE; PRAGMA cache_size=1; BEGIN IMMEDIATE; "
                           "UPDATE runs SET notes = 'half-written'; CREATE TABLE junk (x); "
                           "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                           "WHERE i < 2000) INSERT INTO junk SELECT randomblob(4000) FROM n")) {
            ::kill(::getpid(), SIGKILL);
        }
        ::_exit(1);
    }
    int status = 0;
    return pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
           QFileInfo(path + "-journal").size() > 0;
}

// dir/big.trace.csv: `calls` simulated calls of the two-hosts tree (six tuples each).
QString bigTrace(const QTemporaryDir& dir, std::int64_t calls)
{
    const Run example = exampleRun("two-hosts");
    const QString path = dir.filePath("big.trace.csv");
    SimulationSpec spec;
    spec.calls = calls;
    const auto tuples = simulateTrace(example.configuration, spec);
    writeFile(path, QByteArray::fromStdString(traceToCsv(tuples, example.configuration)));
    return path;
}

// A live writer, as a recording is: a forked child holding a new run open and appending a batch
// of 300 simulated tuples each time the test asks for one (a byte on its pipe), until it is
// killed or the pipe closes. The test says when the run grows instead of waiting for a pace.
struct LiveWriter
{
    pid_t pid = -1;
    int ask = -1; // write a byte: one more batch

    bool nextBatch() const { return ::write(ask, "b", 1) == 1; }
};

LiveWriter startLiveWriter(const QString& path)
{
    const Run example = exampleRun("two-hosts");
    SimulationSpec spec;
    spec.calls = 100000;
    const auto tuples = simulateTrace(example.configuration, spec);
    int pipeFds[2];
    if (::pipe(pipeFds) != 0) {
        return {};
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipeFds[1]);
        auto session = store::Session::openOrCreate(path.toStdString());
        auto writer =
            session ? store::RunWriter::begin(session.value(), example.configuration, {"live"})
                    : Result<store::RunWriter>(session.error());
        char asked = 0;
        for (size_t at = 0;
             writer && at + 300 <= tuples.size() && ::read(pipeFds[0], &asked, 1) == 1; at += 300) {
            if (!writer->append(std::span(tuples).subspan(at, 300))) {
                ::_exit(3);
            }
        }
        ::_exit(writer ? 0 : 2);
    }
    ::close(pipeFds[0]);
    return {pid, pipeFds[1]};
}

std::optional<store::RunInfo> runOne(const QString& path)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    auto info = session ? store::runInfo(session.value(), 1) : Result<store::RunInfo>(Error{});
    return info ? std::optional(info.value()) : std::nullopt;
}

bool alive(pid_t pid)
{
    int status = 0;
    return ::waitpid(pid, &status, WNOHANG) == 0;
}

bool noInternalError(const CliResult& r)
{
    return !r.err.contains("internal error") && r.exitCode >= 0;
}

} // namespace

class TestCliMessages : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void numberOverflowInATreeFileNamesTheFile()
    {
        QFile in(data("two-hosts.tree.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        text.replace("\"name\":", "\"size\": 1e999, \"name\":");
        const QString tree = m_dir.filePath("overflow.tree.json");
        writeFile(tree, text);
        const CliResult r =
            runCli({"analyze", "--tree", tree, "--trace", data("two-hosts.trace.csv")});
        QVERIFY2(noInternalError(r), qPrintable(r.err));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(tree + ": line 1, column ") &&
                     r.err.contains("the number 1e999 is too large for JSON"),
                 qPrintable(r.err));
    }

    // A run's tuple count is a number in the file: 2^31 once exhausted memory ("out of memory",
    // and a GUI that never answered), 2^62 threw from vector::reserve ("internal error").
    void absurdTupleCountIsDamageNamingTheRun_data()
    {
        QTest::addColumn<QString>("count");
        QTest::newRow("2^31") << "2147483648";
        QTest::newRow("2^62") << "4611686018427387904";
    }
    void absurdTupleCountIsDamageNamingTheRun()
    {
        QFETCH(QString, count);
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        execute(path, "UPDATE runs SET tuple_count = " + count.toStdString() + " WHERE id = 1");
        for (const QString command : {"analyze", "export"}) {
            QStringList args{command, "--session", path, "--run", "1"};
            args << (command == "export" ? QStringList{"--table", "threads"} : QStringList{});
            const CliResult r = runCli(args);
            QVERIFY2(noInternalError(r), qPrintable(r.err));
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(path + ": damaged: run 1 records " + count +
                                    " tuples but 18 are stored (use a copy of the session"),
                     qPrintable(r.err));
        }
    }

    void absurdMpiEventCountIsDamageNamingTheRun()
    {
        const QString path = mpiSession(m_dir, "events.xylem");
        QVERIFY(!path.isEmpty());
        execute(path, "UPDATE mpi_traces SET event_count = 4611686018427387904");
        const CliResult r = runCli({"analyze", "--session", path});
        QVERIFY2(noInternalError(r), qPrintable(r.err));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(path + ": run 1: holds 40 MPI events, expected "
                                       "4611686018427387904 (use a copy of the session"),
                 qPrintable(r.err));
    }

    void hotJournalOfAKilledWriterSuggestsRecover()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        QVERIFY(leaveHotJournal(path));
        for (const QString command : {"info", "analyze"}) {
            const CliResult r = runCli({command, "--session", path});
            QVERIFY2(noInternalError(r), qPrintable(r.err));
            QVERIFY2(r.exitCode == 1, qPrintable(r.err));
            QVERIFY2(r.err.contains(path + ": ") && r.err.contains("a writer stopped") &&
                         r.err.contains("-journal file") &&
                         r.err.contains("run 'xylem-cli recover --session "),
                     qPrintable(r.err));
        }
        const CliResult recovered = runCli({"recover", "--session", path});
        QVERIFY2(recovered.exitCode == 0, qPrintable(recovered.err));
        const CliResult info = runCli({"info", "--session", path, "--json"});
        QVERIFY2(info.exitCode == 0, qPrintable(info.err));
        QCOMPARE(parseJson(info.out)["runs"].size(), size_t(2));
        QVERIFY(!info.out.contains("half-written")); // rolled back
        QVERIFY(!QFileInfo::exists(path + "-journal"));
    }

    // RLIMIT_FSIZE refuses to grow the files past 2 MiB as a full disk would (SIGXFSZ ignored
    // through the shell, so that writes fail with EFBIG): the import keeps what it committed and
    // says how to close the cut-off run, on another disk if need be.
    void fullDiskSaysHowToRecoverElsewhere()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const QString trace = bigTrace(dir, 100000);
        QProcess p;
        p.start("sh",
                {"-c", "trap '' XFSZ; ulimit -f 4096; exec \"$0\" \"$@\"", XYLEM_CLI, "import",
                 "--tree", data("two-hosts.tree.json"), "--trace", trace, "-o", path});
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 1, qPrintable(err));
        QVERIFY2(err.contains(path + ": ") && err.contains("no room to write") &&
                     err.contains("everything committed before is kept") &&
                     err.contains("copy the session to a disk with room, then run "
                                  "'xylem-cli recover --session "),
                 qPrintable(err));
        const CliResult recovered = runCli({"recover", "--session", path});
        QVERIFY2(recovered.exitCode == 0, qPrintable(recovered.err));
        QVERIFY2(recovered.out.contains(path + ": recovered run 3"), qPrintable(recovered.out));
    }

    // Eight imports at once into a session that does not exist yet: one creates it, all eight
    // add their run (once one failed with "database is locked", "table meta already exists" or
    // "an empty SQLite database").
    void eightConcurrentImportsAllSucceed()
    {
        const QTemporaryDir dir;
        const QString trace = bigTrace(dir, 20000);
        const QString path = dir.filePath("together.xylem");
        std::vector<std::unique_ptr<QProcess>> imports;
        for (int i = 0; i < 8; ++i) {
            imports.push_back(std::make_unique<QProcess>());
            imports.back()->start(XYLEM_CLI, {"import", "--tree", data("two-hosts.tree.json"),
                                              "--trace", trace, "-o", path});
        }
        for (auto& p : imports) {
            QVERIFY(p->waitForFinished(120000));
            const QString err = QString::fromUtf8(p->readAllStandardError());
            QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0,
                     qPrintable(err));
        }
        const CliResult info = runCli({"info", "--session", path, "--json"});
        QCOMPARE(parseJson(info.out)["runs"].size(), size_t(8));
        QVERIFY(!QFileInfo::exists(path + "-lock")); // one file again
    }

    // The reviewer's reproduction: recover on a session still being recorded once marked the
    // live run interrupted and stalled its writer. Now it is refused at once and the writer goes
    // on; once the writer is killed, recover closes the run it left.
    void recoverRefusesWhileAWriterLivesAndWorksOnceItIsKilled()
    {
        const QTemporaryDir dir;
        const QString path = dir.filePath("live.xylem");
        const LiveWriter writer = startLiveWriter(path);
        QVERIFY(writer.pid > 0);
        const auto killWriter = qScopeGuard([writer] {
            ::close(writer.ask);
            ::kill(writer.pid, SIGKILL);
            ::waitpid(writer.pid, nullptr, 0);
        });
        QVERIFY(writer.nextBatch());
        QVERIFY(waitUntil([&] { return runOne(path) && runOne(path)->tuples > 0; },
                          std::chrono::seconds(30)));

        const CliResult refused = runCli({"recover", "--session", path});
        QVERIFY2(noInternalError(refused), qPrintable(refused.err));
        QVERIFY2(refused.exitCode == 1, qPrintable(refused.err));
        QVERIFY2(refused.err.contains(path + ": another process is writing this session (a "
                                             "recording under way?): wait until it has "
                                             "finished, or stop it, and try again"),
                 qPrintable(refused.err));
        const std::int64_t before = runOne(path)->tuples;
        QVERIFY(writer.nextBatch()); // the writer goes on after the refusal
        QVERIFY(waitUntil([&] { return runOne(path)->tuples > before; }, std::chrono::seconds(30)));
        QVERIFY(alive(writer.pid));
        QVERIFY(runOne(path)->status == store::RunStatus::Recording);

        ::kill(writer.pid, SIGKILL);
        QCOMPARE(::waitpid(writer.pid, nullptr, 0), writer.pid);
        const CliResult recovered = runCli({"recover", "--session", path});
        QVERIFY2(recovered.exitCode == 0, qPrintable(recovered.err));
        QVERIFY2(recovered.out.contains(path + ": recovered run 1 \"live\""),
                 qPrintable(recovered.out));
        QVERIFY(runOne(path)->status == store::RunStatus::Interrupted);
        QVERIFY(!QFileInfo::exists(path + "-lock"));
    }

    // No collector attaches: record waits its minute and then fails as the machine's (exit 1),
    // naming the address file, the hosts that never came and the command their owners run; it
    // once exited 2, bad input, though nothing the user typed was wrong.
    void attachTimeOutIsAFailureNamingWhoDidNotCome()
    {
        const QTemporaryDir dir;
        const QString config = dir.filePath("gsum.tree.json");
        writeFile(config, runCli({"generate", "--hosts", "2", "--threads", "2"}).out.toUtf8());
        const QString address = dir.filePath("tree.address");
        QProcess record;
        record.start(XYLEM_CLI, {"record", "--attach", address, "--config", config, "--duration",
                                 "2s", "-o", dir.filePath("a.xylem")});
        QVERIFY(record.waitForFinished(180000));
        const QString err = QString::fromUtf8(record.readAllStandardError());
        QCOMPARE(record.exitStatus(), QProcess::NormalExit);
        QVERIFY2(record.exitCode() == 1, qPrintable(err));
        QVERIFY2(err.contains(address +
                              ": 2 of 2 collectors (h0, h1) did not attach within 60 s: "
                              "run 'xylem-collector --attach " +
                              address +
                              " --host H --ring-prefix P' on each of the program's "
                              "nodes, then record again"),
                 qPrintable(err));
    }

    // The reviewer's reproduction: the README offers a run without MPI data to Vampir through
    // export --otf2, and import refused that archive ("no MPI locations"). It now comes back as
    // the same run: the same analysis, tuple for tuple.
    void otf2ExportOfARunWithoutMpiDataImportsBack()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const QString archive = dir.filePath("vampir");
        const CliResult exported =
            runCli({"export", "--session", path, "--run", "1", "--otf2", archive});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        const QString back = dir.filePath("back.xylem");
        const CliResult imported = runCli({"import", archive + "/traces.otf2", "-o", back});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        QVERIFY2(
            imported.out.contains(
                back + ": run 1 \"two hosts, three threads\": 18 tuples, 3 calls, 0 incomplete"),
            qPrintable(imported.out));
        const auto analysis = [](const QString& session) {
            return runCli({"analyze", "--session", session, "--run", "1", "--json"}).out;
        };
        QCOMPARE(analysis(back), analysis(path));
        const auto trace = [&](const QString& session, const QString& file) {
            const CliResult r = runCli({"export", "--session", session, "--run", "1", "--tree",
                                        dir.filePath(file + ".tree.json"), "--trace",
                                        dir.filePath(file + ".trace.csv")});
            QFile f(dir.filePath(file + ".trace.csv"));
            return r.exitCode == 0 && f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        QCOMPARE(trace(back, "back"), trace(path, "original"));
    }
};

QTEST_GUILESS_MAIN(TestCliMessages)
#include "tst_climessages.moc"
