// Xylem under a real Slurm, as on a cluster: munged, slurmctld on the head host h0 and a slurmd
// on each compute host (h1, h2), every host with its own planted CLOCK_MONOTONIC offset and
// XYLEM_CLOCK=monotonic.
//   - `xylem-cli record --hostfile --launcher 'srun -N1 -n1 -w {host} {command}'` on the head:
//     srun starts the collectors and xylem-gsum on the compute hosts; every call arrives, the
//     planted slow thread ends the imbalance path, each host's clock offset is what its model
//     says within the model's bound, and no job is left in the queue.
//   - the user's own srun: `record --attach` on the head, `srun --ntasks-per-node=1 -N2
//     xylem-collector --attach HOST:PORT` with the token in the environment (each collector's
//     leaf from SLURM_NODEID: the tree's hosts are labels, not the nodes' names), the workload
//     started by srun as well; the run is recorded and analysed.
//
// Needs root, unshare --time, ip, Slurm and munge: skipped otherwise, with the reason.

#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/cluster/slurm/slurmfarm.h"
#include "tests/support/processtree.h"
#include "tests/support/waituntil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;
using namespace std::chrono_literals;

namespace {

std::string fileText(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Seconds each host's CLOCK_MONOTONIC is ahead of the machine's.
const std::vector<std::int64_t> kOffsets{0, 2, -1};

} // namespace

class TestClusterSlurm : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        if (const std::string why = SlurmFarm::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
        m_work = std::make_unique<QTemporaryDir>();
        m_dir = m_work->path().toStdString();
        auto made = EmulatedCluster::create(ClusterSpec::ofSize(3, kOffsets), m_dir);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        m_cluster = std::move(made).value();
        auto farm = SlurmFarm::start(*m_cluster, m_dir + "/slurm", "h0", {"h1", "h2"});
        QVERIFY2(farm, farm ? "" : farm.error().describe().c_str());
        m_farm = std::move(farm).value();
    }

    // srun as record's launcher: collectors and xylem-gsum on h1 and h2, started from h0.
    void recordThroughSrunAsTheLauncher()
    {
        std::ofstream(m_dir + "/slurm.hosts") << "h1 slots=2\nh2 slots=2\n";
        const std::string session = m_dir + "/launched.xylem";
        const std::string log = m_dir + "/record-launched.log";
        auto record = m_cluster->start(
            "h0",
            {XYLEM_CLI, "record", "--hostfile", m_dir + "/slurm.hosts", "--launcher",
             SlurmFarm::launcher(), "--iterations", "3000", "--noise", "h2.t1:300", "-o", session},
            {"XYLEM_CLOCK=monotonic", m_farm->environment()}, log);
        QVERIFY(record);
        const auto status = m_cluster->wait(record.value(), 120s);
        const std::string out = tailOfFile(log, 20000);
        qInfo("record on h0 said:\n%s", out.c_str());
        QVERIFY2(status && WIFEXITED(*status) && WEXITSTATUS(*status) == 0,
                 (out + m_farm->logs()).c_str());
        const QString text = QString::fromStdString(out);
        // Every call of 4 threads: 3000 and the warm-up, none incomplete, no tuple lost.
        const auto summary =
            QRegularExpression("record: (\\d+) complete calls, 0 incomplete").match(text);
        QVERIFY2(summary.hasMatch() && summary.captured(1).toLongLong() >= 3000, out.c_str());
        QVERIFY2(text.contains("gather rate 100.000 % (0 overwritten"), out.c_str());
        QVERIFY2(QRegularExpression("imbalance path [^\\n]* > h2\\.t1\\n").match(text).hasMatch(),
                 out.c_str());
        // Slurm placed them: the controller allocated on both nodes, and every job ended.
        const std::string controller = fileText(m_farm->folder() + "/log/slurmctld.log");
        for (const std::string node : {"h1", "h2"}) {
            QVERIFY2(controller.find("_slurm_rpc_allocate_resources JobId=") !=
                             std::string::npos &&
                         controller.find("NodeList=" + node + " ") != std::string::npos,
                     controller.c_str());
        }
        expectEmptyQueue();

        analyse(session, "h2.t1", 3000);
        const auto info = m_cluster->run("h0", {XYLEM_CLI, "info", "--session", session, "--json"});
        QVERIFY2(info, info ? "" : info.error().describe().c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(info.value()));
        const QJsonArray clocks = doc["runs"][0]["clocks"].toArray();
        QCOMPARE(clocks.size(), 2);
        for (const QJsonValue c : clocks) {
            const QString host = c["host"].toString();
            const double planted = 1e9 * static_cast<double>(kOffsets.at(host.mid(1).toUInt()));
            const double measured = -c["offset_ns"].toDouble(); // reference - local
            const double bound = c["error_bound_ns"].toDouble();
            qInfo("%s: planted %+.0f ns, measured %+.0f ns, bound %.0f ns", qPrintable(host),
                  planted, measured, bound);
            QVERIFY2(c["measured"].toBool() && c["master"].toString() == "h0", qPrintable(host));
            QVERIFY2(bound > 0 && std::abs(measured - planted) <= bound,
                     QJsonDocument(c.toObject()).toJson().constData());
        }
    }

    // The user's own srun: record waits on the head, srun places a collector on each node of
    // its job and they attach by HOST:PORT with the token in their environment. The tree's hosts
    // are labels (n0, n1), not the nodes' names, so each collector's leaf comes from its
    // SLURM_NODEID; the workload is started by srun too, each task taking the configuration's
    // host of its node index. n0 runs on h1 and n1 on h2: their clock models show it.
    void collectorsPlacedByTheUsersOwnSrun()
    {
        const auto generated = m_cluster->run(
            "h0", {XYLEM_CLI, "generate", "--hosts", "n0:c0,n1:c0", "--threads", "2"});
        QVERIFY2(generated, generated ? "" : generated.error().describe().c_str());
        std::ofstream(m_dir + "/labels.tree.json") << generated.value();
        const std::string session = m_dir + "/attached.xylem";
        const std::string log = m_dir + "/record-attached.log";
        // --listen: auto takes the route to the tree's first host, and a label has none.
        const std::string head = m_cluster->address("h0");
        auto record = m_cluster->start(
            "h0",
            {XYLEM_CLI, "record", "--attach", m_dir + "/tree.address", "--config",
             m_dir + "/labels.tree.json", "--listen", head, "--duration", "120s", "-o", session},
            {"XYLEM_CLOCK=monotonic"}, log);
        QVERIFY(record);
        const QRegularExpression said("or at ([0-9.]+):([0-9]+) with the tree's token");
        QRegularExpressionMatch where;
        QVERIFY2(waitUntil(
                     [&] {
                         where = said.match(QString::fromStdString(fileText(log)));
                         return where.hasMatch();
                     },
                     30s),
                 fileText(log).c_str());
        QCOMPARE(where.captured(1).toStdString(), head);
        const QString token = QRegularExpression("\ntoken ([0-9a-f]+)\n")
                                  .match(QString::fromStdString(fileText(m_dir + "/tree.address")))
                                  .captured(1);
        QVERIFY(!token.isEmpty());

        const std::string prefix = "xylem-slurmtest-" + std::to_string(::getpid()) + "-";
        const std::string collectorsLog = m_dir + "/collectors.log";
        auto collectors = m_cluster->start(
            "h0",
            {"srun", "--ntasks-per-node=1", "-N2", XYLEM_COLLECTOR, "--attach",
             head + ":" + where.captured(2).toStdString(), "--ring-prefix", prefix},
            {m_farm->environment(), "XYLEM_CLOCK=monotonic",
             "XYLEM_TREE_TOKEN=" + token.toStdString()},
            collectorsLog);
        QVERIFY(collectors);
        QVERIFY2(
            waitUntil([&] { return fileText(log).find("nodes up") != std::string::npos; }, 30s),
            (fileText(log) + fileText(collectorsLog) + m_farm->logs()).c_str());
        for (const std::string line :
             {"node 0 of the srun job (SLURM_NODEID) takes leaf 1 (n0)",
              "node 1 of the srun job (SLURM_NODEID) takes leaf 2 (n1)"}) {
            QVERIFY2(fileText(collectorsLog).find(line) != std::string::npos,
                     fileText(collectorsLog).c_str());
        }

        // The workload: xylem-gsum run per node, host n<node index>, on the node's address.
        std::filesystem::create_directories(m_dir + "/gsum-run");
        const std::string workloadLog = m_dir + "/workload.log";
        auto workload = m_cluster->start(
            "h0",
            {"srun", "--ntasks-per-node=1", "-N2", "sh", "-c",
             std::string("exec ") + XYLEM_GSUM + " run --config " + m_dir +
                 "/labels.tree.json --host n$SLURM_NODEID --rundir " + m_dir +
                 "/gsum-run --listen $(hostname -i) --iterations 2000 --noise n1.t1:300"},
            {m_farm->environment(), "XYLEM_CLOCK=monotonic", "XYLEM_GSUM_TOKEN=slurm-test-run",
             "XYLEM_RING_PREFIX=" + prefix},
            workloadLog);
        QVERIFY(workload);
        const auto ran = m_cluster->wait(workload.value(), 60s);
        QVERIFY2(ran && WIFEXITED(*ran) && WEXITSTATUS(*ran) == 0,
                 (fileText(workloadLog) + fileText(log)).c_str());
        for (const std::string host : {"n0", "n1"}) {
            QVERIFY2(fileText(workloadLog).find("gsum host=" + host + " threads=2 calls=2000") !=
                         std::string::npos,
                     fileText(workloadLog).c_str());
        }

        // The program is done: Ctrl-C ends the recording, the rings drained first.
        ::kill(record->pid, SIGTERM);
        const auto status = m_cluster->wait(record.value(), 60s);
        const std::string out = fileText(log);
        qInfo("record on h0 said:\n%s", out.c_str());
        QVERIFY2(status && WIFEXITED(*status) && WEXITSTATUS(*status) == 0, out.c_str());
        const auto left = m_cluster->wait(collectors.value(), 20s); // Shutdown reached them
        QVERIFY2(left && WIFEXITED(*left) && WEXITSTATUS(*left) == 0,
                 fileText(collectorsLog).c_str());
        const QString text = QString::fromStdString(out);
        const auto summary =
            QRegularExpression("record: (\\d+) complete calls, 0 incomplete").match(text);
        QVERIFY2(summary.hasMatch() && summary.captured(1).toLongLong() >= 2000, out.c_str());
        QVERIFY2(text.contains("gather rate 100.000 % (0 overwritten"), out.c_str());
        expectEmptyQueue();

        analyse(session, "n1.t1", 2000);
        const auto info = m_cluster->run("h0", {XYLEM_CLI, "info", "--session", session, "--json"});
        QVERIFY2(info, info ? "" : info.error().describe().c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(info.value()));
        const QJsonArray clocks = doc["runs"][0]["clocks"].toArray();
        QCOMPARE(clocks.size(), 2);
        // Node 0 of the job is h1, node 1 is h2.
        const std::map<QString, double> planted{{"n0", 1e9 * double(kOffsets[1])},
                                                {"n1", 1e9 * double(kOffsets[2])}};
        for (const QJsonValue c : clocks) {
            const QString host = c["host"].toString();
            QVERIFY2(planted.count(host) == 1, qPrintable(host));
            const double measured = -c["offset_ns"].toDouble();
            const double bound = c["error_bound_ns"].toDouble();
            qInfo("%s: planted %+.0f ns, measured %+.0f ns, bound %.0f ns", qPrintable(host),
                  planted.at(host), measured, bound);
            QVERIFY2(c["measured"].toBool() && bound > 0 &&
                         std::abs(measured - planted.at(host)) <= bound,
                     qPrintable(host));
        }
    }

    // A daemon that cannot run is named with its log, and the farm leaves nothing behind: a
    // second farm on the same hosts finds Slurm's ports taken by the first.
    void aDaemonThatDiesIsNamedWithItsLog()
    {
        const auto before = childrenOf(::getpid()).size();
        auto second = SlurmFarm::start(*m_cluster, m_dir + "/second", "h0", {"h1", "h2"});
        QVERIFY(!second);
        const std::string why = second.error().describe();
        qInfo("%s", why.c_str());
        QVERIFY2(why.find(" ended with ") != std::string::npos &&
                     why.find("its log:") != std::string::npos &&
                     why.find("Address already in use") != std::string::npos,
                 why.c_str());
        QCOMPARE(childrenOf(::getpid()).size(), before); // its munged and daemons are gone
        expectEmptyQueue(); // and the first farm still answers
    }

    void cleanupTestCase()
    {
        if (!m_cluster) {
            return;
        }
        m_farm.reset();
        m_cluster->teardown();
        m_cluster.reset();
        QVERIFY(childrenOf(::getpid()).empty());
    }

private:
    // squeue empty: srun's jobs ended with the recording (bounded: the controller hears of the
    // last job's end a moment after srun returns).
    void expectEmptyQueue()
    {
        std::string queue;
        const bool empty = waitUntil(
            [&] {
                auto q = m_cluster->run("h0", {"env", m_farm->environment(), "squeue", "-h"}, 10s);
                queue = q ? q.value() : q.error().describe();
                return q && q.value().empty();
            },
            20s, 100ms);
        QVERIFY2(empty, ("jobs left in the queue: " + queue).c_str());
    }

    // `xylem-cli analyze` on the session's run: every call analysed, `culprit` ends the path.
    void analyse(const std::string& session, const std::string& culprit, long long calls)
    {
        const auto analysed =
            m_cluster->run("h0", {XYLEM_CLI, "analyze", "--session", session, "--run", "1"});
        QVERIFY2(analysed, analysed ? "" : analysed.error().describe().c_str());
        const QString text = QString::fromStdString(analysed.value());
        const auto count = QRegularExpression("(\\d+) calls analysed, 0 incomplete").match(text);
        QVERIFY2(count.hasMatch() && count.captured(1).toLongLong() >= calls, qPrintable(text));
        if (!culprit.empty()) {
            QVERIFY2(QRegularExpression("Imbalance path [^\\n]* > " +
                                        QRegularExpression::escape(QString::fromStdString(culprit)) +
                                        "\\n")
                         .match(text)
                         .hasMatch(),
                     qPrintable(text));
        }
    }

    std::unique_ptr<QTemporaryDir> m_work;
    std::string m_dir;
    std::unique_ptr<EmulatedCluster> m_cluster;
    std::unique_ptr<SlurmFarm> m_farm;
};

QTEST_GUILESS_MAIN(TestClusterSlurm)
#include "tst_clusterslurm.moc"
