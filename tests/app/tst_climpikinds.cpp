// xylem-cli and MPI collective kinds (issue 21, item 2): `analyze --kind KIND --comm N` picks one
// (communicator, kind) of a session's MPI data, its default is the kind with the most time, wrong
// choices are refused naming the valid ones, rooted kinds get their root-aware summary; and a
// real `xylem-cli mpi` of xylem-mpiloop --pattern mixed with a late rank stores one run per
// synchronizing kind, none of them with a negative stage, the late rank at the end of the world
// Allreduce's imbalance path and the rooted kinds summarised from the MPI data.

#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/mpitracebuilder.h"

#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr int kRanks = 4;

// As tst_mpirunkinds: per iteration an Allreduce, a Bcast whose root 0 comes late and a Reduce
// to root 0 that rank 2 comes late to; Allreduce has the most time.
MpiTrace mixedTrace()
{
    MpiTraceBuilder b;
    for (int r = 0; r < kRanks; ++r) {
        b.rank(r < 2 ? "a" : "b");
    }
    b.world();
    for (int i = 0; i < 5; ++i) {
        const std::int64_t base = 1000 * i;
        for (int r = 0; r < kRanks; ++r) {
            b.collective(r, MpiCall::Allreduce, 3 * i, base + r, base + 100);
            b.collective(r, MpiCall::Bcast, 3 * i + 1, base + (r == 0 ? 300 : 200 + r),
                         base + (r == 0 ? 310 : 305 + r), 0);
            b.collective(r, MpiCall::Reduce, 3 * i + 2, base + (r == 2 ? 700 : 500),
                         base + (r == 0 ? 750 : (r == 2 ? 710 : 510)), 0);
        }
    }
    return b.trace();
}

// A session holding the trace as one run, as the sessions written before runs per kind do.
QString sessionOf(const QTemporaryDir& dir, const MpiTrace& trace)
{
    const QString path = dir.filePath("kinds.xylem");
    auto session = store::Session::create(path.toStdString());
    const Run run = collectiveRun(trace, 0, RunShape::Flat).value();
    auto id = store::importRun(session.value(), run.configuration, run.tuples,
                               store::RunMetadata{"mixed", "", "test", "", ""});
    return id && store::addMpiTrace(session.value(), id.value(), trace) ? path : QString();
}

// Every timemap mean of a JSON report.
std::vector<double> stageMeans(const nlohmann::json& report)
{
    std::vector<double> means;
    for (const auto& [id, thread] : report["threads"].items()) {
        for (const auto& stage : thread["timemap"]) {
            if (stage["mean_ns"].is_number()) {
                means.push_back(stage["mean_ns"].get<double>());
            }
        }
    }
    return means;
}

QStringList mpirun(const QStringList& program)
{
    return QStringList{"--", "mpirun", "--allow-run-as-root", "--oversubscribe", "-np",
                       QString::number(kRanks)} +
           program;
}

} // namespace

class TestCliMpiKinds : public QObject
{
    Q_OBJECT

private slots:
    void theDefaultIsTheKindWithTheMostTime()
    {
        QTemporaryDir dir;
        const QString s = sessionOf(dir, mixedTrace());
        QVERIFY(!s.isEmpty());
        const auto r = runCli({"analyze", s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("MPI kind: MPI_Allreduce on MPI_COMM_WORLD (5 calls"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("the most time"), qPrintable(r.out));
        QVERIFY2(r.out.contains("other kinds: MPI_Bcast on MPI_COMM_WORLD (5 calls"),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains("stage guard"), qPrintable(r.out));
        const auto json = parseJson(runCli({"analyze", s, "--json"}).out);
        QCOMPARE(json["mpi_kind"]["call"], "MPI_Allreduce");
        QCOMPARE(json["mpi_kind"]["default"], true);
        QCOMPARE(json["calls"], 5);
        QVERIFY(!json.contains("stage_guard"));
        for (const double mean : stageMeans(json)) {
            QVERIFY(mean >= 0);
        }
        QVERIFY(json.contains("wait_states"));
    }

    void kindAndCommunicatorChoose()
    {
        QTemporaryDir dir;
        const QString s = sessionOf(dir, mixedTrace());
        const auto bcast = runCli({"analyze", s, "--kind", "bcast"});
        QVERIFY2(bcast.exitCode == 0, qPrintable(bcast.err));
        QVERIFY2(bcast.out.contains("MPI_Bcast on MPI_COMM_WORLD: rooted, so no stage tree"),
                 qPrintable(bcast.out));
        QVERIFY2(bcast.out.contains("Late Broadcast per call"), qPrintable(bcast.out));
        QVERIFY2(bcast.out.contains("late rank: r0"), qPrintable(bcast.out));

        const auto reduce =
            parseJson(runCli({"analyze", s, "--kind", "MPI_Reduce", "--comm", "0", "--json"}).out);
        QCOMPARE(reduce["mpi_kind"]["call"], "MPI_Reduce");
        QCOMPARE(reduce["mpi_kind"]["default"], false);
        QCOMPARE(reduce["rooted"]["late_rank"], 2);
        QCOMPARE(reduce["rooted"]["measure"], "early_reduce");
        QCOMPARE(reduce["rooted"]["wait_per_call"]["mean"], 200.0);
        QVERIFY(!reduce.contains("threads")); // no stage tree

        const auto byName = runCli({"analyze", s, "--comm", "MPI_COMM_WORLD", "--json"});
        QCOMPARE(parseJson(byName.out)["mpi_kind"]["call"], "MPI_Allreduce");
        // --run with --kind: that run's MPI data.
        const auto withRun = runCli({"analyze", s, "--run", "1", "--kind", "reduce"});
        QVERIFY2(withRun.out.contains("late rank: r2"), qPrintable(withRun.out + withRun.err));
    }

    void wrongChoicesNameTheValidOnes()
    {
        QTemporaryDir dir;
        const QString s = sessionOf(dir, mixedTrace());
        const auto unknown = runCli({"analyze", s, "--kind", "allreduc"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("--kind 'allreduc' is no MPI collective"),
                 qPrintable(unknown.err));
        QVERIFY2(unknown.err.contains("allreduce, reduce, bcast, barrier"),
                 qPrintable(unknown.err));

        const auto absent = runCli({"analyze", s, "--kind", "scan"});
        QVERIFY(absent.exitCode != 0);
        QVERIFY2(absent.err.contains("run 1 has no complete MPI_Scan; it has: MPI_Allreduce on "
                                     "MPI_COMM_WORLD (5 calls"),
                 qPrintable(absent.err));
        QVERIFY2(absent.err.contains("MPI_Reduce on MPI_COMM_WORLD"), qPrintable(absent.err));

        const auto comm = runCli({"analyze", s, "--comm", "7"});
        QCOMPARE(comm.exitCode, 2);
        QVERIFY2(comm.err.contains("--comm '7': run 1 has the communicators 0 (MPI_COMM_WORLD)"),
                 qPrintable(comm.err));

        const auto files = runCli(QStringList{"analyze", "--kind", "bcast"} +
                                  exampleFiles("two-hosts"));
        QCOMPARE(files.exitCode, 2);
        QVERIFY2(files.err.contains("--kind and --comm choose among a session's MPI collectives"),
                 qPrintable(files.err));
    }

    // A tree whose root sees a departure before the last arrival (on one host, no clock model):
    // the guard reports it, in text and JSON, as not explained by the clocks; never clamped.
    void aNegativeStageIsReportedNotClamped()
    {
        QTemporaryDir dir;
        const QString tree = dir.filePath("neg.tree.json");
        const QString csv = dir.filePath("neg.trace.csv");
        QFile t(tree);
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write(R"({ "format": "xylem-tree/1", "name": "negative", "hosts": [ {"id": "A"} ],
                    "wrappers": [ {"id": "T1", "kind": "thread", "host": "A", "parent": "g"},
                                  {"id": "T2", "kind": "thread", "host": "A", "parent": "g"},
                                  {"id": "g", "kind": "gred", "host": "A", "parent": null} ] })");
        t.close();
        QFile c(csv);
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write("collector,seq,down_ns,up_ns\nT1,0,0,10\nT2,0,20,30\n");
        c.close();
        const auto text = runCli({"analyze", "--tree", tree, "--trace", csv});
        QVERIFY2(text.out.contains("stage guard: 2 stage means are negative (the worst: operation "
                                   "of T1 at g, -10 ns): not explained by the clocks"),
                 qPrintable(text.out));
        const QString s = dir.filePath("neg.xylem");
        QCOMPARE(runCli({"import", "--tree", tree, "--trace", csv, "-o", s}).exitCode, 0);
        const auto json = parseJson(runCli({"analyze", s, "--json"}).out);
        QCOMPARE(json["stage_guard"]["explained_by_clocks"], false);
        QCOMPARE(json["stage_guard"]["negative_stages"].size(), size_t(2));
        QCOMPARE(json["stage_guard"]["negative_stages"][0]["mean_ns"], -10.0);
        QCOMPARE(json["threads"]["T1"]["timemap"][1]["mean_ns"], -10.0); // as measured
    }

    // The real program: one run per synchronizing kind, none negative, the late rank found.
    void mixedProgramStoresARunPerKind()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath("mixed.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", s, "--shape", "flat"} +
                              mpirun({XYLEM_MPILOOP, "--pattern", "mixed", "--iterations", "40",
                                      "--late-rank", "2", "--late-us", "20000"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("one run per collective kind"), qPrintable(r.out));
        QVERIFY2(r.out.contains("run 1: MPI_Allreduce on MPI_COMM_WORLD, 40 calls"),
                 qPrintable(r.out));

        auto session = store::Session::open(s.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session);
        auto runs = store::listRuns(session.value());
        QVERIFY(runs);
        std::set<std::string> names;
        for (const store::RunInfo& info : runs.value()) {
            names.insert(info.metadata.name);
            QVERIFY(store::hasMpiTrace(session.value(), info.id).value());
            QCOMPARE(info.incompleteCalls, std::int64_t(0));
            const auto report =
                runCli({"analyze", s, "--run", QString::number(info.id), "--json"});
            QVERIFY2(report.exitCode == 0, qPrintable(report.err));
            for (const double mean : stageMeans(parseJson(report.out))) {
                QVERIFY2(mean >= 0, qPrintable(QStringLiteral("%1: a stage mean of %2 ns")
                                                   .arg(QString::fromStdString(
                                                       info.metadata.name))
                                                   .arg(mean)));
            }
        }
        for (const char* kind : {"MPI_Allreduce on MPI_COMM_WORLD", "MPI_Barrier on MPI_COMM_WORLD",
                                 "MPI_Allgather on MPI_COMM_WORLD", "MPI_Alltoall on MPI_COMM_WORLD",
                                 "MPI_Reduce_scatter on MPI_COMM_WORLD",
                                 "MPI_Allreduce on comm 1"}) {
            QVERIFY2(names.contains("mpi xylem-mpiloop: " + std::string(kind)), kind);
        }
        for (const std::string& name : names) {
            QVERIFY2(name.find("Bcast") == std::string::npos &&
                         name.find("Reduce on") == std::string::npos &&
                         name.find("Gather on") == std::string::npos,
                     name.c_str()); // rooted kinds are no stage tree
        }

        // The late rank (20 ms more computing: well above the time slices of 4 ranks on a small
        // machine) arrives last at the first collective after its computing: the world
        // Allreduce, the default (it has the most time), whose imbalance path ends at r2.
        const auto allreduce = parseJson(runCli({"analyze", s, "--json"}).out);
        QCOMPARE(allreduce["mpi_kind"]["label"], "MPI_Allreduce on MPI_COMM_WORLD");
        QCOMPARE(allreduce["imbalance_path"].back(), "r2");
        QVERIFY(allreduce["threads"]["r2"]["critical_arrivals"].get<int>() > 30);
        // Each rooted kind is summarised from the MPI data, its waits never negative.
        for (const char* kind : {"bcast", "reduce", "gather", "scatter"}) {
            const auto rooted = parseJson(runCli({"analyze", s, "--kind", kind, "--json"}).out);
            QCOMPARE(rooted["rooted"]["complete"], 40);
            QVERIFY(rooted["rooted"]["wait_per_call"]["min"].get<double>() >= 0);
        }
    }

    // With the late rank late before every collective (a sleep, so that the 4 ranks on 2 cores
    // keep the others on time), every kind finds it: the synchronizing ones at the end of their
    // imbalance path, the rooted ones as their late rank (the Bcast's and Scatter's roots turn,
    // so rank 2 is their late root a quarter of the time; Reduce's root 0 and Gather's root 3
    // wait for it).
    void lateRankIsFoundPerKind()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath("late.xylem");
        const auto r = runCli(QStringList{"mpi", "-o", s, "--shape", "flat"} +
                              mpirun({XYLEM_MPILOOP, "--pattern", "mixed", "--iterations", "16",
                                      "--late-rank", "2", "--late-us", "10000",
                                      "--late-each-call"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        for (const char* kind : {"MPI_Allreduce", "MPI_Barrier", "MPI_Allgather", "MPI_Alltoall",
                                 "MPI_Reduce_scatter"}) {
            const auto report = runCli({"analyze", s, "--kind", kind, "--comm", "0", "--json"});
            QVERIFY2(report.exitCode == 0, qPrintable(report.err));
            const auto json = parseJson(report.out);
            QCOMPARE(json["mpi_kind"]["call"], kind);
            QVERIFY2(json["imbalance_path"].back() == "r2",
                     qPrintable(QStringLiteral("%1: %2").arg(kind, report.out.left(2000))));
            for (const double mean : stageMeans(json)) {
                QVERIFY2(mean >= 0, kind);
            }
        }
        for (const char* kind : {"MPI_Bcast", "MPI_Reduce", "MPI_Gather", "MPI_Scatter"}) {
            const auto report = runCli({"analyze", s, "--kind", kind, "--comm", "0", "--json"});
            QVERIFY2(report.exitCode == 0, qPrintable(report.err));
            const auto json = parseJson(report.out);
            QVERIFY2(json["rooted"]["late_rank"] == 2,
                     qPrintable(QStringLiteral("%1: %2").arg(kind, report.out.left(2000))));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliMpiKinds)
#include "tst_climpikinds.moc"
