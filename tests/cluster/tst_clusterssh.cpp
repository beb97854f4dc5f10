// Xylem started by ssh, as on a cluster: a real sshd (key authentication only) on each of four
// emulated hosts, and the launcher template users give, `ssh -F CONFIG {host} {command}`.
//
// Needs root, unshare --time, ip and openssh-server: skipped otherwise, with the reason.

#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/cluster/sshfarm.h"
#include "tests/support/processtree.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
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
};

QTEST_GUILESS_MAIN(TestClusterSsh)
#include "tst_clusterssh.moc"
