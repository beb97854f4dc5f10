// Xylem started by ssh, as on a cluster: a real sshd (key authentication only) on each of four
// emulated hosts, and the launcher template users give, `ssh -F CONFIG {host} {command}`.
// `xylem-cli record --hostfile` on a head node starts relays, collectors and the program on four
// machines in two clusters, each with its own clock: every tuple arrives, the planted slow thread
// ends the imbalance path, and each host's planted clock offset is what its model says, within
// the model's bound.
//
// Needs root, unshare --time, ip and openssh-server: skipped otherwise, with the reason.

#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/cluster/sshfarm.h"
#include "tests/support/processtree.h"

#include <QElapsedTimer>
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

class TestClusterSsh : public QObject
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
    }

    // The farm itself: every host answers as itself over ssh from the front-end's host, and a
    // client without the farm's key is refused at once (batch mode: no prompt, no hang).
    void everyHostAnswersByKeyOnly()
    {
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        auto made = EmulatedCluster::create(ClusterSpec::ofSize(4), dir);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        EmulatedCluster& cluster = *made.value();
        auto farm = SshFarm::start(cluster, dir + "/ssh", "h0");
        QVERIFY2(farm, farm ? "" : farm.error().describe().c_str());
        for (const auto& host : cluster.hosts()) {
            auto ran = cluster.run("h0", farm->sshArgv(host.name, "hostname"), 15s);
            QVERIFY2(ran, ran ? "" : ran.error().describe().c_str());
            QCOMPARE(QString::fromStdString(ran.value()).trimmed(),
                     QString::fromStdString(host.name));
        }
        // The same client configuration with another key: refused, within the connect bound.
        std::string config;
        {
            std::ifstream in(farm->clientConfig());
            config.assign(std::istreambuf_iterator<char>(in), {});
        }
        const std::string other = dir + "/ssh/other_key";
        QVERIFY(runChild({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", other}, 20s));
        config.replace(config.find(farm->folder() + "/client_key"),
                       (farm->folder() + "/client_key").size(), other);
        std::ofstream(dir + "/ssh/wrong_config") << config;
        QElapsedTimer clock;
        clock.start();
        auto refused =
            cluster.run("h0", {"ssh", "-F", dir + "/ssh/wrong_config", "h1", "hostname"}, 20s);
        QVERIFY2(!refused, "ssh with a key the farm does not know ran a command");
        QVERIFY2(refused.error().code != ErrorCode::TimedOut, refused.error().describe().c_str());
        QVERIFY(clock.elapsed() < 15000);
        cluster.teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }

    void recordOverSshAcrossTwoClusters()
    {
        QTemporaryDir work;
        const std::string dir = work.path().toStdString();
        // h0 is the head node (the front-end); h1..h4 run the program, each clock planted apart.
        const std::vector<std::int64_t> offsets{0, 2, -1, 3, -4};
        auto made = EmulatedCluster::create(ClusterSpec::ofSize(5, offsets), dir);
        QVERIFY2(made, made ? "" : made.error().describe().c_str());
        EmulatedCluster& cluster = *made.value();
        auto farm = SshFarm::start(cluster, dir + "/ssh", "h0");
        QVERIFY2(farm, farm ? "" : farm.error().describe().c_str());
        std::ofstream(dir + "/cluster.hosts") << "# two clusters of two machines\n"
                                         "h1 slots=2 cluster=a\nh2 slots=2 cluster=a\n"
                                         "h3 slots=2 cluster=b\nh4 slots=2 cluster=b\n";
        const std::string session = dir + "/cluster.xylem";
        const std::string log = dir + "/record.log";
        auto record = cluster.start(
            "h0",
            {XYLEM_CLI, "record", "--hostfile", dir + "/cluster.hosts", "--launcher", farm->launcher(),
             "--iterations", "3000", "--noise", "h3.t1:300", "-o", session},
            {"XYLEM_CLOCK=monotonic"}, log);
        QVERIFY(record);
        const auto status = cluster.wait(record.value(), 180s);
        const std::string out = tailOfFile(log, 20000);
        qInfo("record on h0 said:\n%s", out.c_str());
        QVERIFY2(status && WIFEXITED(*status) && WEXITSTATUS(*status) == 0, out.c_str());
        const QString text = QString::fromStdString(out);
        // Every tuple: 8 threads, 3000 calls (and the warm-up), nothing incomplete, none lost.
        const auto summary =
            QRegularExpression("record: (\\d+) complete calls, 0 incomplete").match(text);
        QVERIFY2(summary.hasMatch() && summary.captured(1).toLongLong() >= 3000, out.c_str());
        QVERIFY2(text.contains("gather rate 100.000 % (0 overwritten"), out.c_str());
        QVERIFY2(QRegularExpression("imbalance path [^\\n]* > h3\\.t1\\n").match(text).hasMatch(),
                 out.c_str());

        const auto info = cluster.run("h0", {XYLEM_CLI, "info", "--session", session, "--json"});
        QVERIFY2(info, info ? "" : info.error().describe().c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(info.value()));
        const QJsonArray clocks = doc["runs"][0]["clocks"].toArray();
        QCOMPARE(clocks.size(), 4);
        for (const QJsonValue c : clocks) {
            const QString host = c["host"].toString();
            const double planted = 1e9 * static_cast<double>(offsets[host.mid(1).toUInt()]);
            const double measured = -c["offset_ns"].toDouble(); // reference - local
            const double bound = c["error_bound_ns"].toDouble();
            qInfo("%s: planted %+.0f ns, measured %+.0f ns, bound %.0f ns", qPrintable(host),
                  planted, measured, bound);
            QVERIFY2(c["measured"].toBool() && c["master"].toString() == "h0", qPrintable(host));
            QVERIFY2(bound > 0 && std::abs(measured - planted) <= bound, qPrintable(host));
        }
        cluster.teardown();
        QVERIFY(childrenOf(::getpid()).empty());
    }
};

QTEST_GUILESS_MAIN(TestClusterSsh)
#include "tst_clusterssh.moc"
