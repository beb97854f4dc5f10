// The tuner's neighbours (core/tune/neighbours.h) on analyses of simulated runs with something
// planted: a late thread behind a gred on another host, a gred that serializes its departures,
// a core placed away from its gred. What the analysis shows must become the first move, and
// every neighbour must be a tree the runtime can run.

#include "core/analysis/analyzer.h"
#include "core/model/treegenerator.h"
#include "core/tune/neighbours.h"
#include "tests/support/plantedrun.h"
#include "tests/support/tracesimulator.h"
#include "tests/support/widetree.h"

#include <QtTest>

#include <algorithm>
#include <set>

using namespace xylem;
using namespace xylem::tune;

namespace {

AnalysisReport analysed(const Configuration& config, const testing::SimulationSpec& spec)
{
    const auto tuples = testing::simulateTrace(config, spec);
    return analyze(config, tuples);
}

std::set<std::string> threadIds(const Configuration& config)
{
    std::set<std::string> ids;
    for (int t : config.threads()) {
        ids.insert(config.wrapper(t).id);
    }
    return ids;
}

// A neighbour the runtime can run: the same threads, and every edge between hosts goes
// through a proxy on the child's host (treegenerator.h's layout).
void checkRunnable(const Configuration& start, const Neighbour& n)
{
    const Configuration& c = n.configuration;
    QCOMPARE(threadIds(c), threadIds(start));
    QCOMPARE(c.hosts(), start.hosts());
    for (int w = 0; w < c.wrapperCount(); ++w) {
        const Wrapper& wr = c.wrapper(w);
        if (wr.parent < 0) {
            continue;
        }
        const Wrapper& parent = c.wrapper(wr.parent);
        if (wr.host != parent.host) {
            QVERIFY2(wr.kind == WrapperKind::Proxy,
                     qPrintable(QString::fromStdString(n.change + ": " + wr.id + " on " + wr.host +
                                                       " joins " + parent.id + " on " +
                                                       parent.host + " without a proxy")));
        }
    }
    // Laid out again from its own wrappers, it passes every rule of metrics.md §8.
    std::vector<WrapperSpec> specs;
    for (const Wrapper& wr : c.wrappers()) {
        specs.push_back(
            WrapperSpec{wr.id, std::string(toString(wr.kind)), wr.host,
                        wr.parent < 0 ? std::nullopt : std::optional(c.wrapper(wr.parent).id)});
    }
    QVERIFY(Configuration::create(c.name(), c.hosts(), specs).ok());
    QVERIFY(!n.reason.empty());
    QVERIFY(n.evidence >= 0.0 && n.evidence <= 1.0);
}

const Wrapper& wrapperNamed(const Configuration& c, const std::string& id)
{
    const int i = c.indexOf(id);
    if (i < 0) {
        qFatal("no wrapper %s", id.c_str());
    }
    return c.wrapper(i);
}

} // namespace

class TestNeighbours : public QObject
{
    Q_OBJECT

private slots:
    void lateThreadBehindAGredMovesThatGred()
    {
        // A:c0, B:c0 with two threads each: host.A and host.B under cluster.c0 on A, a core on
        // A. B.t1 enters 80 µs late in every call, so cluster.c0 waits for its edge from B.
        const Configuration config = testing::hierarchyTree("planted", "A:c0,B:c0", 2);
        testing::SimulationSpec spec{.calls = 300, .seed = 7};
        spec.culprit = "B.t1";
        spec.culpritDelay = 80'000;
        const AnalysisReport report = analysed(config, spec);
        QCOMPARE(report.imbalancePath.back(), config.indexOf("B.t1"));

        auto neighbours = neighboursOf(report);
        QVERIFY2(neighbours.ok(), neighbours ? "" : neighbours.error().message.c_str());
        QVERIFY(!neighbours->empty());
        const Neighbour& first = neighbours->front();
        QVERIFY(first.heuristic == Heuristic::MoveGred);
        QCOMPARE(first.change, std::string("move gred cluster.c0 to B"));
        QCOMPARE(wrapperNamed(first.configuration, "cluster.c0").host, std::string("B"));
        // The core over it stored on A; it goes along, so no path gains a hop.
        QCOMPARE(wrapperNamed(first.configuration, "core").host, std::string("B"));
        QVERIFY2(first.reason.find("and the root core") != std::string::npos, first.reason.c_str());
        QVERIFY2(first.reason.find("heaviest last-arrival edge") != std::string::npos &&
                     first.reason.find("100 %") != std::string::npos,
                 first.reason.c_str());
        QCOMPARE(first.evidence, 1.0);
        for (const Neighbour& n : neighbours.value()) {
            checkRunnable(config, n);
        }
        // Best first.
        for (size_t i = 1; i < neighbours->size(); ++i) {
            QVERIFY((*neighbours)[i - 1].evidence >= (*neighbours)[i].evidence);
        }
    }

    void steepSerializationAddsALevel()
    {
        // Eight threads on one host under one gred, each departure 6 µs after the one before.
        auto config = generateTree(TreeSpec{"flat", {Host{"A", "c0"}}, 8, TreeShape::Flat});
        QVERIFY(config.ok());
        testing::SimulationSpec spec{.calls = 200, .seed = 3};
        spec.departureStep = 6'000;
        const AnalysisReport report = analysed(config.value(), spec);

        auto neighbours = neighboursOf(report);
        QVERIFY(neighbours.ok());
        const auto add = std::find_if(neighbours->begin(), neighbours->end(), [](const auto& n) {
            return n.heuristic == Heuristic::AddLevel;
        });
        QVERIFY(add != neighbours->end());
        QCOMPARE(add->change, std::string("add a level under gred"));
        const Configuration& c = add->configuration;
        // √8 rounds up to 3 groups (3, 3, 2) under new greds on A, joined by gred.
        const int root = c.indexOf("gred");
        QVERIFY(root >= 0);
        QCOMPARE(c.children(root).size(), size_t(3));
        for (int g : c.children(root)) {
            QVERIFY(c.wrapper(g).kind == WrapperKind::Gred);
            QCOMPARE(c.wrapper(g).host, std::string("A"));
        }
        QVERIFY2(add->reason.find("serialize") != std::string::npos, add->reason.c_str());
        for (const Neighbour& n : neighbours.value()) {
            checkRunnable(config.value(), n);
        }

        // The same tree without serialization offers no new level.
        spec.departureStep = 0;
        auto flat = neighboursOf(analysed(config.value(), spec));
        QVERIFY(flat.ok());
        QVERIFY(std::none_of(flat->begin(), flat->end(),
                             [](const auto& n) { return n.heuristic == Heuristic::AddLevel; }));
    }

    void levelWithoutFanInIsRemoved()
    {
        // A binary tree of three threads on one host: g1.0 joins t0 and t1 on its parent's host.
        auto config = generateTree(TreeSpec{"kary", {Host{"A", "c0"}}, 3, TreeShape::KAry, 2});
        QVERIFY(config.ok());
        const AnalysisReport report = analysed(config.value(), {.calls = 100, .seed = 5});
        auto neighbours = neighboursOf(report);
        QVERIFY(neighbours.ok());
        const auto remove = std::find_if(neighbours->begin(), neighbours->end(), [](const auto& n) {
            return n.heuristic == Heuristic::RemoveLevel;
        });
        QVERIFY(remove != neighbours->end());
        QCOMPARE(remove->configuration.indexOf("g1.0"), -1);
        for (const Neighbour& n : neighbours.value()) {
            checkRunnable(config.value(), n);
        }
    }

    void flatGredAcrossTheWideLink()
    {
        // The tuner's bad start (widetree.h): one gred on C (cluster c1) over every thread, its
        // core on A (c0); A's and B's threads cross to C and the result crosses back to A.
        const Configuration config = testing::flatGredAcrossClusters();
        testing::SimulationSpec spec{.calls = 200, .seed = 11};
        spec.proxyLatency = 400'000; // a wide link
        spec.culprit = "A.t0";
        spec.culpritDelay = 50'000;
        const AnalysisReport report = analysed(config, spec);

        auto neighbours = neighboursOf(report);
        QVERIFY(neighbours.ok());
        std::set<std::string> changes;
        for (const Neighbour& n : neighbours.value()) {
            checkRunnable(config, n);
            changes.insert(n.change);
        }
        QVERIFY(changes.contains("move gred gred to A"));
        QVERIFY(changes.contains("move the root to C"));
        QVERIFY(changes.contains("regroup the children of gred"));
        const auto root = std::find_if(neighbours->begin(), neighbours->end(), [](const auto& n) {
            return n.heuristic == Heuristic::MoveRoot;
        });
        QCOMPARE(wrapperNamed(root->configuration, "core").host, std::string("C"));
        QCOMPARE(root->configuration.indexOf("p.gred"), -1); // the hop is gone
        const auto move = std::find_if(neighbours->begin(), neighbours->end(), [](const auto& n) {
            return n.heuristic == Heuristic::MoveGred;
        });
        // Moved to A: C's and D's threads now cross, A's do not, and gred meets the core on A.
        const Configuration& moved = move->configuration;
        QCOMPARE(wrapperNamed(moved, "gred").host, std::string("A"));
        QCOMPARE(moved.wrapper(moved.indexOf("A.t0")).parent, moved.indexOf("gred"));
        QCOMPARE(moved.wrapper(moved.indexOf("gred")).parent, moved.indexOf("core"));
        QCOMPARE(wrapperNamed(moved, "p.C.t0").host, std::string("C"));
    }

    void refusesAnAnalysisWithoutCallsOrConfiguration()
    {
        AnalysisReport none;
        auto noConfig = neighboursOf(none);
        QVERIFY(!noConfig.ok());
        QVERIFY(noConfig.error().message.find("no configuration") != std::string::npos);

        const Configuration config = testing::hierarchyTree("empty", "A:c0,B:c0", 1);
        const AnalysisReport empty = analyze(config, std::vector<Tuple>{});
        auto noCalls = neighboursOf(empty);
        QVERIFY(!noCalls.ok());
        QVERIFY2(noCalls.error().message.find("no complete call") != std::string::npos,
                 noCalls.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestNeighbours)
#include "tst_neighbours.moc"
