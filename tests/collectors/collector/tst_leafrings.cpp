// A collector the tree starts with a ring prefix of the run's own is the one that removes the
// run's finished rings when it leaves: a program that ended (or was killed with xylem-cli)
// leaves its rings for the collector to drain, and once the tree is gone nobody else would
// remove them. Rings still being written stay, for whoever outlives their writer.

#include "core/gather/topology.h"
#include "core/tree/frontend.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QProcess>
#include <QtTest>

#include "collectortesthelpers.h"

using namespace xylem;
using namespace xylem::collectortest;

namespace {

QStringList ringsOf(const std::string& prefix)
{
    return QDir("/dev/shm").entryList({QString::fromStdString(prefix) + "*"});
}

std::unique_ptr<tree::FrontEnd> startLeaf(const std::string& ringPrefix)
{
    tree::FrontEndOptions options;
    options.topology = gather::levelTopology({1}, "localhost").value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.launch.collectorArguments = {"--host", "leaf{rank}", "--ring-prefix", ringPrefix};
    options.startTimeout = std::chrono::seconds(20);
    auto tree = tree::FrontEnd::start(std::move(options));
    return tree ? std::move(tree).value() : nullptr;
}

} // namespace

class TestLeafRings : public QObject
{
    Q_OBJECT

private slots:
    void leavingLeafRemovesTheRunsFinishedRings()
    {
        RingPrefix prefix("leafrings");
        const QString noCollector = QDir::temp().filePath("no-collector.sock");
        QProcess ended, running;
        QVERIFY(startRecorder(ended, prefix.prefix() + "ended-", noCollector,
                              {"--records", "100", "--then", "exit"}));
        QVERIFY(ended.waitForFinished(10000));
        QVERIFY(startRecorder(running, prefix.prefix() + "running-", noCollector,
                              {"--records", "100", "--then", "run"}));
        QCOMPARE(ringsOf(prefix.prefix()).size(), 2);

        auto tree = startLeaf(prefix.prefix());
        QVERIFY(tree);
        tree.reset(); // Shutdown: the leaf leaves (and is reaped before this returns)

        QCOMPARE(ringsOf(prefix.prefix() + "ended-").size(), 0);
        QCOMPARE(ringsOf(prefix.prefix() + "running-").size(), 1); // its writer still runs
        running.kill();
        running.waitForFinished(10000);
    }
};

QTEST_GUILESS_MAIN(TestLeafRings)
#include "tst_leafrings.moc"
