// A front-end on one emulated host and collectors on two others, with no file between them:
// `xylem-cli record --attach` with the default --listen auto listens on the address its host
// routes to the collectors' hosts (not loopback), and xylem-collector --attach HOST:PORT on h0
// and h1, with the tree's token in their environment, is told its parent and joins across the
// switch, by address and by host name. With clocks planted apart, the run's clock models find
// the offsets within their bounds.
//
// Needs root, unshare --time and ip: skipped otherwise, with the reason.

#include "tests/cluster/emulatedcluster.h"
#include "tests/support/processtree.h"
#include "tests/support/waituntil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
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

} // namespace

class TestClusterAttach : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
            QSKIP(why.c_str());
        }
    }

    void collectorsOnOtherHostsAttachByTheFrontEndsAddress()
    {
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        // The program's hosts h0 and h1 are emulated hosts; the front-end runs on h2.
        auto made = EmulatedCluster::create(ClusterSpec::ofSize(3), dir);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        recordWithAttachedCollectors(*made.value(), dir, {});
        if (QTest::currentTestFailed()) {
            return;
        }
        made.value()->teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

    // Hosts whose clocks differ: h0 is 5 s ahead of the front-end's host, h1 3 s behind
    // (CLOCK_MONOTONIC in their time namespaces; XYLEM_CLOCK=monotonic makes it every process's
    // tuple clock). The run stores each host's model, and the measured offsets are the planted
    // ones within the error bound the model gives.
    void plantedClockOffsetsAreRecoveredWithinTheBound()
    {
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        auto made = EmulatedCluster::create(ClusterSpec::ofSize(3, {5, -3, 0}), dir);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        EmulatedCluster& cluster = *made.value();
        recordWithAttachedCollectors(cluster, dir, {"XYLEM_CLOCK=monotonic"});
        if (QTest::currentTestFailed()) {
            return;
        }
        const auto info = cluster.run(
            "h2", {XYLEM_CLI, "info", "--session", dir + "/a.xylem", "--json"});
        QVERIFY2(info, info ? "" : info.error().describe().c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(info.value()));
        const QJsonArray clocks = doc["runs"][0]["clocks"].toArray();
        QCOMPARE(clocks.size(), 2);
        const std::map<QString, double> planted{{"h0", 5e9}, {"h1", -3e9}};
        for (const QJsonValue c : clocks) {
            const QString host = c["host"].toString();
            QVERIFY2(c["measured"].toBool(), qPrintable(host));
            QCOMPARE(c["master"].toString(), QString("h2"));
            // offset_ns is reference - local: a host ahead has a negative one.
            const double error = std::abs(-c["offset_ns"].toDouble() - planted.at(host));
            const double bound = c["error_bound_ns"].toDouble();
            qInfo("%s: planted %+.0f ns, measured %+.0f ns, error %.0f ns, bound %.0f ns",
                  qPrintable(host), planted.at(host), -c["offset_ns"].toDouble(), error, bound);
            QVERIFY2(bound > 0 && error <= bound, qPrintable(host));
        }
        cluster.teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

private:
    // record --attach on h2 (auto listen: h2's address on the bridge), collectors on h0 (by
    // address) and h1 (by host name) with the token from the environment and `env`; both join,
    // the recording ends with 0 and the collectors leave at its Shutdown.
    void recordWithAttachedCollectors(EmulatedCluster& cluster, const std::string& dir,
                                      const std::vector<std::string>& env)
    {
        const auto config =
            cluster.run("h2", {XYLEM_CLI, "generate", "--hosts", "2", "--threads", "1"});
        QVERIFY2(config, config ? "" : config.error().describe().c_str());
        std::ofstream(dir + "/gsum.tree.json") << config.value();

        const std::string log = dir + "/record.log";
        auto record =
            cluster.start("h2",
                          {XYLEM_CLI, "record", "--attach", dir + "/tree.address", "--config",
                           dir + "/gsum.tree.json", "--duration", "2s", "-o", dir + "/a.xylem"},
                          env, log);
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
        // auto: the interface that routes to h0 and h1, not loopback.
        QCOMPARE(where.captured(1).toStdString(), cluster.address("h2"));
        // The token as a user passes it on (srun and mpirun export the environment); the
        // collectors read no file of the front-end's.
        const QRegularExpression tokenLine("\ntoken ([0-9a-f]+)\n");
        const QString token =
            tokenLine.match(QString::fromStdString(fileText(dir + "/tree.address"))).captured(1);
        QVERIFY(!token.isEmpty());
        const std::string port = where.captured(2).toStdString();
        std::vector<HostProcess> collectors;
        for (const std::string host : {"h0", "h1"}) {
            // h0 dials the address, h1 the front-end's host name (its /etc/hosts knows h2).
            const std::string frontEnd = (host == "h0" ? cluster.address("h2") : "h2") + ":" + port;
            auto collectorEnv = env;
            collectorEnv.push_back("XYLEM_TREE_TOKEN=" + token.toStdString());
            auto c = cluster.start(host, {XYLEM_COLLECTOR, "--attach", frontEnd, "--host", host},
                                   collectorEnv, dir + "/collector-" + host + ".log");
            QVERIFY(c);
            collectors.push_back(c.value());
        }
        QVERIFY2(
            waitUntil([&] { return fileText(log).find("nodes up") != std::string::npos; }, 30s),
            (fileText(log) + fileText(dir + "/collector-h0.log") +
             fileText(dir + "/collector-h1.log"))
                .c_str());
        const auto status = cluster.wait(record.value(), 60s);
        QVERIFY2(status && WIFEXITED(*status) && WEXITSTATUS(*status) == 0, fileText(log).c_str());
        for (const HostProcess& c : collectors) {
            const auto ended = cluster.wait(c, 10s); // Shutdown reached them across the switch
            QVERIFY2(ended && WIFEXITED(*ended) && WEXITSTATUS(*ended) == 0,
                     fileText(dir + "/collector-" + c.host + ".log").c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestClusterAttach)
#include "tst_clusterattach.moc"
