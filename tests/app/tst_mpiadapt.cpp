// The run-time tuner of the world's MPI_Allreduce tree (collectors/mpi/treeadapt.h, issue 24
// item 4): tests/data/mpi/adaptcalls.c under a real mpirun on 4 ranks over two emulated hosts
// (XYLEM_MPI_HOST), with libxylem-mpi.so preloaded and XYLEM_MPI_ADAPT naming several candidate
// trees. The tuner's record in the run's description (mpi-run.json, tree.adapt) says which tree
// each call went through; every call's result is checked against it: the integer sums exactly,
// the double sums bit for bit in the fixed order of the call's tree (core/model/ranktree.h), or
// MPI's own result when the call was native. A candidate made slow on purpose
// (XYLEM_MPI_ADAPT_SLOW: rank 0 sleeps before each of its calls) is not settled on. xylem-cli mpi
// --adapt refuses a bad candidate list before launching anything, and stores a run that holds the
// calls through the settled tree.

#include "core/model/mpitracejson.h"
#include "core/model/ranktree.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/ringprefix.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

#include <cstring>
#include <map>
#include <optional>
#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kRanks = 4;
const std::vector<std::string> kHosts{"hosta", "hosta", "hostb", "hostb"};

struct MpiRun
{
    bool finished = false;
    int exitCode = -1;
    QString out;
    QString err;
};

// mpirun of adaptcalls ITERATIONS on 4 ranks, 2 on "hosta" and 2 on "hostb", each with the
// environment given (NAME=VALUE); rings named for this suite, removed afterwards.
MpiRun mpirun(const QStringList& environment, int iterations)
{
    const RingPrefix rings("adapt");
    QStringList argv{"--allow-run-as-root", "--oversubscribe"};
    for (const QString& host : {QString("hosta"), QString("hostb")}) {
        if (host == "hostb") {
            argv << ":";
        }
        argv << "-np" << QString::number(kRanks / 2) << "-x"
             << QString("LD_PRELOAD=%1").arg(XYLEM_MPI_LIBRARY) << "-x"
             << "XYLEM_RING_PREFIX=" + QString::fromStdString(rings.prefix()) << "-x"
             << "XYLEM_RING_CAPACITY=64"
             << "-x"
             << "XYLEM_MPI_HOST=" + host;
        for (const QString& e : environment) {
            argv << "-x" << e;
        }
        argv << XYLEM_ADAPT_PROGRAM << QString::number(iterations);
    }
    QProcess p;
    p.start("mpirun", argv);
    MpiRun run;
    run.finished = p.waitForFinished(120000);
    if (!run.finished) {
        p.kill();
        p.waitForFinished(10000);
    }
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = QString::fromUtf8(p.readAllStandardOutput());
    run.err = QString::fromUtf8(p.readAllStandardError());
    return run;
}

struct CallResult
{
    long sum = 0;
    QString bits;
};

// "call <i> <long> <bits>" lines by iteration; differ: the ranks_differ count (-1: missing).
std::map<int, CallResult> callResults(const QString& out, int* differ)
{
    std::map<int, CallResult> r;
    *differ = -1;
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) {
        const QStringList w = line.split(' ');
        if (w.size() == 4 && w[0] == "call") {
            r[w[1].toInt()] = CallResult{w[2].toLong(), w[3]};
        } else if (w.size() == 2 && w[0] == "ranks_differ") {
            *differ = w[1].toInt();
        }
    }
    return r;
}

double x(int r, int i)
{
    return 1.0 / (3.0 + r + 7.0 * i); // as adaptcalls.c
}

// The sum of x(., i) over v's subtree in the tree's fixed order: children's partials in order,
// v's own last (collectors/mpi/treecollectives.h).
double subtreeSum(const RankTree& t, int v, int i)
{
    double acc = 0;
    bool first = true;
    for (const int c : t.children[size_t(v)]) {
        const double part = subtreeSum(t, c, i);
        acc = first ? part : acc + part;
        first = false;
    }
    return first ? x(v, i) : acc + x(v, i);
}

QString treeBits(const std::string& spec, int i)
{
    const auto parsed = parseRankTreeSpec(spec);
    const auto tree = parsed ? buildRankTree(parsed.value(), kHosts) : Result<RankTree>(parsed.error());
    if (!tree) {
        return "no tree " + QString::fromStdString(spec);
    }
    const double d = subtreeSum(tree.value(), tree->root, i);
    quint64 bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return QString("%1").arg(bits, 16, 16, QChar('0'));
}

// The tuner's record from the description rank 0 wrote into folder.
std::optional<MpiTreeAdapt> adaptRecord(const QString& folder)
{
    QFile file(folder + "/mpi-run.json");
    if (!file.open(QIODevice::ReadOnly)) {
        return std::nullopt;
    }
    const auto info = mpiRunInfoFromJson(file.readAll().toStdString());
    if (!info || !info->tree || !info->tree->adapt) {
        return std::nullopt;
    }
    return info->tree->adapt;
}

// The candidate the tuner ran call `call` through: the last switch at or before it.
std::string treeOfCall(const MpiTreeAdapt& a, std::int64_t call)
{
    std::string tree;
    for (const MpiTreeSwitch& s : a.switches) {
        if (s.call <= call) {
            tree = s.to;
        }
    }
    return tree;
}

// The switches the interposer printed to `err`: a trial block's first call ("calls 0-3 through
// native: ...") and the settling call ("call 16: switched to binomial (best ..."), in order.
QStringList printedSwitches(const QString& err)
{
    static const QRegularExpression line("xylem-mpi: adapt: (?:calls (\\d+)-\\d+ through "
                                         "(\\S+):|call (\\d+): switched to (\\S+) \\()");
    QStringList switches;
    for (auto it = line.globalMatch(err); it.hasNext();) {
        const auto m = it.next();
        switches << (m.captured(1).isEmpty()
                         ? QString("%1 %2 settled").arg(m.captured(3), m.captured(4))
                         : QString("%1 %2 trial").arg(m.captured(1), m.captured(2)));
    }
    return switches;
}

// The session keeps the tuner's record (format 5) with the run of the world's Allreduce: info
// gives the same switches as the interposer printed, each with its call's start on the run's
// clock, in call order (the trial blocks' calls before the run's first, which is the settled
// tree's first call).
void checkStoredSwitches(const QString& err, const QString& session)
{
    const QStringList printed = printedSwitches(err);
    QCOMPARE(printed.size(), 5); // 2 candidates x 2 rounds, then the settling switch
    const CliResult info = runCli({"info", session, "--json"});
    QVERIFY2(info.exitCode == 0, qPrintable(info.err));
    // Only the run of the world's Allreduce was tuned: the others (other collectives) have none.
    QJsonObject run;
    int adapted = 0;
    for (const QJsonValue v : QJsonDocument::fromJson(info.out.toUtf8())["runs"].toArray()) {
        if (v.toObject().contains("adapt")) {
            run = v.toObject();
            ++adapted;
        }
    }
    QCOMPARE(adapted, 1);
    QVERIFY2(run["name"].toString().endsWith("MPI_Allreduce on MPI_COMM_WORLD"),
             qPrintable(run["name"].toString()));
    const QJsonObject adapt = run["adapt"].toObject();
    QCOMPARE(adapt["settled"].toString(), QString("binomial"));
    QCOMPARE(adapt["blocks"].toArray().size(), 4);
    QStringList stored;
    double before = -1;
    for (const QJsonValue v : adapt["switches"].toArray()) {
        const QJsonObject s = v.toObject();
        stored << QString("%1 %2 %3")
                      .arg(s["call"].toInteger())
                      .arg(s["to"].toString(), s["settle"].toBool() ? "settled" : "trial");
        QVERIFY2(s["start_ns"].isDouble() && s["start_ns"].toDouble() > before,
                 qPrintable(info.out));
        before = s["start_ns"].toDouble();
    }
    QCOMPARE(stored, printed);
    QVERIFY2(before <= run["first_ns"].toDouble(), qPrintable(info.out));
    const CliResult text = runCli({"info", session});
    const QString prefix = QString("\nrun %1: ").arg(run["id"].toInt());
    QVERIFY2(text.out.contains(prefix + "call 0 (world collective ") &&
                 text.out.contains(prefix + "call 16 (world collective 16) at ") &&
                 text.out.contains(": switched to native (trial block)\n") &&
                 text.out.contains(": switched to binomial (settled)\n"),
             qPrintable(text.out));
}

} // namespace

class TestMpiAdapt : public QObject
{
    Q_OBJECT

private slots:
    void resultsStayRightAcrossSwitches();
    void plantedSlowTreeIsNotSettledOn();
    void badEnvironmentDoesNotAdapt();
    void cliRefusesBadCandidates();
    void cliStoresTheSettledTreesCalls();
};

void TestMpiAdapt::resultsStayRightAcrossSwitches()
{
    constexpr int kIterations = 40; // 80 calls; trials: 5 candidates x 2 rounds x 4 calls = 40
    const MpiRun native = mpirun({}, kIterations);
    QVERIFY2(native.finished && native.exitCode == 0, qPrintable(native.err));
    int nativeDiffer = -1;
    const auto nativeResults = callResults(native.out, &nativeDiffer);
    QCOMPARE(int(nativeResults.size()), kIterations);

    QTemporaryDir dir;
    const QStringList candidates{"native", "flat", "binomial", "hierarchy", "k-ary:1"};
    const MpiRun run = mpirun({"XYLEM_MPI_TREE=binomial", "XYLEM_MPI_ADAPT=" + candidates.join(','),
                               "XYLEM_MPI_ADAPT_BLOCK=4", "XYLEM_MPI_OUT=" + dir.path()},
                              kIterations);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    const auto adapt = adaptRecord(dir.path());
    QVERIFY2(adapt, "the description has the tuner's record");
    QCOMPARE(adapt->block, 4);
    QCOMPARE(adapt->rounds, 2);
    QCOMPARE(adapt->disagreements, 0);
    QCOMPARE(int(adapt->blocks.size()), 10);
    QVERIFY(candidates.contains(QString::fromStdString(adapt->settled)));
    // A switch at the start of every trial block (each to the next candidate), then the settling
    // one after the trials; each at a later world collective than the one before.
    QCOMPARE(int(adapt->switches.size()), 11);
    for (int k = 0; k < 10; ++k) {
        const MpiTreeSwitch& s = adapt->switches[size_t(k)];
        QCOMPARE(s.call, std::int64_t(4 * k));
        QCOMPARE(QString::fromStdString(s.to), candidates[k % 5]);
        QVERIFY(!s.settle);
        QCOMPARE(QString::fromStdString(adapt->blocks[size_t(k)].tree), candidates[k % 5]);
        QVERIFY(adapt->blocks[size_t(k)].meanNs > 0);
        QVERIFY(k == 0 || s.seq > adapt->switches[size_t(k - 1)].seq);
    }
    const MpiTreeSwitch& settle = adapt->switches.back();
    QVERIFY(settle.settle);
    QCOMPARE(settle.call, std::int64_t(40));
    QCOMPARE(settle.to, adapt->settled);
    QVERIFY(settle.seq > adapt->switches[9].seq);
    QVERIFY2(run.err.contains(QString("xylem-mpi: adapt: call 40: switched to %1 (best block mean")
                                  .arg(QString::fromStdString(adapt->settled))),
             qPrintable(run.err));

    // Every call's result is its tree's.
    int differ = -1;
    const auto results = callResults(run.out, &differ);
    QCOMPARE(differ, 0);
    QCOMPARE(int(results.size()), kIterations);
    std::set<std::string> checkedTrees;
    for (const auto& [i, got] : results) {
        QCOMPARE(got.sum, 10L * (i + 1)); // (1 + 2 + 3 + 4) (i + 1)
        const std::string tree = treeOfCall(adapt.value(), 2 * i + 1);
        const QString want = tree == "native" ? nativeResults.at(i).bits : treeBits(tree, i);
        QVERIFY2(got.bits == want, qPrintable(QString("call %1 through %2: %3, not %4")
                                                  .arg(2 * i + 1)
                                                  .arg(QString::fromStdString(tree), got.bits,
                                                       want)));
        checkedTrees.insert(tree);
    }
    QCOMPARE(checkedTrees.size(), size_t(5)); // every candidate's order was checked
}

void TestMpiAdapt::plantedSlowTreeIsNotSettledOn()
{
    QTemporaryDir dir;
    // Rank 0 sleeps 30 ms before each call through flat: every rank waits for it in the call.
    // (3 ms was not enough: four busy-polling ranks on 2 cores beside a build took longer than
    // that per call through binomial now and then, and the tuner rightly kept flat.)
    const MpiRun run = mpirun({"XYLEM_MPI_TREE=binomial", "XYLEM_MPI_ADAPT=flat,binomial",
                               "XYLEM_MPI_ADAPT_BLOCK=4", "XYLEM_MPI_ADAPT_ROUNDS=1",
                               "XYLEM_MPI_ADAPT_SLOW=flat:30000", "XYLEM_MPI_OUT=" + dir.path()},
                              12);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    const auto adapt = adaptRecord(dir.path());
    QVERIFY(adapt);
    QCOMPARE(adapt->settled, std::string("binomial"));
    QCOMPARE(int(adapt->blocks.size()), 2);
    QCOMPARE(adapt->blocks[0].tree, std::string("flat"));
    QVERIFY2(adapt->blocks[0].meanNs > 20'000'000, qPrintable(QString::number(adapt->blocks[0].meanNs)));
    QVERIFY(adapt->blocks[1].meanNs < adapt->blocks[0].meanNs);
    QVERIFY2(run.err.contains("xylem-mpi: adapt: call 8: switched to binomial (best block mean"),
             qPrintable(run.err));
}

void TestMpiAdapt::badEnvironmentDoesNotAdapt()
{
    // Straight through the environment (no xylem-cli to refuse it): the program runs right,
    // through XYLEM_MPI_TREE's tree or MPI's own, and rank 0 says why nothing adapted.
    const struct
    {
        QStringList environment;
        QString message;
    } bad[] = {{{"XYLEM_MPI_TREE=flat", "XYLEM_MPI_ADAPT=flat,star"},
                "xylem-mpi: rank 0: XYLEM_MPI_ADAPT: candidate 2 'star': "},
               {{"XYLEM_MPI_TREE=flat", "XYLEM_MPI_ADAPT=flat", "XYLEM_MPI_ADAPT_BLOCK=0"},
                "XYLEM_MPI_ADAPT_BLOCK is not a count of calls from 1 to 1048576"},
               {{"XYLEM_MPI_ADAPT=flat,binomial"},
                "xylem-mpi: XYLEM_MPI_ADAPT needs XYLEM_MPI_TREE with a tree"}};
    for (const auto& b : bad) {
        const MpiRun run = mpirun(b.environment, 3);
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(b.message), qPrintable(run.err));
        QVERIFY2(!run.err.contains("xylem-mpi: adapt:"), qPrintable(run.err));
        int differ = -1;
        const auto results = callResults(run.out, &differ);
        QCOMPARE(differ, 0);
        QCOMPARE(int(results.size()), 3);
        QCOMPARE(results.at(2).sum, 30L);
    }
}

void TestMpiAdapt::cliRefusesBadCandidates()
{
    QTemporaryDir dir;
    const QString session = dir.filePath("s.xylem");
    const struct
    {
        QStringList options;
        QString message;
    } bad[] = {{{"--tree", "binomial", "--adapt", "native,star"},
                "--adapt: candidate 2 'star': "},
               {{"--tree", "binomial", "--adapt", "native,,flat"}, "--adapt: candidate 2 is empty"},
               {{"--tree", "binomial", "--adapt", "flat,k-ary:0"},
                "--adapt: candidate 2 'k-ary:0': "},
               {{"--adapt", "auto"}, "--adapt needs --tree SPEC with a tree (not native)"}};
    for (const auto& b : bad) {
        const CliResult r =
            runCli(QStringList{"mpi"} + b.options +
                   QStringList{"-o", session, "--", "mpirun", "--allow-run-as-root", "-np", "2",
                               XYLEM_ADAPT_PROGRAM});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(b.message), qPrintable(r.err));
        QVERIFY2(!QFile::exists(session), "nothing launched, no session made");
    }
}

void TestMpiAdapt::cliStoresTheSettledTreesCalls()
{
    constexpr int kIterations = 30; // 60 calls; trials: 2 candidates x 2 rounds x 4 calls = 16
    QTemporaryDir dir;
    const QString session = dir.filePath("s.xylem");
    // Through the local mpirun to the ranks: small blocks, and native made slow, so that the
    // tuner settles on binomial (whose greds g0, g2 are not --tree flat's g0 alone).
    qputenv("XYLEM_MPI_ADAPT_BLOCK", "4");
    qputenv("XYLEM_MPI_ADAPT_SLOW", "native:30000"); // 30 ms: far above a loaded call
    const QString iterations = QString::number(kIterations);
    const CliResult r = runCli(
        {"mpi", "--tree", "flat", "--adapt", "native,binomial", "-o", session, "--", "mpirun",
         "--allow-run-as-root", "--oversubscribe", "-np", "2", "-x", "XYLEM_MPI_HOST=hosta",
         XYLEM_ADAPT_PROGRAM, iterations, ":", "-np", "2", "-x", "XYLEM_MPI_HOST=hostb",
         XYLEM_ADAPT_PROGRAM, iterations});
    qunsetenv("XYLEM_MPI_ADAPT_BLOCK");
    qunsetenv("XYLEM_MPI_ADAPT_SLOW");
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("ranks_differ 0"), qPrintable(r.out));
    QVERIFY2(r.err.contains("xylem-mpi: adapt: call 16: switched to binomial (best block mean"),
             qPrintable(r.err));
    // xylem-cli says it at the end, and the run's notes keep it (the world's collectives are
    // the program's Allreduce calls only, so the switch's instance is its call).
    const QString adapted =
        "MPI_Allreduce on MPI_COMM_WORLD adapted: best block means native NATIVE us, binomial BINOMIAL us "
        "per call (blocks of 4 calls, 2 rounds); switched to binomial at call 16 (world "
        "collective 16): the run holds the calls from there on";
    static const QRegularExpression said(
        QRegularExpression::escape(adapted)
            .replace("NATIVE", "([0-9.]+)")
            .replace("BINOMIAL", "([0-9.]+)"));
    const auto match = said.match(r.out);
    QVERIFY2(match.hasMatch() && r.out.contains("\nadapt: " + match.captured(0)),
             qPrintable(r.out));
    QVERIFY2(match.captured(1).toDouble() > 20000, "native's planted 30 ms are in its mean");
    const CliResult info = runCli({"info", session, "--json"});
    QVERIFY2(info.exitCode == 0, qPrintable(info.err));
    QVERIFY2(info.out.contains(match.captured(0)), qPrintable(info.out));

    checkStoredSwitches(r.err, session);
    if (QTest::currentTestFailed()) {
        return;
    }

    const CliResult analysed = runCli({"analyze", "--session", session, "--run", "1", "--json"});
    QVERIFY2(analysed.exitCode == 0, qPrintable(analysed.err));
    const QJsonObject report = QJsonDocument::fromJson(analysed.out.toUtf8()).object();
    // The stored run is the settled tree with the calls from the switch on: the trial calls
    // carry no tree edges and are left out, like MPI's own.
    QCOMPARE(report["calls"].toInt(), 2 * kIterations - 16);
    QCOMPARE(report["incomplete_calls"].toInt(), 0);
    QCOMPARE(QStringList(report["greds"].toObject().keys()), QStringList({"g0", "g2"}));
}

QTEST_GUILESS_MAIN(TestMpiAdapt)
#include "tst_mpiadapt.moc"
