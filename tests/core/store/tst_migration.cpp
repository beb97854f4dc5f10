// A format-1 session, made by hand with SQLite alone (the DDL below is what Xylem 0.1's first
// format wrote), opens in this Xylem: upgraded in place, analysed exactly as from the files.

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/model/configurationjson.h"
#include "core/store/mpistore.h"
#include "core/store/mpitreeadapt.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/schema.h"
#include "core/store/session.h"
#include "core/store/storetables.h"
#include "core/store/timeline.h"
#include "core/store/tuplecodec.h"
#include "tests/support/jsoncompare.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

constexpr const char* kFormat1 = R"sql(
PRAGMA application_id = 1482247245;
PRAGMA user_version = 1;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, configuration TEXT NOT NULL, recorded_at TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '', notes TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'recording' CHECK (status IN ('recording', 'complete', 'interrupted')),
    tuple_count INTEGER NOT NULL DEFAULT 0, first_ns INTEGER, last_ns INTEGER);
CREATE TABLE tuple_chunks (
    id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    tuple_count INTEGER NOT NULL, first_ns INTEGER NOT NULL, last_ns INTEGER NOT NULL, data BLOB NOT NULL);
CREATE INDEX tuple_chunks_by_time ON tuple_chunks(run_id, first_ns);
INSERT INTO meta VALUES ('created_by', 'Xylem 0.1 (format 1)');
)sql";

// Writes the example as run `id`, its tuples split into two chunks.
void addRun(sqlite3* db, int id, const Run& run)
{
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(
        db,
        "INSERT INTO runs (id, name, configuration, recorded_at, status, tuple_count) "
        "VALUES (?, ?, ?, '2025-01-01T00:00:00Z', 'complete', ?)",
        -1, &stmt, nullptr);
    const std::string config = configurationToJson(run.configuration);
    sqlite3_bind_int(stmt, 1, id);
    sqlite3_bind_text(stmt, 2, run.configuration.name().c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 3, config.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 4, static_cast<sqlite3_int64>(run.tuples.size()));
    QCOMPARE(sqlite3_step(stmt), SQLITE_DONE);
    sqlite3_finalize(stmt);
    const size_t half = run.tuples.size() / 2;
    for (const auto part :
         {std::span(run.tuples).first(half), std::span(run.tuples).subspan(half)}) {
        std::vector<std::uint8_t> bytes;
        encodeTupleChunk(part, bytes);
        sqlite3_prepare_v2(db,
                           "INSERT INTO tuple_chunks (run_id, tuple_count, first_ns, last_ns, "
                           "data) VALUES (?, ?, 0, 0, ?)",
                           -1, &stmt, nullptr);
        sqlite3_bind_int(stmt, 1, id);
        sqlite3_bind_int64(stmt, 2, static_cast<sqlite3_int64>(part.size()));
        sqlite3_bind_blob(stmt, 3, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
        QCOMPARE(sqlite3_step(stmt), SQLITE_DONE);
        sqlite3_finalize(stmt);
    }
}

void makeFormat1File(const std::string& path)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, kFormat1, nullptr, nullptr, nullptr), SQLITE_OK);
    addRun(db, 1, testing::exampleRun("two-hosts"));
    addRun(db, 2, testing::exampleRun("flat-mpi"));
    sqlite3_close(db);
}

// A format-2 file with both examples: format 3 only added the MPI tables, so a current session
// without them and marked version 2 is exactly what Xylem's format 2 wrote.
void makeFormat2File(const std::string& path)
{
    {
        Session s = storetest::sessionWithExamples(path);
    }
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db,
                          "DROP TABLE mpi_traces; DROP TABLE mpi_ranks; DROP TABLE "
                          "mpi_communicators; DROP TABLE mpi_event_chunks; DROP TABLE "
                          "mpi_clock_samples; DROP TABLE mpi_tree_edges; DROP TABLE "
                          "mpi_tree_adapt; DROP TABLE mpi_tree_adapt_blocks; DROP TABLE "
                          "mpi_tree_switches; PRAGMA user_version = 2;",
                          nullptr, nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
}

// A format-3 file with both examples, run 1 holding MPI data: format 4 only added
// mpi_tree_edges, so a current session without it and marked version 3 is what format 3 wrote.
void makeFormat3File(const std::string& path)
{
    {
        Session s = storetest::sessionWithExamples(path);
        QVERIFY(addMpiTrace(s, 1, testing::lateRankTrace(4, 2, 500, 3)).ok());
    }
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db,
                          "DROP TABLE mpi_tree_edges; DROP TABLE mpi_tree_adapt; DROP TABLE "
                          "mpi_tree_adapt_blocks; DROP TABLE mpi_tree_switches; PRAGMA "
                          "user_version = 3;",
                          nullptr, nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
}

// A format-4 file: both examples, run 1 holding MPI data through Xylem's tree (its edges).
// Format 5 only added the tables of --adapt's tuner, so a current session without them and
// marked version 4 is what format 4 wrote.
void makeFormat4File(const std::string& path, const MpiTrace& trace)
{
    {
        Session s = storetest::sessionWithExamples(path);
        QVERIFY(addMpiTrace(s, 1, trace).ok());
    }
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db,
                          "DROP TABLE mpi_tree_adapt; DROP TABLE mpi_tree_adapt_blocks; DROP "
                          "TABLE mpi_tree_switches; PRAGMA user_version = 4;",
                          nullptr, nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
}

// Three ranks on one host in a chain 2 -> 1 -> 0 of Xylem's tree, one Allreduce.
MpiTrace chainTrace()
{
    MpiTrace t;
    t.referenceHost = "A";
    t.ranks = {{0, "A", ""}, {1, "A", ""}, {2, "A", ""}};
    t.communicators = {{0, "MPI_COMM_WORLD", {0, 1, 2}}};
    for (int r = 0; r < 3; ++r) {
        MpiEvent e;
        e.rank = r;
        e.enter = 10 * r;
        e.exit = 100;
        e.call = MpiCall::Allreduce;
        t.events.push_back(e);
    }
    t.treeEdges.push_back({25, 90, 0, 2, 1, 0, MpiCall::Allreduce, false});
    t.treeEdges.push_back({30, 95, 0, 1, 0, 0, MpiCall::Allreduce, false});
    return t;
}

} // namespace

class TestMigration : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void format1OpensUpgradedAndAnalysesAsFromFiles()
    {
        const std::string p = m_dir.filePath("v1.xylem").toStdString();
        makeFormat1File(p);
        auto session = Session::open(p, OpenMode::ReadOnly);
        QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
        QCOMPARE(session->formatVersion(), kCurrentFormat);
        QVERIFY(session->upgradedFrom().has_value());
        QCOMPARE(*session->upgradedFrom(), 1);
        QVERIFY(!session->writable()); // the caller still gets the read-only session it asked for

        auto runs = listRuns(session.value());
        QCOMPARE(runs->size(), size_t(2));
        QCOMPARE(runs->at(1).calls, 3); // derived by the upgrade
        QCOMPARE(runs->at(1).incompleteCalls, 1);
        QCOMPARE(runs->at(0).tuples, 18);
        QCOMPARE(*runs->at(0).firstNs, 1000);
        for (const auto& [id, name] : {std::pair{1, "two-hosts"}, std::pair{2, "flat-mpi"}}) {
            auto run = loadRun(session.value(), id);
            QVERIFY(run.ok());
            const auto expected =
                nlohmann::json::parse(testing::readTestFile(std::string(name) + ".expected.json"));
            const auto actual = nlohmann::json::parse(reportToJson(analyze(run.value())).dump());
            QCOMPARE(testing::jsonDifferences(expected, actual).size(), size_t(0));
        }
        auto overview = timelineOverview(session.value(), 1, kOperationSeries, 100);
        QVERIFY(overview.ok());
        std::int64_t calls = 0;
        for (const TimelineBucket& b : overview->buckets) {
            calls += b.count;
        }
        QCOMPARE(calls, 3);
    }

    void upgradeHappensOnceAndKeepsTheData()
    {
        const std::string p = m_dir.filePath("v1-twice.xylem").toStdString();
        makeFormat1File(p);
        {
            auto first = Session::open(p, OpenMode::ReadWrite);
            QVERIFY(first.ok());
            QCOMPARE(*first->upgradedFrom(), 1);
        }
        auto second = Session::open(p, OpenMode::ReadOnly);
        QVERIFY(second.ok());
        QVERIFY(!second->upgradedFrom());
        auto meta = second->database().prepare("SELECT value FROM meta WHERE key = 'created_by'");
        QVERIFY(meta.value().step().value());
        QCOMPARE(meta.value().columnText(0), std::string("Xylem 0.1 (format 1)"));
    }

    void format2GainsMpiTablesAndKeepsItsRuns()
    {
        const std::string p = m_dir.filePath("v2.xylem").toStdString();
        makeFormat2File(p);
        auto session = Session::open(p, OpenMode::ReadWrite);
        QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
        QCOMPARE(session->formatVersion(), kCurrentFormat);
        QCOMPARE(*session->upgradedFrom(), 2);
        auto runs = listRuns(session.value());
        QCOMPARE(runs->size(), size_t(2));
        QCOMPARE(runs->at(0).tuples, 18);
        QVERIFY(!hasMpiTrace(session.value(), 1).value());
        const MpiTrace trace = testing::lateRankTrace(4, 2, 500, 3);
        QVERIFY(addMpiTrace(session.value(), 1, trace).ok());
        QCOMPARE(mpiTrace(session.value(), 1)->events.size(), size_t(12));
    }

    void format3GainsTreeEdgesAndKeepsItsMpiData()
    {
        const std::string p = m_dir.filePath("v3.xylem").toStdString();
        makeFormat3File(p);
        auto session = Session::open(p, OpenMode::ReadWrite);
        QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
        QCOMPARE(session->formatVersion(), kCurrentFormat);
        QCOMPARE(*session->upgradedFrom(), 3);
        // The run stored before has its MPI data as it was, and no edges.
        auto old = mpiTrace(session.value(), 1);
        QVERIFY2(old.ok(), old ? "" : old.error().describe().c_str());
        QCOMPARE(old->events.size(), size_t(12));
        QVERIFY(old->treeEdges.empty());
        QCOMPARE(session->database().queryInt("SELECT count(*) FROM mpi_tree_edges").value(),
                 std::int64_t(0));
        // A --tree run stored now keeps its edges.
        const MpiTrace chain = chainTrace();
        QVERIFY(addMpiTrace(session.value(), 2, chain).ok());
        QCOMPARE(mpiTrace(session.value(), 2)->treeEdges.size(), size_t(2));
        // And the upgrade happened once.
        session = Session::open(p, OpenMode::ReadOnly);
        QVERIFY(session.ok());
        QVERIFY(!session->upgradedFrom());
        QCOMPARE(mpiTrace(session.value(), 2)->treeEdges.size(), size_t(2));
    }

    void format4GainsTunerTablesAndKeepsItsTree()
    {
        const std::string p = m_dir.filePath("v4.xylem").toStdString();
        const MpiTrace chain = chainTrace();
        makeFormat4File(p, chain);
        auto session = Session::open(p, OpenMode::ReadWrite);
        QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
        QCOMPARE(kCurrentFormat, 5);
        QCOMPARE(session->formatVersion(), 5);
        QCOMPARE(*session->upgradedFrom(), 4);
        // The runs, the MPI data and the tree's edges stored before are as they were.
        auto runs = listRuns(session.value());
        QCOMPARE(runs->size(), size_t(2));
        QCOMPARE(runs->at(0).tuples, 18);
        auto old = mpiTrace(session.value(), 1);
        QVERIFY2(old.ok(), old ? "" : old.error().describe().c_str());
        QCOMPARE(old->events, chain.events);
        QCOMPARE(old->treeEdges.size(), size_t(2));
        // The new tables are there and empty: no run of format 4 was adapted.
        for (const char* table : {"mpi_tree_adapt", "mpi_tree_adapt_blocks", "mpi_tree_switches"}) {
            QCOMPARE(
                session->database().queryInt(std::string("SELECT count(*) FROM ") + table).value(),
                std::int64_t(0));
        }
        QVERIFY(!mpiTreeAdapt(session.value(), 1)->has_value());
        // A run adapted now keeps its record.
        MpiTreeAdapt adapt;
        adapt.candidates = {"native", "flat"};
        adapt.block = 1;
        adapt.rounds = 1;
        adapt.settled = "flat";
        adapt.switches = {{0, 0, "native", false}, {2, 0, "flat", true}};
        QVERIFY(addMpiTreeAdapt(session.value(), 1, adapt, chain).ok());
        session = Session::open(p, OpenMode::ReadOnly);
        QVERIFY(session.ok());
        QVERIFY(!session->upgradedFrom());
        QCOMPARE(*mpiTreeAdapt(session.value(), 1).value(), adapt);
        QCOMPARE(mpiTreeSwitches(session.value(), 1)->at(1).startNs,
                 std::optional<std::int64_t>(0));
    }

    void readOnlyFormat1FileSaysWhatToDo()
    {
        const std::string p = m_dir.filePath("v1-readonly.xylem").toStdString();
        makeFormat1File(p);
        std::filesystem::permissions(p, std::filesystem::perms::owner_read |
                                            std::filesystem::perms::others_read);
        std::filesystem::permissions(m_dir.path().toStdString(), std::filesystem::perms::all);
        const auto check = [&] {
            auto session = Session::open(p, OpenMode::ReadOnly);
            if (session || session.error().code != ErrorCode::ReadOnly) {
                return 10;
            }
            return session.error().describe().find("must be upgraded") != std::string::npos ? 0
                                                                                            : 11;
        };
        const int status = storetest::runningAsRoot() ? storetest::inChildProcess([&] {
            return storetest::dropPrivileges() ? check() : 20;
        })
                                                      : check();
        QCOMPARE(status, 0);
    }
};

QTEST_APPLESS_MAIN(TestMigration)
#include "tst_migration.moc"
