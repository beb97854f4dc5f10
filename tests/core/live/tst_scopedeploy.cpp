// From a scope design to what the tree runs: the topology and event scope a design deploys as,
// its coscheduling (the most demanding its filters ask for; an unknown one refused by name),
// what a redeployment changes, and each node's figures from its collectors' count lines.

#include "core/live/scopedeploy.h"
#include "core/live/scopegenerator.h"
#include "tests/core/live/testdesigns.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::live;
using xylem::live::test::fourHosts;

namespace {

int collectorOn(const ScopeDesign& design, const std::string& host)
{
    for (const auto& node : design.nodes) {
        if (node.kind == DesignNodeKind::Collector && node.host == host) {
            return node.id;
        }
    }
    return kNoNode;
}

gather::NodeCounts line(std::string host, std::uint64_t read, std::uint64_t overwritten,
                        std::int64_t nowNs, std::optional<double> cpu = {})
{
    return {std::move(host), read + overwritten, read, overwritten, 1, nowNs, cpu};
}

} // namespace

class TestScopeDeploy : public QObject
{
    Q_OBJECT

private slots:
    void aDesignDeploysAsItsTopologyAndScope()
    {
        ScopeDesign design = fourHosts();
        QVERIFY(applyPreset(design, Monitor::LoadBalance));
        QVERIFY(applyPreset(design, Monitor::Raw));
        QVERIFY(setGather(design, design.frontEnd()->id, {1, {}}));
        for (const auto& node : design.nodes) {
            if (node.kind == DesignNodeKind::Relay) {
                QVERIFY(setGather(design, node.id, {1, {}}));
            }
        }
        auto plan = planDeployment(design);
        QVERIFY2(plan, plan ? "" : plan.error().describe().c_str());
        QCOMPARE(plan->topology.nodes.size(), size_t(7));
        QCOMPARE(plan->topology.leaves().size(), size_t(4));
        QCOMPARE(plan->topology.nodes[0].host, std::string("fe"));
        QCOMPARE(plan->scope.monitors, (std::vector<Monitor>{Monitor::Raw, Monitor::LoadBalance}));
        QVERIFY(plan->scope.lastArrivalAtCollectors);
        QCOMPARE(plan->scope.gathering, tree::Gathering::Sequential);
        QCOMPARE(plan->treeNodeOf.at(design.frontEnd()->id), 0u);
        const int n3 = collectorOn(design, "n3");
        QCOMPARE(plan->topology.nodes[plan->treeNodeOf.at(n3)].host, std::string("n3"));
        QCOMPARE(plan->collectorOfHost.at("n3"), n3);
    }

    void theMostDemandingCoschedulingDeploys()
    {
        ScopeDesign design = fourHosts();
        QVERIFY(applyPreset(design, Monitor::Statistics));
        QVERIFY(applyPreset(design, Monitor::LoadBalance));
        const auto off = planDeployment(design);
        QVERIFY2(off, off ? "" : off.error().describe().c_str());
        QCOMPARE(off->scope.coschedule, std::string("off")); // unless a filter asks
        // Two monitors on every collector: statistics after-send, load balance after-send
        // except on n3, where it asks after-release.
        const int n3 = collectorOn(design, "n3");
        ScopeDesign send = design;
        ScopeDesign release = design;
        for (const auto& node : design.nodes) {
            if (node.kind != DesignNodeKind::Filter) {
                continue;
            }
            FilterSettings settings = node.filter;
            settings.coschedule = "after-send";
            QVERIFY(setFilter(send, node.id, settings));
            if (node.filter.kind == FilterKind::LastArrival && node.parent == n3) {
                settings.coschedule = "after-release";
            }
            QVERIFY(setFilter(release, node.id, settings));
        }
        QCOMPARE(planDeployment(send)->scope.coschedule, std::string("after-send"));
        QCOMPARE(planDeployment(release)->scope.coschedule, std::string("after-release"));
        // Changing it is a change of its own, sent to the collectors; nothing else moves.
        const DeployChange change =
            compareDeployments(planDeployment(send).value(), planDeployment(release).value());
        QVERIFY(change.coschedule && change.any());
        QVERIFY(!change.streams && !change.topology && !change.bufferPolicy && !change.pullPeriod);
        QCOMPARE(QString::fromStdString(change.describe()),
                 QString("coscheduling sent to the collectors"));
        QVERIFY(!compareDeployments(planDeployment(send).value(), planDeployment(send).value())
                     .coschedule);
    }

    void anUnknownCoschedulingIsRefusedByName()
    {
        ScopeDesign design = fourHosts();
        QVERIFY(applyPreset(design, Monitor::Statistics));
        DesignNode* filter = nullptr;
        for (auto& node : design.nodes) {
            if (node.kind == DesignNodeKind::Filter) {
                filter = &node;
            }
        }
        QVERIFY(filter);
        filter->filter.coschedule = "always";
        const auto plan = planDeployment(design);
        QVERIFY(!plan);
        const QString message = QString::fromStdString(plan.error().message);
        QVERIFY2(message.contains(QString::fromStdString(describeNode(*filter)) +
                                  ": coschedule 'always' is unknown (off, after-send, "
                                  "after-release)"),
                 qPrintable(message));
    }

    void anInvalidDesignIsNotPlanned()
    {
        ScopeDesign design = fourHosts();
        QVERIFY(setRing(design, collectorOn(design, "n2"), {1u << 18, "fill-read"}));
        auto plan = planDeployment(design);
        QVERIFY(!plan);
        QVERIFY2(QString::fromStdString(plan.error().message)
                     .contains("collector " + QString::number(collectorOn(design, "n2")) +
                               " on n2: its ring"),
                 plan.error().message.c_str());
    }

    void aLastArrivalMovedToTheRelaysChangesTheStreams()
    {
        ScopeDesign atSource = fourHosts();
        QVERIFY(applyPreset(atSource, Monitor::LoadBalance));
        ScopeDesign inRelays = fourHosts();
        DesignNode filter;
        filter.kind = DesignNodeKind::Filter;
        filter.filter.kind = FilterKind::LastArrival;
        filter.parent = inRelays.frontEnd()->id;
        QVERIFY(addNode(inRelays, filter));
        const auto a = planDeployment(atSource).value();
        const auto b = planDeployment(inRelays).value();
        QVERIFY(!b.scope.lastArrivalAtCollectors);
        const DeployChange change = compareDeployments(a, b);
        QVERIFY(change.streams && !change.topology && !change.ringCapacity);
        QCOMPARE(QString::fromStdString(change.describe()), QString("streams reopened"));
    }

    void redeployChangesAreNamed()
    {
        ScopeDesign before = fourHosts();
        ScopeDesign after = before;
        for (const auto& node : before.nodes) {
            if (node.kind == DesignNodeKind::Collector) {
                QVERIFY(setRing(after, node.id, {1u << 18, "replace-read"}));
            }
        }
        const auto change =
            compareDeployments(planDeployment(before).value(), planDeployment(after).value());
        QVERIFY(change.ringCapacity && change.bufferPolicy && !change.streams);
        QVERIFY(QString::fromStdString(change.describe())
                    .contains("ring capacity sent to the collectors"));
        ScopeDesign moved = before;
        QVERIFY(live::connect(moved, collectorOn(moved, "n4"), moved.frontEnd()->id));
        const auto topology =
            compareDeployments(planDeployment(before).value(), planDeployment(moved).value());
        QVERIFY(topology.topology);
        QVERIFY(QString::fromStdString(topology.describe()).contains("restart"));
        QVERIFY(!compareDeployments(planDeployment(before).value(), planDeployment(before).value())
                     .any());
    }

    void figuresPerNodeFromCountLines()
    {
        const ScopeDesign design = fourHosts();
        const auto plan = planDeployment(design).value();
        CountSnapshot counts;
        const std::int64_t t0 = 1'000'000'000'000;
        for (const char* host : {"n1", "n2", "n3", "n4"}) {
            counts.base[host] = line(host, 100, 0, t0);
            counts.previous[host] = line(host, 1000, 0, t0);
        }
        // n1..n3 read 1000 tuples in the last 0.5 s and lost none; n4 lost 10 of 1010.
        counts.current["n1"] = line("n1", 2000, 0, t0 + 500'000'000, 20.0);
        counts.current["n2"] = line("n2", 2000, 0, t0 + 500'000'000);
        counts.current["n3"] = line("n3", 2000, 0, t0 + 500'000'000);
        counts.current["n4"] = line("n4", 2000, 10, t0 + 500'000'000, 90.0);
        counts.frontEndNowNs = t0 + 503'000'000;
        const DesignFigures figures = designFigures(design, plan, counts);
        QCOMPARE(figures.size(), size_t(7)); // front-end, 2 relays, 4 collectors
        const NodeFigures& n1 = figures.at(collectorOn(design, "n1"));
        QCOMPARE(n1.tuplesPerSecond, 2000.0);
        QCOMPARE(n1.gatherRatePct, 100.0);
        QCOMPARE(*n1.delayMs, 3.0);
        QCOMPARE(*n1.cpuPct, 20.0);
        QCOMPARE(figureLevel(n1), FigureLevel::Ok);
        const NodeFigures& n4 = figures.at(collectorOn(design, "n4"));
        QCOMPARE(n4.overwritten, 10u);
        QCOMPARE(n4.gatherRatePct, 100.0 * 1900 / 1910);
        QCOMPARE(figureLevel(n4), FigureLevel::Warning);
        const NodeFigures& top = figures.at(design.frontEnd()->id);
        QCOMPARE(top.tuplesPerSecond, 8000.0);
        QCOMPARE(top.overwritten, 10u);
        QCOMPARE(top.gatherRatePct, 100.0 * 7600 / 7610);
        QVERIFY(!top.cpuPct); // no collector on fe
        // A lost relay makes itself and the front-end critical.
        const int relay = design.find(collectorOn(design, "n1"))->parent;
        counts.lostTreeNodes = {plan.treeNodeOf.at(relay)};
        const DesignFigures lost = designFigures(design, plan, counts);
        QVERIFY(lost.at(relay).lost && lost.at(design.frontEnd()->id).lost);
        QVERIFY(!lost.at(collectorOn(design, "n4")).lost);
        QCOMPARE(figureLevel(lost.at(relay)), FigureLevel::Critical);
    }
};

QTEST_GUILESS_MAIN(TestScopeDeploy)
#include "tst_scopedeploy.moc"
