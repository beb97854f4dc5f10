// Xylem's spanning trees inside an unmodified MPI program (collectors/mpi/treecollectives.h,
// issue 24 item 1): tests/data/mpi/treecollectives.c under a real mpirun, with libxylem-mpi.so
// preloaded, on 1, 2, 3, 4 and 8 ranks (split over two "hosts" by XYLEM_MPI_HOST), natively and
// through every shape (flat, binomial, k-ary:3, hierarchy, hierarchy:1, a *.tree.json chain
// rooted at the last rank). Every integer result equals the native run's; every double sum is
// bit for bit the tree's fixed order (children in order, then the rank's own), computed here
// from core/model/ranktree.h; user ops, derived types and a communicator not congruent to the
// world fall back and are counted in rank 0's line at MPI_Finalize. A rank that dies fails the
// run in time; xylem-cli mpi --tree refuses a bad SPEC before launching anything and runs the
// program through the tree it names.

#include "core/model/ranktree.h"
#include "tests/app/clisessiontest.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>

#include <cstring>
#include <map>

using namespace xylem;
using namespace xylem::testing;

namespace {

struct MpiRun
{
    bool finished = false;
    int exitCode = -1;
    QString out;
    QString err;
};

// Ranks 0 .. n/2-1 on "hosta", the rest on "hostb" (one rank: hosta).
std::vector<std::string> hostsOf(int n)
{
    std::vector<std::string> hosts;
    for (int r = 0; r < n; ++r) {
        hosts.push_back(n > 1 && r >= n / 2 ? "hostb" : "hosta");
    }
    return hosts;
}

// The recorder's rings of these runs (no collector reads them): small, named for this suite,
// and removed after each run.
QString ringPrefix()
{
    return QString("xylem-test-%1-tree-").arg(QCoreApplication::applicationPid());
}

void removeRings()
{
    QDir shm("/dev/shm");
    for (const QString& name : shm.entryList({ringPrefix() + "*"}, QDir::Files | QDir::System)) {
        shm.remove(name);
    }
}

// mpirun of the program on n ranks (two app contexts for the two hosts); tree empty: native.
MpiRun mpirun(int n, const QString& tree, const QStringList& args, int timeoutMs = 120000)
{
    QStringList argv{"--allow-run-as-root", "--oversubscribe"};
    const auto context = [&](int ranks, const QString& host) {
        argv << "-np" << QString::number(ranks) << "-x"
             << QString("LD_PRELOAD=%1").arg(XYLEM_MPI_LIBRARY) << "-x"
             << "XYLEM_RING_PREFIX=" + ringPrefix() << "-x"
             << "XYLEM_RING_CAPACITY=64"
             << "-x"
             << "XYLEM_MPI_HOST=" + host;
        if (!tree.isEmpty()) {
            argv << "-x"
                 << "XYLEM_MPI_TREE=" + tree;
        }
        argv << XYLEM_TREE_PROGRAM << args;
    };
    if (n == 1) {
        context(1, "hosta");
    } else {
        context(n / 2, "hosta");
        argv << ":";
        context(n - n / 2, "hostb");
    }
    QProcess p;
    p.start("mpirun", argv);
    MpiRun run;
    run.finished = p.waitForFinished(timeoutMs);
    if (!run.finished) {
        p.kill();
        p.waitForFinished(10000);
    }
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = QString::fromUtf8(p.readAllStandardOutput());
    run.err = QString::fromUtf8(p.readAllStandardError());
    removeRings();
    return run;
}

// "<comm> <test> r<rank>" -> its values.
std::map<QString, QString> results(const QString& out)
{
    std::map<QString, QString> r;
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) {
        const QStringList words = line.split(' ');
        if (words.size() >= 4) {
            r[words.mid(0, 3).join(' ')] = words.mid(3).join(' ');
        }
    }
    return r;
}

double x(int r, int i)
{
    return 1.0 / (3.0 + r + 7.0 * i); // as treecollectives.c
}

// The tree's sum of x(., i) at the subtree of v: its children's partials in order, its own last.
double treeSum(const RankTree& t, int v, int i)
{
    const auto& kids = t.children[size_t(v)];
    if (kids.empty()) {
        return x(v, i);
    }
    double acc = treeSum(t, kids.front(), i);
    for (size_t c = 1; c < kids.size(); ++c) {
        acc = acc + treeSum(t, kids[c], i);
    }
    return acc + x(v, i);
}

QString bitsOf(const RankTree& t, int count)
{
    QStringList words;
    for (int i = 0; i < count; ++i) {
        const double d = treeSum(t, t.root, i);
        quint64 bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        words << QString("%1").arg(bits, 16, 16, QChar('0'));
    }
    return words.join(' ');
}

QString chainFile(const QTemporaryDir& dir, int n)
{
    // A chain rooted at the last rank: rank r's parent is r + 1.
    QStringList parents;
    for (int r = 0; r < n; ++r) {
        parents << QString::number(r + 1 < n ? r + 1 : -1);
    }
    const QString path = dir.filePath(QString("chain%1.tree.json").arg(n));
    writeFile(
        path,
        QString("{\"ranks\": %1, \"parents\": [%2]}").arg(n).arg(parents.join(", ")).toUtf8());
    return path;
}

} // namespace

class TestMpiTree : public QObject
{
    Q_OBJECT

private slots:
    void sameResultsAsMpi_data();
    void sameResultsAsMpi();
    void rankThatDiesFailsTheRun();
    void cliRefusesBadTree();
    void cliRunsThroughTree();
};

void TestMpiTree::sameResultsAsMpi_data()
{
    QTest::addColumn<int>("ranks");
    for (int n : {1, 2, 3, 4, 8}) {
        QTest::newRow(qPrintable(QString("%1 ranks").arg(n))) << n;
    }
}

void TestMpiTree::sameResultsAsMpi()
{
    QFETCH(int, ranks);
    const MpiRun native = mpirun(ranks, {}, {});
    QVERIFY2(native.finished && native.exitCode == 0, qPrintable(native.err));
    QVERIFY2(!native.err.contains("xylem-mpi: tree"), qPrintable(native.err));
    const auto expected = results(native.out);
    QVERIFY(expected.size() > size_t(40 * ranks));
    QTemporaryDir dir;
    const auto hosts = hostsOf(ranks);
    for (const QString& spec :
         {QString("flat"), QString("binomial"), QString("k-ary:3"), QString("hierarchy"),
          QString("hierarchy:1"), chainFile(dir, ranks)}) {
        const MpiRun run = mpirun(ranks, spec, {});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(spec + ": " + run.err));
        const auto got = results(run.out);
        QCOMPARE(got.size(), expected.size());
        const auto parsed = parseRankTreeSpec(spec.toStdString());
        QVERIFY(parsed.ok());
        const auto tree = buildRankTree(parsed.value(), hosts);
        QVERIFY(tree.ok());
        for (const auto& [key, values] : expected) {
            QVERIFY2(got.count(key), qPrintable(spec + ": no " + key));
            const QString test = key.section(' ', 1, 1);
            QString want = values;
            if (test == "dbl_allreduce") {
                want = bitsOf(tree.value(), 4);
            } else if (test.startsWith("dbl_reduce_root")) {
                want = bitsOf(rerooted(tree.value(), test.mid(15).toInt()), 3);
            }
            QVERIFY2(got.at(key) == want,
                     qPrintable(QString("%1, %2: %3, not %4").arg(spec, key, got.at(key), want)));
        }
        // Per rank: 22 + ranks calls through the tree on the world and on its duplicate (14
        // Allreduce, 6 Reduce, ranks + 1 Bcast, 1 Barrier), and on one rank the "reversed"
        // communicator's 3, which is then the world's order; each of the two has a user op, a
        // non-commutative one and a derived type that fall back; "reversed" falls back from 2.
        const int through = 2 * (22 + ranks) + (ranks == 1 ? 3 : 0);
        QString fellBack = "2 user-defined op, 2 non-commutative op, 2 derived datatype";
        if (ranks > 1) {
            fellBack += ", 3 communicator not congruent to MPI_COMM_WORLD";
        }
        const auto crossing = std::count(tree->crossesHost.begin(), tree->crossesHost.end(), true);
        const QString line =
            QString("xylem-mpi: tree %1 over %2 ranks, depth %3, %4 %5 between hosts: %6 "
                    "collectives through the tree, %7 by MPI's own (%8)\n")
                .arg(spec)
                .arg(ranks)
                .arg(tree->depth)
                .arg(crossing)
                .arg(crossing == 1 ? "edge" : "edges")
                .arg(through)
                .arg(ranks > 1 ? 9 : 6)
                .arg(fellBack);
        QVERIFY2(run.err.contains(line), qPrintable(spec + ": " + run.err + "\nwanted " + line));
    }
}

void TestMpiTree::rankThatDiesFailsTheRun()
{
    QElapsedTimer clock;
    clock.start();
    const MpiRun run = mpirun(4, "binomial", {"die"}, 60000);
    QVERIFY2(run.finished, "a rank that dies does not hang the tree");
    QVERIFY(run.exitCode != 0);
    QVERIFY2(run.err.contains("rank 3 exits before the Allreduce"), qPrintable(run.err));
    QVERIFY2(run.err.contains("mpirun") || run.err.contains("exited"), qPrintable(run.err));
}

void TestMpiTree::cliRefusesBadTree()
{
    QTemporaryDir dir;
    const QString session = dir.filePath("s.xylem");
    const QString cycle = dir.filePath("cycle.tree.json");
    writeFile(cycle, R"({"ranks": 3, "parents": [-1, 2, 1]})");
    const struct
    {
        QString spec;
        QString message;
    } bad[] = {{"k-ary:0", "--tree: tree 'k-ary:0': K must be 1 to 65536"},
               {"star", "unknown shape 'star'"},
               {cycle, "a cycle: 1 -> 2 -> 1"}};
    for (const auto& b : bad) {
        const CliResult r = runCli({"mpi", "--tree", b.spec, "-o", session, "--", "mpirun",
                                    "--allow-run-as-root", "-np", "2", XYLEM_TREE_PROGRAM});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(b.message), qPrintable(r.err));
        QVERIFY2(!QFile::exists(session), "nothing launched, no session made");
    }
}

void TestMpiTree::cliRunsThroughTree()
{
    QTemporaryDir dir;
    const QString session = dir.filePath("s.xylem");
    const CliResult r =
        runCli({"mpi", "--tree", "hierarchy:2", "-o", session, "--", "mpirun",
                "--allow-run-as-root", "--oversubscribe", "-np", "4", XYLEM_TREE_PROGRAM});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("xylem-mpi: tree hierarchy:2 over 4 ranks"), qPrintable(r.err));
    QVERIFY2(r.out.contains("world int_sum r0 46 98 150"), qPrintable(r.out));
    QVERIFY(QFile::exists(session));
}

QTEST_GUILESS_MAIN(TestMpiTree)
#include "tst_mpitree.moc"
