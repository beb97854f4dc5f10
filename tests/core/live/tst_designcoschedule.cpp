// A scope design's coscheduling reaches a real collector: on a tree of xylem-relay and
// xylem-collector processes, a program's ring (xylem-test-recorder) shows in its header the
// point the collector waits for — after-release when one of two monitors on that collector asks
// after-send and the other after-release (the most demanding wins, scopedeploy.h), and off
// again once the design is redeployed without it.

#include "collectors/ring/ringlayout.h"
#include "core/gather/topology.h"
#include "core/live/scopedeployment.h"
#include "core/live/scopegenerator.h"
#include "core/model/configurationjson.h"
#include "core/tree/frontend.h"
#include "tests/support/ringprefix.h"
#include "tests/support/waituntil.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::live;

namespace {

// A tree of one collector (and the front-end) that reads the rings with the prefix.
std::unique_ptr<tree::FrontEnd> startLeaf(const std::string& ringPrefix)
{
    tree::FrontEndOptions options;
    options.topology = gather::levelTopology({1}, "localhost").value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.launch.collectorArguments = {"--host", "localhost", "--ring-prefix", ringPrefix};
    options.startTimeout = std::chrono::seconds(20);
    auto tree = tree::FrontEnd::start(std::move(options));
    return tree ? std::move(tree).value() : nullptr;
}

// Starts xylem-test-recorder recording into one ring of 4096 tuples, and for good; the ring's
// name, empty when it did not start.
std::string startRecorder(QProcess& process, const std::string& prefix, const QString& socket)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XYLEM_RING_PREFIX", QString::fromStdString(prefix));
    env.insert("XYLEM_COLLECTOR_SOCKET", socket); // none there: the collector finds the ring
    env.insert("XYLEM_RING_CAPACITY", "4096");
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(QStringLiteral(XYLEM_TEST_RECORDER), {"--records", "100", "--then", "run"});
    if (!process.waitForStarted(10000)) {
        return {};
    }
    while (!process.canReadLine()) {
        if (!process.waitForReadyRead(10000)) {
            return {};
        }
    }
    const QStringList words = QString::fromUtf8(process.readLine()).trimmed().split(' ');
    return words.size() == 2 && words[0] == "ready" ? words[1].toStdString() : std::string();
}

// The header of a ring, mapped read-only: what its readers ask of the program.
class RingHeaderView
{
public:
    explicit RingHeaderView(const std::string& name)
    {
        const int fd = ::shm_open(name.c_str(), O_RDONLY, 0);
        if (fd < 0) {
            return;
        }
        void* mapped = ::mmap(nullptr, ring::kHeaderBytes, PROT_READ, MAP_SHARED, fd, 0);
        ::close(fd);
        m_header = mapped == MAP_FAILED ? nullptr : static_cast<const ring::RingHeader*>(mapped);
    }
    ~RingHeaderView()
    {
        if (m_header) {
            ::munmap(const_cast<ring::RingHeader*>(m_header), ring::kHeaderBytes);
        }
    }
    RingHeaderView(const RingHeaderView&) = delete;
    RingHeaderView& operator=(const RingHeaderView&) = delete;

    bool mapped() const { return m_header != nullptr; }
    // The CoschedulePoint the collector waits for: 0 off, 1 after-send, 2 after-release.
    std::uint32_t coschedule() const { return m_header->coschedule.load(); }

private:
    const ring::RingHeader* m_header = nullptr;
};

// Every filter of design asks for mode.
void coscheduleEveryFilter(ScopeDesign& design, const std::string& mode)
{
    for (auto& node : design.nodes) {
        if (node.kind == DesignNodeKind::Filter) {
            node.filter.coschedule = mode;
        }
    }
}

} // namespace

class TestDesignCoschedule : public QObject
{
    Q_OBJECT

private slots:
    void theMostDemandingModeReachesTheCollector()
    {
        testing::RingPrefix prefix("designco");
        QTemporaryDir dir;
        QProcess recorder;
        const std::string ringName = startRecorder(recorder, prefix.prefix(), dir.filePath("none"));
        QVERIFY(!ringName.empty());
        const RingHeaderView header(ringName);
        QVERIFY(header.mapped());
        QCOMPARE(header.coschedule(), 0u);

        auto tree = startLeaf(prefix.prefix());
        QVERIFY(tree);
        const auto config = readConfigurationFile(XYLEM_TEST_DATA_DIR "/two-hosts.tree.json");
        QVERIFY(config);
        ScopeDesign design = designFromTopology(tree->topology(), "coscheduled").value();
        int collector = kNoNode;
        for (const auto& node : design.nodes) {
            collector = node.kind == DesignNodeKind::Collector ? node.id : collector;
        }
        QVERIFY(setRing(design, collector, {4096, "fill-read"})); // the program's own: no resize
        // Two monitors on the one collector: its ring counts summed after-send, and their
        // maximum after-release.
        for (const auto& [reduce, mode] : {std::pair{ReduceOperator::Sum, "after-send"},
                                           std::pair{ReduceOperator::Max, "after-release"}}) {
            DesignNode filter;
            filter.kind = DesignNodeKind::Filter;
            filter.parent = collector;
            filter.filter.kind = FilterKind::Reduce;
            filter.filter.reduce = reduce;
            filter.filter.coschedule = mode;
            QVERIFY(addNode(design, filter));
        }

        auto deployed = ScopeDeployment::deploy(*tree, config.value(), design, nullptr);
        QVERIFY2(deployed, deployed ? "" : deployed.error().describe().c_str());
        ScopeDeployment& deployment = *deployed.value();
        const auto pollUntil = [&](std::uint32_t point) {
            return testing::waitUntil(
                [&] {
                    (void)deployment.poll(std::chrono::seconds(5));
                    return header.coschedule() == point;
                },
                std::chrono::seconds(30));
        };
        QVERIFY2(pollUntil(2), qPrintable(QString::number(header.coschedule())));

        coscheduleEveryFilter(design, "off");
        const auto change = deployment.redeploy(design);
        QVERIFY2(change, change ? "" : change.error().describe().c_str());
        QVERIFY(change->coschedule);
        QVERIFY2(pollUntil(0), qPrintable(QString::number(header.coschedule())));

        QVERIFY(deployment.close());
        deployed.value().reset();
        tree.reset();
        recorder.kill();
        QVERIFY(recorder.waitForFinished(10000));
    }
};

QTEST_GUILESS_MAIN(TestDesignCoschedule)
#include "tst_designcoschedule.moc"
