// The inner stages of a real MPI program's collective (issue 24 item 1): `xylem-cli mpi --tree
// SPEC` records tests/data/mpi/treecollectives.c through Xylem's spanning tree with an event
// collector on every edge (collectors/mpi/treecollectives.h), and the stored run is that tree
// (core/model/mpitreerun.h): a planted late rank is found at the end of the imbalance path, past
// the tree's greds, and a hierarchy over two emulated hosts (XYLEM_MPI_HOST) has the proxy on
// the edge between them, whose hop is a stage of the ranks behind it. The session keeps the
// tree's edges (mpi_tree_edges), so `analyze --kind`, which rebuilds the kind from the stored MPI
// data, shows the same tree.

#include "tests/app/clisessiontest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace xylem::testing;

namespace {

constexpr int kCalls = 30;

QJsonObject analyse(const QStringList& args)
{
    const CliResult analysed = runCli(QStringList{"analyze"} + args + QStringList{"--json"});
    if (analysed.exitCode != 0) {
        qWarning("%s", qPrintable(analysed.err));
        return {};
    }
    return QJsonDocument::fromJson(analysed.out.toUtf8()).object();
}

// Records the program through tree; the run's analysis as JSON (empty on a failure), what
// xylem-cli mpi said in summary, and in byKind the analysis of `analyze S --kind allreduce`.
QJsonObject recordAndAnalyse(const QString& tree, const QStringList& mpirunTail,
                             QString* summary = nullptr, QJsonObject* byKind = nullptr,
                             const QString& runOf = {})
{
    QTemporaryDir dir;
    const QString session = dir.filePath("s.xylem");
    QStringList args{"mpi", "--tree", tree, "-o", session, "--", "mpirun", "--allow-run-as-root",
                     "--oversubscribe"};
    const CliResult recorded = runCli(args + mpirunTail);
    if (recorded.exitCode != 0) {
        qWarning("%s", qPrintable(recorded.err));
        return {};
    }
    if (summary) {
        *summary = recorded.out;
    }
    if (byKind) {
        *byKind = analyse({session, "--kind", "allreduce"});
    }
    // The runs are numbered by their time, the longest first; runOf picks one by its
    // collective as the summary names it ("run N: MPI_Allreduce on MPI_COMM_WORLD, ...").
    QString run = "1";
    if (!runOf.isEmpty()) {
        const QRegularExpression line("run (\\d+): " + QRegularExpression::escape(runOf) + ",");
        const QRegularExpressionMatch match = line.match(recorded.out);
        if (!match.hasMatch()) {
            qWarning("no run of %s in: %s", qPrintable(runOf), qPrintable(recorded.out));
            return {};
        }
        run = match.captured(1);
    }
    return analyse({"--session", session, "--run", run});
}

QStringList ids(const QJsonArray& array)
{
    QStringList out;
    for (const QJsonValue& v : array) {
        out << v.toString();
    }
    return out;
}

} // namespace

class TestMpiTreeStages : public QObject
{
    Q_OBJECT
private slots:
    void lateRankAtTheEndOfThePath();
    void proxyHopBetweenHosts();
    void fallbacksAreNotTheTreesCalls();
};

void TestMpiTreeStages::lateRankAtTheEndOfThePath()
{
    // binomial over 4 ranks: 0 -> {1, 2}, 2 -> {3}. Rank 3 sleeps 2 ms before every call.
    QJsonObject byKind;
    const QJsonObject report = recordAndAnalyse(
        "binomial", {"-np", "4", XYLEM_TREE_PROGRAM, "late", "3", QString::number(kCalls)}, nullptr,
        &byKind);
    QVERIFY(!report.isEmpty());
    // The kind rebuilt from the stored MPI data is the same tree, not the hosts' hierarchy.
    QVERIFY(!byKind.isEmpty());
    QCOMPARE(ids(byKind["imbalance_path"].toArray()), QStringList({"g0", "g2", "r3"}));
    QCOMPARE(QStringList(byKind["greds"].toObject().keys()), QStringList({"g0", "g2"}));
    QCOMPARE(byKind["calls"].toInt(), report["calls"].toInt());
    QCOMPARE(report["calls"].toInt() + report["incomplete_calls"].toInt(), kCalls);
    QCOMPARE(report["incomplete_calls"].toInt(), 0);
    QCOMPARE(ids(report["imbalance_path"].toArray()), QStringList({"g0", "g2", "r3"}));
    // The tree's greds, each with its own rank last among its contributors.
    const QJsonObject greds = report["greds"].toObject();
    QCOMPARE(QStringList(greds.keys()), QStringList({"g0", "g2"}));
    const QJsonObject r3 = report["threads"].toObject()["r3"].toObject();
    QCOMPARE(r3["class"].toString(), QString("thread>gred>gred"));
    // Its arrival wait is nothing (it is the last), everyone else's at g2 about 2 ms.
    const QJsonObject r2 = report["threads"].toObject()["r2"].toObject();
    double r2Wait = 0;
    for (const QJsonValue& s : r2["timemap"].toArray()) {
        const QJsonObject stage = s.toObject();
        if (stage["stage"] == "arrival wait" && stage["wrapper"] == "g2") {
            r2Wait = stage["mean_ns"].toDouble();
        }
    }
    QVERIFY2(r2Wait > 1.5e6, qPrintable(QString::number(r2Wait)));
}

void TestMpiTreeStages::proxyHopBetweenHosts()
{
    // hierarchy over h0 = {0, 1} and h1 = {2, 3}: the leaders 0 and 2 joined across hosts.
    const QString calls = QString::number(kCalls);
    const QJsonObject report = recordAndAnalyse(
        "hierarchy", {"-np", "2", "-x", "XYLEM_MPI_HOST=h0", XYLEM_TREE_PROGRAM, "late", "9",
                      calls, ":", "-np", "2", "-x", "XYLEM_MPI_HOST=h1", XYLEM_TREE_PROGRAM,
                      "late", "9", calls});
    QVERIFY(!report.isEmpty());
    QCOMPARE(report["incomplete_calls"].toInt(), 0);
    QCOMPARE(QStringList(report["proxies"].toObject().keys()), QStringList({"p2"}));
    const QJsonObject threads = report["threads"].toObject();
    for (const QString rank : {"r2", "r3"}) {
        const QJsonObject t = threads[rank].toObject();
        QCOMPARE(t["class"].toString(), QString("thread>gred>proxy>gred"));
        QStringList hops;
        double sum = 0;
        for (const QJsonValue& s : t["timemap"].toArray()) {
            const QJsonObject stage = s.toObject();
            sum += stage["mean_ns"].toDouble();
            if (stage["wrapper"] == "p2") {
                hops << stage["stage"].toString();
            }
        }
        QCOMPARE(hops, QStringList({"down", "up"}));
        // The stages add up to the call time (metrics.md §4), to rounding.
        const double callTime = t["call_time"].toObject()["mean"].toDouble();
        QVERIFY2(std::abs(sum - callTime) < 1.0, qPrintable(QString("%1 vs %2").arg(sum).arg(callTime)));
    }
    // The ranks on the root's host do not pass the proxy.
    QCOMPARE(threads["r1"].toObject()["class"].toString(), QString("thread>gred"));
}

void TestMpiTreeStages::fallbacksAreNotTheTreesCalls()
{
    // The full program: 17 Allreduce calls on the world, of which a user-defined op (commutative
    // and not) and a derived datatype are MPI's own; the tree's run holds the other 14. It need
    // not be run 1: on a loaded machine a single MPI_Comm_dup can take longer than all 14.
    QString summary;
    const QJsonObject report = recordAndAnalyse(
        "hierarchy", {"-np", "2", "-x", "XYLEM_MPI_HOST=h0", XYLEM_TREE_PROGRAM, ":", "-np", "2",
                      "-x", "XYLEM_MPI_HOST=h1", XYLEM_TREE_PROGRAM},
        &summary, nullptr, "MPI_Allreduce on MPI_COMM_WORLD");
    QVERIFY(!report.isEmpty());
    QVERIFY2(summary.contains(": MPI_Allreduce on MPI_COMM_WORLD, 14 calls,"),
             qPrintable(summary));
    QCOMPARE(report["calls"].toInt(), 14);
    QCOMPARE(report["incomplete_calls"].toInt(), 0);
    QCOMPARE(ids(report["imbalance_path"].toArray()).front(), QString("g0"));
}

QTEST_GUILESS_MAIN(TestMpiTreeStages)
#include "tst_mpitreestages.moc"
