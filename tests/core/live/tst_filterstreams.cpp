// A design's reduce, equivalence and plugin filters as streams of their own: which streams a
// design opens (filters alike share one), what a redeployment makes of a changed operator, how
// each stream's newest result reads on the canvas, and the figures line that carries it.

#include "core/live/filterstreams.h"
#include "core/live/scopedeploy.h"
#include "core/live/scopegenerator.h"
#include "tests/core/live/testdesigns.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::live;
using xylem::live::test::fourHosts;

namespace {

std::vector<int> nodesOf(const ScopeDesign& design, DesignNodeKind kind)
{
    std::vector<int> ids;
    for (const auto& node : design.nodes) {
        if (node.kind == kind) {
            ids.push_back(node.id);
        }
    }
    return ids;
}

int attach(ScopeDesign& design, int to, FilterSettings settings)
{
    DesignNode filter;
    filter.kind = DesignNodeKind::Filter;
    filter.parent = to;
    filter.filter = std::move(settings);
    return addNode(design, filter).value();
}

FilterSettings reduce(ReduceOperator op)
{
    FilterSettings f{FilterKind::Reduce};
    f.reduce = op;
    return f;
}

gather::Topology topologyOf(const ScopeDesign& design)
{
    return planDeployment(design).value().topology;
}

} // namespace

class TestFilterStreams : public QObject
{
    Q_OBJECT

private slots:
    void filtersAlikeShareAStream()
    {
        ScopeDesign design = fourHosts();
        const auto relays = nodesOf(design, DesignNodeKind::Relay);
        QCOMPARE(relays.size(), size_t(2));
        const int maxA = attach(design, relays[0], reduce(ReduceOperator::Max));
        const int maxB = attach(design, relays[1], reduce(ReduceOperator::Max));
        const int average = attach(design, design.frontEnd()->id, reduce(ReduceOperator::Average));
        const int classes =
            attach(design, design.frontEnd()->id, FilterSettings{FilterKind::EquivalenceClasses});
        FilterSettings plugin{FilterKind::Plugin};
        plugin.pluginLibrary = "/opt/xylem/libmine.so";
        plugin.pluginFilter = "mine";
        plugin.arguments = {7};
        std::vector<int> plugins;
        for (int collector : nodesOf(design, DesignNodeKind::Collector)) {
            plugins.push_back(attach(design, collector, plugin));
        }
        QVERIFY(applyPreset(design, Monitor::Raw)); // a monitor: not a stream of its own here
        const auto issues = validate(design);
        QVERIFY2(issues.empty(), issues.empty() ? "" : issues.front().message.c_str());

        const auto streams = filterStreamsOf(design, 1000);
        QCOMPARE(streams.size(), size_t(4));
        QCOMPARE(streams[0].id, kFirstFilterStream);
        QCOMPARE(streams[0].filter.name, std::string("max"));
        QCOMPARE(streams[0].source.name, std::string("ring-counts"));
        QVERIFY(!streams[0].atCollectors);
        QVERIFY(streams[0].nodes == (std::vector<int>{maxA, maxB}));
        QCOMPARE(streams[1].filter.name, std::string("average"));
        QVERIFY(streams[1].nodes == std::vector<int>{average});
        QCOMPARE(streams[2].filter.name, std::string("equivalence"));
        QCOMPARE(streams[2].source.name, std::string("ring-classes"));
        QVERIFY(streams[2].nodes == std::vector<int>{classes});
        QCOMPARE(streams[3].id, kFirstFilterStream + 3);
        QVERIFY(streams[3].filter == (gather::FilterSpec{"mine", {7}, "/opt/xylem/libmine.so"}));
        QVERIFY(streams[3].source == (tree::SourceSpec{"ring-tuples", {1000}}));
        QVERIFY(streams[3].atCollectors);
        QVERIFY(streams[3].nodes == plugins);
        QVERIFY(planDeployment(design).value().filterStreams ==
                filterStreamsOf(design, design.maxTuplesPerWave));
    }

    void anotherOperatorReopensTheStreams()
    {
        ScopeDesign before = fourHosts();
        const int filter = attach(before, before.frontEnd()->id, reduce(ReduceOperator::Min));
        ScopeDesign after = before;
        QVERIFY(setFilter(after, filter, reduce(ReduceOperator::Max)));
        const auto change =
            compareDeployments(planDeployment(before).value(), planDeployment(after).value());
        QVERIFY(change.streams && !change.topology);
        QVERIFY(!compareDeployments(planDeployment(before).value(), planDeployment(before).value())
                     .any());
    }

    void resultsReadAsAPersonReadsThem()
    {
        const ScopeDesign design = fourHosts();
        const gather::Topology topology = topologyOf(design);
        FilterStream counts;
        counts.source = {"ring-counts", {}};
        QCOMPARE(describeFilterBatch({4, gather::Numbers{{1.5e6, 1234, 0, 8}}}, counts, topology),
                 std::string("written 1.5 M, read 1234\noverwritten 0, rings 8"));
        FilterStream plugin;
        plugin.source = {"ring-tuples", {}};
        QCOMPARE(describeFilterBatch({4, gather::Numbers{{1, 2, 3, 4}}}, plugin, topology),
                 std::string("1, 2, 3\n4"));

        // Classes of gather rates, worst first, with the collectors' hosts.
        std::uint32_t n1 = 0;
        std::uint32_t n3 = 0;
        for (std::uint32_t i = 0; i < topology.nodes.size(); ++i) {
            n1 = topology.nodes[i].host == "n1" ? i : n1;
            n3 = topology.nodes[i].host == "n3" ? i : n3;
        }
        FilterStream rates;
        rates.source = {"ring-classes", {}};
        const gather::Batch classes{
            4, gather::Classes{{{87, {n3}}, {100, {n1, 99}}}}}; // 99: a node it does not know
        QCOMPARE(describeFilterBatch(classes, rates, topology),
                 std::string("87 %: n3\n100 %: n1 #99"));

        Tuple slow;
        slow.seq = 120;
        slow.collector = 3;
        slow.down = 1000;
        slow.up = 46200;
        QCOMPARE(describeFilterBatch({4, gather::Tuples{{slow}}}, plugin, topology),
                 std::string("edge 3, call 120: up - down 45.2 k ns"));
        QCOMPARE(describeFilterBatch({4, gather::Tuples{{slow, slow, slow}}}, plugin, topology),
                 std::string("3 tuples"));
        const gather::Batch stats{
            4, gather::Stats{{{1, 10, 50.0, 0, 1, 90}, {2, 4, 700.0, 0, 600, 800}}}};
        QCOMPARE(describeFilterBatch(stats, plugin, topology),
                 std::string("2 keys, largest means:\n2: 700 (n 4)\n1: 50 (n 10)"));
    }

    void outputsTravelInTheFiguresLine()
    {
        const DesignFigures figures{{1, NodeFigures{}}};
        const FilterOutputs outputs{{9, FilterOutput{12, 4, "87 %: n3\n100 %: n1 n2"}}};
        const std::string line = figuresToJson(figures, outputs);
        QVERIFY(figuresFromJson(line).value() == figures);
        QVERIFY(filterOutputsFromJson(line).value() == outputs);
        // A line without outputs has none; a broken one is an error naming the node.
        QVERIFY(filterOutputsFromJson(figuresToJson(figures)).value().empty());
        const auto broken = filterOutputsFromJson(R"({"figures": {}, "outputs": {"9": {}}})");
        QVERIFY(!broken);
        QCOMPARE(QString::fromStdString(broken.error().where), QString("output of node 9"));
        QVERIFY(!filterOutputsFromJson(R"({"outputs": {"x": {"text": ""}}})"));
        // Both at once, as the GUI reads them; either part broken fails the line.
        const auto both = liveFiguresFromJson(line);
        QVERIFY(both);
        QVERIFY(both->nodes == figures && both->outputs == outputs);
        QVERIFY(!liveFiguresFromJson(R"({"figures": {}, "outputs": {"9": {}}})"));
        QVERIFY(!liveFiguresFromJson(R"({"outputs": {}})"));
        QVERIFY(!liveFiguresFromJson("not json"));
    }
};

QTEST_GUILESS_MAIN(TestFilterStreams)
#include "tst_filterstreams.moc"
