// An MPI program across emulated hosts, recorded as a user does on a cluster:
//
//   xylem-cli mpi --launcher 'ssh -F CONFIG {host} {command}' -o S.xylem --
//       mpirun --mca plm_rsh_agent 'ssh -F CONFIG' -H h1:2,h2:2 -np 4 xylem-mpiloop ...
//
// on the head node h0, with a real sshd on every host (tests/cluster/sshfarm.h) and OpenMPI
// starting its daemons over it. xylem-cli reads the job's hosts from the command, starts a
// collector on each through its launcher, and has mpirun forward what the ranks need (-x).
// Each host has its own clock (planted offsets), its own /dev/shm, and does not see h0's
// scratch folder, as on a cluster without a shared /tmp: rank 0's description is fetched from
// its host through the launcher. The ranks on both hosts are stored, each host's clock is
// modelled with the planted offset inside the model's bound, and the late rank ends the
// imbalance path and is the main cause of waiting at the Allreduce.
//
// Needs root, unshare --time, ip, openssh-server and OpenMPI: skipped otherwise, with the reason.

#include "core/analysis/analyzer.h"
#include "core/analysis/waitstates.h"
#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/session.h"
#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/cluster/sshfarm.h"
#include "tests/support/processtree.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;
using namespace std::chrono_literals;

namespace {

constexpr int kLateRank = 3; // on h2 (two slots a host, filled in order)

} // namespace

class TestClusterMpi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        if (const std::string why = SshFarm::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        if (!std::filesystem::exists("/usr/bin/mpirun")) {
            QSKIP("needs OpenMPI's mpirun (install-deps.sh installs it)");
        }
    }

    void mpirunAcrossTwoHosts()
    {
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        // h0: the head node (xylem-cli, mpirun); h1, h2: two ranks each.
        const std::vector<std::int64_t> offsets{0, 3, -2};
        ClusterSpec spec = ClusterSpec::ofSize(3, offsets);
        const std::string headTmp = dir + "/hosts/h0/tmp"; // xylem-cli's TMPDIR on h0
        QVERIFY(std::filesystem::create_directories(headTmp));
        spec.hosts[1].hidden = {headTmp};
        spec.hosts[2].hidden = {headTmp};
        auto made = EmulatedCluster::create(spec, dir);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        EmulatedCluster& cluster = *made.value();
        QCOMPARE(cluster.tmpDir("h0"), headTmp);
        auto farm = SshFarm::start(cluster, dir + "/ssh", "h0");
        QVERIFY2(farm, farm ? "" : farm.error().describe().c_str());

        const std::string session = dir + "/mpi.xylem";
        const std::string log = dir + "/mpi.log";
        const std::string agent = "ssh -F " + farm->clientConfig();
        auto mpi = cluster.start(
            "h0",
            {XYLEM_CLI, "mpi", "--launcher", farm->launcher(), "--shape", "flat", "-o", session,
             "--", "mpirun", "--allow-run-as-root", "--oversubscribe", "--mca", "plm_rsh_agent",
             agent, "--mca", "plm_rsh_no_tree_spawn", "1", "-H", "h1:2,h2:2", "-np", "4",
             XYLEM_MPILOOP, "--iterations", "300", "--late-rank", std::to_string(kLateRank),
             "--late-us", "8000"},
            {"XYLEM_CLOCK=monotonic"}, log);
        QVERIFY(mpi);
        const auto status = cluster.wait(mpi.value(), 180s);
        const std::string out = tailOfFile(log, 20000);
        qInfo("xylem-cli mpi on h0 said:\n%s", out.c_str());
        QVERIFY2(status && WIFEXITED(*status) && WEXITSTATUS(*status) == 0, out.c_str());
        QVERIFY2(out.find("4 ranks") != std::string::npos, out.c_str());
        QVERIFY2(out.find("MPI_Allreduce: 1200") != std::string::npos, out.c_str());

        // Ranks on both hosts, each host's clock modelled: the planted offsets, as h2 against
        // h1 (rank 0's host, the reference), inside the model's bound.
        const auto info = cluster.run("h0", {XYLEM_CLI, "info", "--session", session, "--json"});
        QVERIFY2(info, info ? "" : info.error().describe().c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(info.value()));
        const QJsonObject run = doc["runs"][0].toObject();
        QVERIFY2(run["clock"].toString().startsWith("monotonic, corrected to host h1"),
                 qPrintable(run["clock"].toString()));
        const QJsonArray clocks = run["clocks"].toArray();
        QCOMPARE(clocks.size(), 2);
        for (const QJsonValue c : clocks) {
            const QString host = c["host"].toString();
            QVERIFY2(host == "h1" || host == "h2", qPrintable(host));
            if (host == "h1") {
                QVERIFY(c["reference"].toBool());
                continue;
            }
            const double planted = 1e9 * static_cast<double>(offsets[2] - offsets[1]);
            const double measured = -c["offset_ns"].toDouble(); // reference - local
            const double bound = c["error_bound_ns"].toDouble();
            qInfo("h2 against h1: planted %+.0f ns, measured %+.0f ns, bound %.0f ns", planted,
                  measured, bound);
            QVERIFY(c["measured"].toBool());
            QVERIFY2(bound > 0 && std::abs(measured - planted) <= bound, qPrintable(host));
        }

        // The late rank, found from what was stored.
        auto stored = store::Session::open(session, store::OpenMode::ReadOnly);
        QVERIFY(stored);
        auto trace = store::mpiTrace(stored.value(), 1);
        QVERIFY2(trace, trace ? "" : trace.error().describe().c_str());
        QCOMPARE(trace->ranks.size(), size_t(4));
        QCOMPARE(QString::fromStdString(trace->ranks[0].host), QStringLiteral("h1"));
        QCOMPARE(QString::fromStdString(trace->ranks[kLateRank].host), QStringLiteral("h2"));
        const auto collective = collectiveRun(trace.value(), 0, RunShape::Flat);
        QVERIFY(collective);
        const AnalysisReport report = analyze(collective.value());
        // Four ranks busy-waiting on two cores are descheduled for milliseconds now and then;
        // the late rank is 8 ms late on every call.
        QVERIFY(!report.imbalancePath.empty());
        const std::string last = report.configuration->wrapper(report.imbalancePath.back()).id;
        QVERIFY2(last == rankWrapperId(kLateRank), last.c_str());
        // And the others wait for it at the Allreduce, across the two hosts' clocks.
        const auto waits = analyzeWaitStates(trace.value());
        QVERIFY2(waits, waits ? "" : waits.error().describe().c_str());
        QCOMPARE(waits->of(WaitPattern::WaitAtNxN).mainCause, kLateRank);

        // Nothing left on the hosts: no ring in h1's or h2's /dev/shm, no scratch folder.
        for (const char* host : {"h1", "h2"}) {
            const auto rings = cluster.run(host, {"ls", "-A", "/dev/shm"});
            QVERIFY(rings);
            QVERIFY2(rings->find("xylem") == std::string::npos, rings->c_str());
            const auto scratch = cluster.run(host, {"ls", "-A", headTmp});
            QVERIFY(scratch);
            QCOMPARE(scratch.value(), std::string());
        }
        cluster.teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }
};

QTEST_GUILESS_MAIN(TestClusterMpi)
#include "tst_clustermpi.moc"
