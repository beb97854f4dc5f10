// Scope designs (issue 10): built through the model's operations, every operation undone by its
// inverse and redone, refused edits leave the design alone, validation names the offending
// node, and generators and presets lay out what the deployment needs.

#include "core/live/scopedesign.h"
#include "core/live/scopegenerator.h"
#include "core/model/configurationjson.h"
#include "core/tree/addressfile.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::live;

namespace {

DesignNode make(DesignNodeKind kind, std::string host, int parent = kNoNode)
{
    DesignNode node;
    node.kind = kind;
    node.host = std::move(host);
    node.parent = parent;
    return node;
}

DesignNode filterNode(FilterKind kind, int parent)
{
    DesignNode node = make(DesignNodeKind::Filter, "", parent);
    node.filter.kind = kind;
    return node;
}

// front-end 1, relay 2 on r, collectors 3 (n1) and 4 (n2) under the relay.
ScopeDesign smallTree()
{
    ScopeDesign design;
    const int fe = addNode(design, make(DesignNodeKind::FrontEnd, "fe")).value();
    const int relay = addNode(design, make(DesignNodeKind::Relay, "r", fe)).value();
    (void)addNode(design, make(DesignNodeKind::Collector, "n1", relay)).value();
    (void)addNode(design, make(DesignNodeKind::Collector, "n2", relay)).value();
    return design;
}

QStringList messages(const std::vector<DesignIssue>& issues)
{
    QStringList list;
    for (const auto& issue : issues) {
        list << QString::number(issue.nodeId) + ": " + QString::fromStdString(issue.message);
    }
    return list;
}

} // namespace

class TestScopeDesign : public QObject
{
    Q_OBJECT

private slots:
    void aTreeBuiltThroughOperationsValidates()
    {
        ScopeDesign design = smallTree();
        QCOMPARE(design.nodes.size(), size_t(4));
        QCOMPARE(design.childrenOf(2), (std::vector<int>{3, 4}));
        QVERIFY2(validate(design).empty(), qPrintable(messages(validate(design)).join('\n')));
        QVERIFY(applyPreset(design, Monitor::LoadBalance));
        QVERIFY2(validate(design).empty(), qPrintable(messages(validate(design)).join('\n')));
        QCOMPARE(design.filterChainOf(3).size(), size_t(1));
    }

    void removeAndRestoreRoundTrip()
    {
        ScopeDesign design = smallTree();
        const ScopeDesign before = design;
        auto removed = removeNode(design, 2);
        QVERIFY(removed);
        QCOMPARE(removed->detached, (std::vector<int>{3, 4}));
        QCOMPARE(design.find(3)->parent, kNoNode);
        const ScopeDesign after = design;
        QVERIFY(restoreNode(design, removed.value()));
        QVERIFY(design.find(2) && design.find(3)->parent == 2 && design.find(4)->parent == 2);
        QCOMPARE(design.childrenOf(2), before.childrenOf(2));
        // Redo: the same removal again gives the same design.
        QVERIFY(removeNode(design, 2));
        QCOMPARE(design.childrenOf(1), after.childrenOf(1));
        QCOMPARE(design.find(3)->parent, kNoNode);
        // Ids are never reused: a new node after the removal gets a fresh one.
        QCOMPARE(addNode(design, make(DesignNodeKind::Relay, "r2", 1)).value(), 5);
    }

    void connectUndoRedoAndRefusals()
    {
        ScopeDesign design = smallTree();
        const int relay2 = addNode(design, make(DesignNodeKind::Relay, "r2", 1)).value();
        auto previous = live::connect(design, 4, relay2);
        QVERIFY(previous);
        QCOMPARE(previous.value(), 2);
        QVERIFY(live::connect(design, 4, previous.value())); // undo
        QCOMPARE(design.find(4)->parent, 2);
        const ScopeDesign unchanged = design;
        auto cycle = live::connect(design, 1, 4);
        QVERIFY(!cycle);
        auto loop = live::connect(design, 2, 2);
        QVERIFY(!loop);
        auto upward = live::connect(design, relay2, 2);
        QVERIFY(upward); // r2 under r: fine
        QVERIFY(live::connect(design, relay2, 1));
        auto intoCycle = live::connect(design, 2, relay2);
        QVERIFY(intoCycle); // 2 under r2, r2 under fe: still a tree
        auto underCollector = live::connect(design, relay2, 3);
        QVERIFY(!underCollector);
        QVERIFY(QString::fromStdString(underCollector.error().describe()).contains("leaf"));
        QVERIFY(live::connect(design, 2, 1));
        QVERIFY(design == unchanged);
        auto underFilter =
            live::connect(design, 3, addNode(design, filterNode(FilterKind::Reduce, 1)).value());
        QVERIFY(!underFilter);
        QVERIFY(QString::fromStdString(underFilter.error().message).contains("not to a filter"));
    }

    void aCycleThroughDeeperNodesIsRefused()
    {
        ScopeDesign design = smallTree();
        const int relay2 = addNode(design, make(DesignNodeKind::Relay, "r2", 2)).value();
        auto cycle = live::connect(design, 2, relay2);
        QVERIFY(!cycle);
        QVERIFY(QString::fromStdString(cycle.error().message).contains("cycle"));
        QCOMPARE(design.find(2)->parent, 1);
    }

    void settersReturnWhatTheyReplaced()
    {
        ScopeDesign design = smallTree();
        GatherSettings more{4, {gather::SyncMode::TimeOut, std::chrono::milliseconds(200)}};
        auto oldGather = setGather(design, 1, more);
        QVERIFY(oldGather);
        QCOMPARE(oldGather->helperThreads, 2u);
        QCOMPARE(design.find(1)->gather, more);
        QVERIFY(setGather(design, 1, oldGather.value()));
        QCOMPARE(design.find(1)->gather, GatherSettings{});

        auto oldRing = setRing(design, 3, RingSettings{1u << 18, "replace-read"});
        QVERIFY(oldRing);
        QCOMPARE(oldRing->capacity, 1u << 16);
        QVERIFY(setRing(design, 3, oldRing.value()));
        QCOMPARE(setHost(design, 3, "n9").value(), std::string("n1"));
        QCOMPARE(setPullPeriod(design, 1, std::chrono::milliseconds(50)).value().count(), 100);
        QCOMPARE(setPosition(design, 3, {10, 20}).value(), Position{});
        QCOMPARE(setName(design, "lb").value(), std::string("scope"));

        const ScopeDesign unchanged = design;
        QVERIFY(!setRing(design, 2, RingSettings{}));     // a relay has no ring
        QVERIFY(!setGather(design, 3, GatherSettings{})); // a collector has no sync
        QVERIFY(!setGather(design, 1, GatherSettings{0, {}}));
        QVERIFY(!setGather(design, 1, GatherSettings{2, {gather::SyncMode::TimeOut, {}}}));
        QVERIFY(!setRing(design, 3, RingSettings{1u << 16, "keep-all"}));
        QVERIFY(!setPullPeriod(design, 1, std::chrono::milliseconds(0)));
        QVERIFY(!setHost(design, 3, "two words"));
        const int plugin = addNode(design, filterNode(FilterKind::Concatenation, 1)).value();
        auto noLibrary = setFilter(design, plugin, FilterSettings{FilterKind::Plugin});
        QVERIFY(!noLibrary);
        QVERIFY(QString::fromStdString(noLibrary.error().describe()).startsWith("filter 5"));
        QVERIFY(removeNode(design, plugin));
        QVERIFY(design.nodes == unchanged.nodes);
    }

    void validationNamesTheOffendingNode()
    {
        ScopeDesign design = smallTree();
        const int lonely = addNode(design, make(DesignNodeKind::Relay, "r2", 1)).value();
        const int twin = addNode(design, make(DesignNodeKind::Collector, "n1")).value();
        const QStringList found = messages(validate(design));
        QVERIFY2(found.contains(QString("%1: relay %1 on r2: has no children: connect collectors "
                                        "or relays to it, or remove it")
                                    .arg(lonely)),
                 qPrintable(found.join('\n')));
        QVERIFY2(found.contains(QString("%1: collector %1 on n1: sends to nothing: connect it to "
                                        "a relay or the front-end")
                                    .arg(twin)),
                 qPrintable(found.join('\n')));
        QVERIFY2(found.contains(QString("%1: collector %1 on n1: a second collector on n1 "
                                        "(collector 3 on n1): one collector per host")
                                    .arg(twin)),
                 qPrintable(found.join('\n')));
    }

    void perStreamSettingsMustAgree()
    {
        ScopeDesign design = smallTree();
        QVERIFY(setGather(design, 2, GatherSettings{2, {gather::SyncMode::DoNotWait, {}}}));
        QVERIFY(setRing(design, 4, RingSettings{1u << 18, "fill-read"}));
        const QStringList found = messages(validate(design));
        QCOMPARE(found.size(), 2);
        QVERIFY2(found[0].startsWith("2: relay 2 on r: does not wait with 2 helper threads but "
                                     "the front-end waits for all"),
                 qPrintable(found[0]));
        QVERIFY2(found[1].startsWith("4: collector 4 on n2: its ring (262144 tuples, fill-read) "
                                     "differs from collector 3 on n1's"),
                 qPrintable(found[1]));
    }

    void filtersAreFedWhatTheyTake()
    {
        ScopeDesign design = smallTree();
        const int stats = addNode(design, filterNode(FilterKind::Statistics, 2)).value();
        const int onOne = addNode(design, filterNode(FilterKind::LastArrival, 3)).value();
        const int equivalence =
            addNode(design, filterNode(FilterKind::EquivalenceClasses, 1)).value();
        const int chained = addNode(design, filterNode(FilterKind::Reduce, stats)).value();
        const int dangling =
            addNode(design, filterNode(FilterKind::Concatenation, kNoNode)).value();
        const QStringList found = messages(validate(design));
        auto has = [&](int id, const QString& text) {
            return std::any_of(found.begin(), found.end(), [&](const QString& m) {
                return m.startsWith(QString::number(id) + ":") && m.contains(text);
            });
        };
        QVERIFY2(has(stats, "statistics are computed in the collectors"),
                 qPrintable(found.join('\n')));
        QVERIFY2(has(4, "has no last-arrival filter while collector 3 on n1 has one"),
                 qPrintable(found.join('\n')));
        // The collectors make gather-rate classes: equivalence at the front-end merges them.
        QVERIFY2(!has(equivalence, "equivalence"), qPrintable(found.join('\n')));
        QVERIFY2(has(chained, "a reduce filter runs on the collectors' ring counts: attach it to "
                              "a collector, relay or the front-end, not to filter " +
                                  QString::number(stats)),
                 qPrintable(found.join('\n')));
        QVERIFY2(has(dangling, "attached to nothing"), qPrintable(found.join('\n')));
        QVERIFY(!has(onOne, "last-arrival needs"));
        // Statistics at every collector feed the relay's statistics: no issue on it any more.
        QVERIFY(applyPreset(design, Monitor::Statistics));
        QVERIFY(messages(validate(design)).filter("computed in the collectors").isEmpty());
    }

    void aDesignWithoutFrontEndOrCollectors()
    {
        ScopeDesign empty;
        const QStringList found = messages(validate(empty));
        QCOMPARE(found,
                 (QStringList{"-1: the design has no front-end",
                              "-1: the design has no collector: nothing would be gathered"}));
        QVERIFY(!applyPreset(empty, Monitor::Raw));
    }

    void generatorsLayOutEveryShape()
    {
        DesignSpec spec;
        for (int i = 0; i < 9; ++i) {
            spec.hosts.hosts.push_back("n" + std::to_string(i));
        }
        spec.fanout = 3;
        for (auto shape : {gather::TopologyShape::Flat, gather::TopologyShape::Kary,
                           gather::TopologyShape::Knomial}) {
            spec.shape = shape;
            auto design = generateDesign(spec);
            QVERIFY2(design, design ? "" : design.error().describe().c_str());
            QVERIFY2(validate(design.value()).empty(),
                     qPrintable(messages(validate(design.value())).join('\n')));
            const auto relays =
                std::count_if(design->nodes.begin(), design->nodes.end(),
                              [](auto& n) { return n.kind == DesignNodeKind::Relay; });
            QCOMPARE(relays > 0, shape != gather::TopologyShape::Flat);
        }
        spec.shape = gather::TopologyShape::Hierarchy;
        spec.hosts.clusters = {"a", "a", "a", "b", "b", "b", "c", "c", "c"};
        auto hierarchy = generateDesign(spec);
        QVERIFY(hierarchy);
        QCOMPARE(hierarchy->childrenOf(1).size(), size_t(3)); // one relay per cluster
        QVERIFY(validate(hierarchy.value()).empty());
    }

    void generatorRefusesBadHostLists()
    {
        DesignSpec spec;
        QVERIFY(!generateDesign(spec));
        spec.hosts.hosts = {"n1", "n1"};
        auto twice = generateDesign(spec);
        QVERIFY(!twice);
        QVERIFY(QString::fromStdString(twice.error().message).contains("n1 is listed twice"));
        spec.hosts.hosts = {"n1", "n2"};
        spec.hosts.clusters = {"a"};
        QVERIFY(!generateDesign(spec));
        spec.hosts.clusters.clear();
        spec.fanout = 1;
        QVERIFY(!generateDesign(spec));
    }

    void hostListsFromConfigurationAndTopology()
    {
        auto config = readConfigurationFile(XYLEM_TEST_DATA_DIR "/two-hosts.tree.json");
        QVERIFY2(config, config ? "" : config.error().describe().c_str());
        const HostList list = hostsOfConfiguration(config.value());
        QCOMPARE(list.hosts, (std::vector<std::string>{"A", "B"}));
        QCOMPARE(list.clusters, (std::vector<std::string>{"c0", "c0"}));
        auto topology = gather::levelTopology({2, 4});
        QVERIFY(topology);
        QCOMPARE(hostsOfTopology(topology.value()).hosts.size(), size_t(4));
        auto design = designFromTopology(topology.value(), "running");
        QVERIFY(design);
        QCOMPARE(design->nodes.size(), size_t(7));
        QCOMPARE(design->find(1)->kind, DesignNodeKind::FrontEnd);
        QVERIFY(!hostsOfAddressFile("/nonexistent/address"));
    }

    void hostListFromARunningTreesAddressFile()
    {
        DesignSpec spec;
        spec.hosts.hosts = {"a", "b", "c"};
        spec.fanout = 2;
        auto topology = gather::generateTopology(
            {gather::TopologyShape::Kary, 2, "fe", spec.hosts.hosts, {}, {}, true});
        QVERIFY(topology);
        QTemporaryDir dir;
        const std::string path = dir.filePath("tree.address").toStdString();
        QVERIFY(
            tree::writeAddressFile(path, {"secret", {{0, "127.0.0.1", 4000}}, topology.value()}));
        auto hosts = hostsOfAddressFile(path);
        QVERIFY2(hosts, hosts ? "" : hosts.error().describe().c_str());
        QCOMPARE(hosts->hosts, spec.hosts.hosts);
        // The running tree as a design to tune: every node, the front-end first.
        auto design = designFromTopology(topology.value(), "running");
        QVERIFY(design);
        QCOMPARE(design->nodes.size(), topology->nodes.size());
        QVERIFY(validate(design.value()).empty());
    }

    void presetsPlaceTheirFilters()
    {
        ScopeDesign design = smallTree();
        QVERIFY(applyPreset(design, Monitor::Raw));
        QVERIFY(applyPreset(design, Monitor::Raw)); // not twice
        QCOMPARE(design.filterChainOf(1).size(), size_t(1));
        QCOMPARE(design.find(design.filterChainOf(1)[0])->filter.kind, FilterKind::Concatenation);
        QVERIFY(applyPreset(design, Monitor::LoadBalanceDistributed));
        QVERIFY(applyPreset(design, Monitor::Statistics));
        QCOMPARE(design.filterChainOf(3).size(), size_t(2));
        QCOMPARE(design.filterChainOf(4).size(), size_t(2));
        QVERIFY2(validate(design).empty(), qPrintable(messages(validate(design)).join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestScopeDesign)
#include "tst_scopedesign.moc"
