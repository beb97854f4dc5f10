// The edges of Xylem's tree of a `--tree` recording where users query them (issue 24 item 1):
// `xylem-cli sql` shows them decoded as mpi_tree_edges_decoded, row for row as stored (the
// 4-rank binomial recording of tests/support/mpitracebuilder.h), joinable with mpi_events on
// (communicator, seq); a run without edges has none; `--dump` writes them into the plain file
// too; a damaged frame ends the query with an error naming the stored table.

#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "core/store/sqlitedatabase.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/mpitracebuilder.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <tuple>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kCalls = 5;

// Run 1 "tree": the binomial recording with its edges; run 2 "no edges": the same run's tuples
// and MPI events without them. Empty on failure.
QString treeSession(const QTemporaryDir& dir, const QString& file, const MpiTrace& trace)
{
    const QString path = dir.filePath(file);
    auto session = store::Session::create(path.toStdString());
    if (!session) {
        return {};
    }
    auto run = collectiveRun(trace, 0, MpiCall::Allreduce, RunShape::Hierarchy);
    if (!run) {
        qWarning("%s", run.error().describe().c_str());
        return {};
    }
    for (const char* name : {"tree", "no edges"}) {
        if (!store::importRun(session.value(), run->configuration, run->tuples,
                              store::RunMetadata{name, "", "test", "", ""})) {
            return {};
        }
    }
    MpiTrace withoutEdges = trace;
    withoutEdges.treeEdges.clear();
    if (!store::addMpiTrace(session.value(), 1, trace) ||
        !store::addMpiTrace(session.value(), 2, withoutEdges)) {
        return {};
    }
    return path;
}

// The single value of a one-row, one-column CSV answer.
QString scalar(const CliResult& r)
{
    const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
    return r.exitCode == 0 && lines.size() == 2
               ? lines[1]
               : "exit " + QString::number(r.exitCode) + ": " + r.err;
}

// The CSV the table must give for the trace's edges, in the stored (rank, down) order.
QString expectedCsv(std::vector<MpiTreeEdge> edges)
{
    std::sort(edges.begin(), edges.end(), [](const MpiTreeEdge& a, const MpiTreeEdge& b) {
        return std::tie(a.rank, a.down, a.atParent) < std::tie(b.rank, b.down, b.atParent);
    });
    QString csv = "run_id,rank,parent,call,communicator,seq,down_ns,up_ns,at_parent\n";
    for (const MpiTreeEdge& e : edges) {
        csv += QString("1,%1,%2,%3,%4,%5,%6,%7,%8\n")
                   .arg(e.rank)
                   .arg(e.parent)
                   .arg(QString::fromStdString(std::string(mpiCallName(e.call))))
                   .arg(e.communicator)
                   .arg(e.seq)
                   .arg(e.down)
                   .arg(e.up)
                   .arg(e.atParent ? 1 : 0);
    }
    return csv;
}

} // namespace

class TestMpiTreeSql : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    MpiTrace m_trace = binomialTreeTrace(kCalls);
    QString m_session;

private slots:
    void initTestCase()
    {
        QCOMPARE(m_trace.treeEdges.size(), size_t(4 * kCalls));
        m_session = treeSession(m_dir, "tree.xylem", m_trace);
        QVERIFY(!m_session.isEmpty());
    }

    void edgesRowForRowAsStored()
    {
        const CliResult r = runCli({"sql", m_session,
                                    "SELECT * FROM mpi_tree_edges_decoded WHERE run_id = 1 "
                                    "ORDER BY rank, down_ns, at_parent"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out, expectedCsv(m_trace.treeEdges));
        // As many as the stored table says; the run without edges has none.
        QCOMPARE(scalar(runCli({"sql", m_session,
                                "SELECT (SELECT COUNT(*) FROM mpi_tree_edges_decoded) || '/' || "
                                "(SELECT SUM(edge_count) FROM mpi_tree_edges)"})),
                 QString("20/20"));
        QCOMPARE(scalar(runCli({"sql", m_session,
                                "SELECT COUNT(*) FROM mpi_tree_edges_decoded WHERE run_id = 2"})),
                 QString("0"));
    }

    void edgesAnswerWhatAUserAsks()
    {
        // Each edge's time per rank and side: r1 1.3 us to the root, r3 0.4 us to r2, r2 0.34 us
        // to the root on its side and 0.1 us on the root's (the proxy's two ends).
        const CliResult perEdge =
            runCli({"sql", m_session,
                    "SELECT rank, parent, at_parent, COUNT(*) AS calls, AVG(up_ns - down_ns) AS "
                    "mean_ns FROM mpi_tree_edges_decoded GROUP BY rank, parent, at_parent "
                    "ORDER BY rank, at_parent"});
        QVERIFY2(perEdge.exitCode == 0, qPrintable(perEdge.err));
        QCOMPARE(perEdge.out, QString("rank,parent,at_parent,calls,mean_ns\n"
                                      "1,0,0,5,1300\n"
                                      "2,0,0,5,340\n"
                                      "2,0,1,5,100\n"
                                      "3,2,0,5,400\n"));
        // Joined with the MPI events of the same call: every edge lies inside the call of the
        // rank that recorded it (the parent for at_parent).
        QCOMPARE(scalar(runCli({"sql", m_session,
                                "SELECT COUNT(*) FROM mpi_tree_edges_decoded t JOIN mpi_events e "
                                "ON e.run_id = t.run_id AND e.communicator = t.communicator AND "
                                "e.seq = t.seq AND e.call = t.call AND e.rank = CASE t.at_parent "
                                "WHEN 1 THEN t.parent ELSE t.rank END WHERE e.enter_ns <= "
                                "t.down_ns AND t.up_ns <= e.exit_ns"})),
                 QString::number(4 * kCalls));
        // As JSON, named fields.
        const CliResult json = runCli({"sql", m_session,
                                       "SELECT rank, call, at_parent FROM mpi_tree_edges_decoded "
                                       "WHERE at_parent = 1 AND seq = 4",
                                       "--json"});
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        const auto rows = parseJson(json.out);
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0]["rank"].get<int>(), 2);
        QCOMPARE(rows[0]["call"].get<std::string>(), std::string("MPI_Allreduce"));
    }

    void dumpHoldsTheEdges()
    {
        const QString dump = m_dir.filePath("dump.db");
        const CliResult r = runCli({"sql", m_session, "--dump", dump});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(", 20 tree edges"), qPrintable(r.out));
        auto db = store::Database::open(dump.toStdString(), store::Database::Mode::ReadOnly);
        QVERIFY(db);
        QCOMPARE(db->queryInt("SELECT COUNT(*) FROM mpi_tree_edges_decoded WHERE run_id = 1 AND "
                              "at_parent = 1")
                     .value(),
                 std::int64_t(kCalls));
        QCOMPARE(db->queryInt("SELECT SUM(up_ns - down_ns) FROM mpi_tree_edges_decoded").value(),
                 std::int64_t(kCalls * (1300 + 340 + 100 + 400)));
        QCOMPARE(db->queryInt("SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name = "
                              "'mpi_tree_edges_decoded_by_run'")
                     .value(),
                 std::int64_t(1));
    }

    void damagedEdgesAreNamed()
    {
        const QString copy = m_dir.filePath("damaged.xylem");
        QVERIFY(QFile::copy(m_session, copy));
        {
            auto db = store::Database::open(copy.toStdString(), store::Database::Mode::ReadWrite);
            QVERIFY(db);
            // One byte of the frame's payload changed: its CRC no longer matches.
            QVERIFY(db->exec("UPDATE mpi_tree_edges SET data = substr(data, 1, 20) || CASE "
                             "WHEN substr(data, 21, 1) = x'ff' THEN x'00' ELSE x'ff' END || "
                             "substr(data, 22) WHERE run_id = 1")
                        .ok());
        }
        const CliResult r = runCli({"sql", copy, "SELECT COUNT(*) FROM mpi_tree_edges_decoded"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("mpi_tree_edges row 1"), qPrintable(r.err));
        // The tables that do not read it still answer.
        QCOMPARE(scalar(runCli({"sql", copy, "SELECT COUNT(*) FROM mpi_events WHERE run_id = 1"})),
                 QString::number(4 * kCalls));
    }

    void tableIsListed()
    {
        const CliResult r = runCli({"sql", m_session, "--tables"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("mpi_tree_edges_decoded(run_id, rank, parent, call"),
                 qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestMpiTreeSql)
#include "tst_mpitreesql.moc"
