// xylem-cli repair: a session written before the calls were assembled exactly (a late collector
// lost calls: fewer stored calls, more incomplete ones, summaries without them) gets the calls
// its tuples make back; runs already right are left as they were, runs still recording alone.

#include "core/store/derived.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"
#include "tests/app/clisessiontest.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr std::int64_t kCalls = 20000;
constexpr std::int64_t kKeptCalls = 2 * 4096; // what the old writer kept of them: two chunks

// A session whose run 1 reads as the old writer left it: the calls of its first chunks only,
// the rest counted incomplete, no call summaries; and run 2, written right.
bool writeOldSession(const std::string& path)
{
    auto session = store::Session::create(path);
    const Configuration config = makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
    const auto tuples = simulateTrace(config, {.calls = kCalls, .seed = 3});
    if (!session || !store::importRun(session.value(), config, tuples, {"late collector"}) ||
        !store::importRun(session.value(), config, std::span(tuples).first(800), {"right"})) {
        return false;
    }
    auto& db = session->database();
    return db.exec("DELETE FROM call_chunks WHERE run_id = 1 AND id > (SELECT min(id) + 1 FROM "
                   "call_chunks WHERE run_id = 1)")
               .ok() &&
           db.exec("UPDATE runs SET call_count = (SELECT sum(call_count) FROM call_chunks WHERE "
                   "run_id = 1), incomplete_calls = 20000 - (SELECT sum(call_count) FROM "
                   "call_chunks WHERE run_id = 1) WHERE id = 1")
               .ok() &&
           db.exec("DELETE FROM summaries WHERE run_id = 1 AND series < 0").ok();
}

std::int64_t storedCalls(const std::string& path, std::int64_t run)
{
    auto session = store::Session::open(path, store::OpenMode::ReadOnly);
    if (!session) {
        return -1;
    }
    auto calls = store::loadCalls(session.value(), run);
    return calls ? static_cast<std::int64_t>(calls->size()) : -1;
}

} // namespace

class TestCliRepair : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void repairGivesBackTheCallsOfTheTuples()
    {
        const std::string path = m_dir.filePath("old.xylem").toStdString();
        QVERIFY(writeOldSession(path));
        QCOMPARE(storedCalls(path, 1), kKeptCalls);
        const CliResult r = runCli({"repair", "--session", QString::fromStdString(path)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("run 1 \"late collector\": 8192 -> 20000 calls, 11808 -> 0 "
                                "incomplete, rebuilt from"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("run 2 \"right\": 100 calls, 0 incomplete: unchanged"),
                 qPrintable(r.out));
        QCOMPARE(storedCalls(path, 1), kCalls);
        auto session = store::Session::open(path, store::OpenMode::ReadOnly);
        QCOMPARE(store::runInfo(session.value(), 1)->calls, kCalls);
        QCOMPARE(store::runInfo(session.value(), 1)->incompleteCalls, 0);
        QCOMPARE(session->database()
                         .queryInt("SELECT count(*) FROM summaries WHERE run_id = 1 AND series < 0")
                         .value() > 0,
                 true); // the operation and slowest-thread series are back
    }

    void oneRunOrNoneThatIsRecording()
    {
        const std::string path = m_dir.filePath("one.xylem").toStdString();
        QVERIFY(writeOldSession(path));
        {
            auto session = store::Session::open(path, store::OpenMode::ReadWrite);
            const Configuration config = makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
            QVERIFY(store::RunWriter::begin(session.value(), config, {"still recording"}).ok());
        }
        const QString p = QString::fromStdString(path);
        CliResult r = runCli({"repair", "--session", p, "--run", "2"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.out.contains("run 1"));
        QCOMPARE(storedCalls(path, 1), kKeptCalls); // not asked for
        r = runCli({"repair", "--session", p, "--run", "3"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("run 3 is still recording"), qPrintable(r.err));
        r = runCli({"repair", "--session", p});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("run 1") && r.out.contains("run 2") && !r.out.contains("run 3"));
    }

    // A recording holds the session: repair waits for no one and changes nothing.
    void refusedWhileTheSessionIsBeingWritten()
    {
        const std::string path = m_dir.filePath("busy.xylem").toStdString();
        QVERIFY(writeOldSession(path));
        auto writing = store::Session::open(path, store::OpenMode::ReadWrite);
        QVERIFY(writing.ok());
        const CliResult r = runCli({"repair", "--session", QString::fromStdString(path)});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("another process is writing this session"), qPrintable(r.err));
        QCOMPARE(storedCalls(path, 1), kKeptCalls);
    }
};

QTEST_MAIN(TestCliRepair)
#include "tst_clirepair.moc"
