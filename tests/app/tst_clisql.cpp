// `xylem-cli sql S.xylem "SELECT ..."`: the decoded tuples, calls and MPI events as tables whose
// counts are those of info and analyze, MPI events row for row as export --table gives them,
// joins with the session's own tables, JSON rows; a write, two statements, ATTACH and a syntax
// error refused by name with the file unchanged; a damaged chunk named; --dump as a plain
// SQLite file.

#include "core/store/sqlitedatabase.h"
#include "tests/app/clisessiontest.h"
#include "tests/app/mpiexamplesession.h"

#include <QCryptographicHash>
#include <QFileInfo>

using namespace xylem;
using namespace xylem::testing;

namespace {

QByteArray digest(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
               : QByteArray();
}

// The single value of a one-row, one-column CSV answer.
QString scalar(const CliResult& r)
{
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    return r.exitCode == 0 && lines.size() == 2
               ? lines[1]
               : "exit " + QString::number(r.exitCode) + ": " + r.err;
}

} // namespace

class TestCliSql : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_session; // run 1 two-hosts, run 2 flat-mpi
    QString m_mpi;     // run 1 with MPI data, run 2 without

private slots:
    void initTestCase()
    {
        m_session = examplesSession(m_dir);
        m_mpi = mpiExampleSession(m_dir, "mpi");
        QVERIFY(!m_session.isEmpty() && !m_mpi.isEmpty());
    }

    void countsMatchInfoAndAnalyze()
    {
        const auto info = parseJson(runCli({"info", m_session, "--json"}).out);
        QCOMPARE(info["runs"].size(), size_t(2));
        for (const auto& run : info["runs"]) {
            const QString id = QString::number(run["id"].get<int>());
            const auto analyzed =
                parseJson(runCli({"analyze", "--session", m_session, "--run", id, "--json"}).out);
            const QString tuples = scalar(
                runCli({"sql", m_session, "SELECT COUNT(*) FROM tuples WHERE run_id = " + id}));
            const QString calls = scalar(
                runCli({"sql", m_session, "SELECT COUNT(*) FROM calls WHERE run_id = " + id}));
            QCOMPARE(tuples, QString::number(run["tuples"].get<int>()));
            QCOMPARE(calls, QString::number(run["calls"].get<int>()));
            QCOMPARE(calls, QString::number(analyzed["calls"].get<int>()));
        }
        // Without a run, every run's rows (18 + 14 tuples); by collector as a user would ask.
        QCOMPARE(scalar(runCli({"sql", m_session, "SELECT COUNT(*) FROM tuples"})), QString("32"));
        // run_id compares as an INTEGER column does: '2' is run 2, 'x' no run.
        QCOMPARE(
            scalar(runCli({"sql", m_session, "SELECT COUNT(*) FROM tuples WHERE run_id = '2'"})),
            QString("14"));
        QCOMPARE(
            scalar(runCli({"sql", m_session, "SELECT COUNT(*) FROM tuples WHERE run_id = 'x'"})),
            QString("0"));
        const CliResult r = runCli({"sql", "--session", m_session,
                                    "SELECT collector, COUNT(*) FROM tuples WHERE run_id = 2 "
                                    "GROUP BY collector ORDER BY collector"});
        QCOMPARE(r.out, QString("collector,COUNT(*)\nrank0,4\nrank1,4\nrank2,3\nrank3,3\n"));
    }

    void callsJoinTheSessionsTables()
    {
        const CliResult r = runCli(
            {"sql", m_session,
             "SELECT r.name, c.seq, c.operation_time_ns, c.slowest_thread FROM calls c JOIN runs "
             "r ON r.id = c.run_id WHERE c.run_id = 1 ORDER BY c.seq",
             "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto rows = parseJson(r.out);
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0]["name"].get<std::string>(), std::string("two hosts"));
        QCOMPARE(rows[0]["operation_time_ns"].get<std::int64_t>(), std::int64_t(12000));
        QCOMPARE(rows[0]["slowest_thread"].get<std::string>(), std::string("T2"));
        // The same figures as export --table calls.
        const CliResult table =
            runCli({"export", "--session", m_session, "--run", "1", "--table", "calls"});
        const CliResult same = runCli({"sql", m_session,
                                       "SELECT seq, start_ns, operation_time_ns, "
                                       "slowest_thread_time_ns, slowest_thread FROM calls WHERE "
                                       "run_id = 1 ORDER BY seq"});
        QCOMPARE(same.out, table.out);
    }

    void mpiEventsAsExportGivesThem()
    {
        QCOMPARE(scalar(runCli({"sql", m_mpi, "SELECT COUNT(*) FROM mpi_events"})), QString("40"));
        QCOMPARE(scalar(runCli({"sql", m_mpi, "SELECT COUNT(*) FROM mpi_events WHERE run_id = 2"})),
                 QString("0"));
        const CliResult table =
            runCli({"export", "--session", m_mpi, "--run", "1", "--table", "mpi_events"});
        const CliResult sql = runCli({"sql", m_mpi,
                                      "SELECT rank, call, communicator, seq, enter_ns, exit_ns, "
                                      "partner, tag, bytes, completes FROM mpi_events "
                                      "WHERE run_id = 1"});
        QVERIFY2(sql.exitCode == 0, qPrintable(sql.err));
        QCOMPARE(sql.out, table.out);
        // Who entered last, per call: the late rank 2 every time.
        QCOMPARE(scalar(runCli({"sql", m_mpi,
                                "SELECT group_concat(DISTINCT rank) FROM mpi_events e WHERE "
                                "enter_ns = (SELECT max(enter_ns) FROM mpi_events WHERE seq = "
                                "e.seq)"})),
                 QString("2"));
    }

    void writesAndOtherFilesAreRefused_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("complaint");
        QTest::newRow("delete") << "DELETE FROM runs"
                                << "only read-only statements are run";
        QTest::newRow("update") << "UPDATE runs SET name = 'x'"
                                << "only read-only statements";
        QTest::newRow("drop") << "DROP TABLE runs"
                              << "only read-only statements";
        QTest::newRow("temp table") << "CREATE TEMP TABLE t AS SELECT 1"
                                    << "only read-only statements";
        QTest::newRow("pragma write") << "PRAGMA user_version = 9"
                                      << "only read-only statements";
        QTest::newRow("two statements") << "SELECT 1; DELETE FROM runs"
                                        << "one statement at a time";
        QTest::newRow("attach") << "ATTACH 'other.db' AS o"
                                << "ATTACH and DETACH are refused";
        QTest::newRow("syntax") << "SELEC * FROM runs"
                                << "near \"SELEC\": syntax error";
        QTest::newRow("unknown table") << "SELECT * FROM tuple"
                                       << "no such table: tuple";
    }

    void writesAndOtherFilesAreRefused()
    {
        QFETCH(QString, sql);
        QFETCH(QString, complaint);
        const QByteArray before = digest(m_session);
        const QDateTime modified = QFileInfo(m_session).lastModified();
        const CliResult r = runCli({"sql", m_session, sql});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(complaint), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        QCOMPARE(digest(m_session), before);
        QCOMPARE(QFileInfo(m_session).lastModified(), modified);
        QVERIFY(!QFileInfo::exists(QFileInfo(m_session).dir().filePath("other.db")));
        QVERIFY(!QFileInfo::exists("other.db"));
    }

    void damagedChunkIsNamed()
    {
        const QString copy = m_dir.filePath("damaged.xylem");
        QVERIFY(QFile::copy(m_session, copy));
        {
            auto db = store::Database::open(copy.toStdString(), store::Database::Mode::ReadWrite);
            QVERIFY(db);
            // A flipped byte in the payload of run 1's first tuple chunk: its CRC no longer holds.
            QVERIFY(db->exec("UPDATE tuple_chunks SET data = substr(data, 1, 20) || "
                             "X'FF' || substr(data, 22) WHERE id = (SELECT min(id) FROM "
                             "tuple_chunks)"));
        }
        const CliResult r = runCli({"sql", copy, "SELECT COUNT(*) FROM tuples"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("tuple_chunks row"), qPrintable(r.err));
        // The tables that do not read it still answer.
        QCOMPARE(scalar(runCli({"sql", copy, "SELECT COUNT(*) FROM calls"})), QString("6"));
    }

    void dumpIsAPlainSqliteFile()
    {
        const QByteArray before = digest(m_mpi);
        const QString dump = m_dir.filePath("dump.db");
        const CliResult r = runCli({"sql", m_mpi, "--dump", dump});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("2 runs, 200 tuples, 20 calls, 40 MPI events"), qPrintable(r.out));
        QCOMPARE(digest(m_mpi), before);
        {
            // Opened as any SQLite file, without Xylem's tables registered.
            auto db = store::Database::open(dump.toStdString(), store::Database::Mode::ReadOnly);
            QVERIFY(db);
            QCOMPARE(db->queryInt("SELECT COUNT(*) FROM mpi_events WHERE run_id = 1").value(),
                     std::int64_t(40));
            QCOMPARE(db->queryInt("SELECT COUNT(*) FROM tuples WHERE run_id = 2").value(),
                     std::int64_t(100)); // 4 ranks and 6 derived gred edges, 10 calls
            QCOMPARE(db->queryInt("SELECT COUNT(*) FROM calls").value(), std::int64_t(20));
            QCOMPARE(db->queryInt("SELECT tuples FROM runs WHERE id = 1").value(),
                     std::int64_t(100));
        }
        // Nothing is overwritten.
        const QByteArray dumped = digest(dump);
        const CliResult again = runCli({"sql", m_mpi, "--dump", dump});
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains("exists already"), qPrintable(again.err));
        QCOMPARE(digest(dump), dumped);
    }

    void tablesAreListed()
    {
        const CliResult r = runCli({"sql", m_session, "--tables"});
        QCOMPARE(r.exitCode, 0);
        for (const char* table : {"tuples(run_id", "calls(run_id", "mpi_events(run_id"}) {
            QVERIFY2(r.out.contains(table), qPrintable(r.out));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliSql)
#include "tst_clisql.moc"
