// Scope designs as files and live figures as lines: every property of every node kind survives
// a round trip, wrong fields are refused naming node and field (and an unknown coscheduling
// naming the mode), a filter's coscheduling is written only when set, and the thresholds colour
// figures as scopefigures.h documents.

#include "core/live/scopedesignjson.h"
#include "core/live/scopefigures.h"
#include "core/live/scopegenerator.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::live;

namespace {

ScopeDesign everyProperty()
{
    DesignSpec spec;
    spec.hosts.hosts = {"n1", "n2", "n3"};
    spec.fanout = 2;
    spec.name = "tuned";
    ScopeDesign design = generateDesign(spec).value();
    (void)applyPreset(design, Monitor::LoadBalance);
    (void)applyPreset(design, Monitor::Raw);
    const int fe = design.frontEnd()->id;
    (void)setGather(design, fe, {4, {gather::SyncMode::TimeOut, std::chrono::milliseconds(250)}});
    (void)setPullPeriod(design, fe, std::chrono::milliseconds(40));
    for (auto& node : design.nodes) {
        if (node.kind == DesignNodeKind::Collector) {
            (void)setRing(design, node.id, {1u << 18, "replace-drain"});
        }
    }
    DesignNode plugin;
    plugin.kind = DesignNodeKind::Filter;
    plugin.parent = fe;
    plugin.filter = {FilterKind::Plugin, ReduceOperator::Sum, "/opt/lib/top.so", "top", {3, -1}};
    plugin.x = 12.5;
    (void)addNode(design, plugin);
    DesignNode reduce;
    reduce.kind = DesignNodeKind::Filter;
    reduce.parent = fe;
    reduce.filter.kind = FilterKind::Reduce;
    reduce.filter.reduce = ReduceOperator::Max;
    reduce.filter.coschedule = "after-release";
    (void)addNode(design, reduce);
    design.systemSamples = false;
    design.maxTuplesPerWave = 4096;
    return design;
}

QString errorOf(const std::string& text)
{
    auto design = designFromJson(text);
    return design ? QString("accepted") : QString::fromStdString(design.error().describe());
}

} // namespace

class TestScopeDesignJson : public QObject
{
    Q_OBJECT

private slots:
    void everyPropertyRoundTrips()
    {
        const ScopeDesign design = everyProperty();
        const std::string text = designToJson(design);
        QVERIFY(isDesignJson(text));
        QVERIFY(!isDesignJson(R"({"format": "xylem-scope/1"})"));
        auto back = designFromJson(text);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(back.value() == design);
    }

    void filesRoundTrip()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("d.json").toStdString();
        QVERIFY(writeDesignFile(path, everyProperty()));
        auto read = readDesignFile(path);
        QVERIFY(read);
        QVERIFY(read.value() == everyProperty());
        auto missing = readDesignFile(dir.filePath("none.json").toStdString());
        QVERIFY(!missing);
    }

    void wrongFieldsAreNamed()
    {
        QCOMPARE(errorOf("[1]"), QString("a scope design is a JSON object"));
        QCOMPARE(errorOf(R"({"format": "xylem-scope/1"})"),
                 QString("field 'format': must be \"xylem-scope-design/1\""));
        const std::string head = R"({"format": "xylem-scope-design/1", "nodes": [)";
        QCOMPARE(errorOf(head + R"({"id": 1, "kind": "router"}]})"),
                 QString("node 1, field 'kind': must be one of front-end, relay, collector, "
                         "filter"));
        QCOMPARE(errorOf(head + R"({"id": 2, "kind": "collector", "ring_capacity": 3}]})"),
                 QString("node 2, field 'ring_capacity': must be a whole number from 16 to "
                         "67108864"));
        QCOMPARE(errorOf(head + R"({"id": 3, "kind": "filter", "filter": "plugin"}]})"),
                 QString("node 3, field 'library': a plugin filter needs its library path and "
                         "filter name"));
        QCOMPARE(errorOf(head + R"({"id": 4, "kind": "relay", "parent": 9}]})"),
                 QString("node 4, field 'parent': names parent 9, which is not a node"));
        QCOMPARE(errorOf(head + R"({"id": 5}, {"id": 5}]})"),
                 QString("node 5: the id is used twice"));
        QCOMPARE(errorOf(head + R"({"kind": "relay"}]})"),
                 QString("nodes[0], field 'id': is missing"));
        QCOMPARE(
            errorOf(head + R"({"id": 6, "kind": "relay", "sync": "time-out", "timeout_ms": 0}]})"),
            QString("node 6, field 'timeout_ms': must be a whole number from 1 to 3600000"));
        QCOMPARE(errorOf(R"({"format": "xylem-scope-design/1", "next_id": 1,
                             "nodes": [{"id": 7, "kind": "relay"}]})"),
                 QString("field 'next_id': must be a whole number from 8 to 1073741824"));
    }

    void aFiltersCoschedulingIsWrittenWhenSet()
    {
        const std::string head = R"({"format": "xylem-scope-design/1", "nodes": [)";
        auto plain = designFromJson(head + R"({"id": 1, "kind": "filter"}]})");
        QVERIFY(plain);
        QCOMPARE(plain->nodes.front().filter.coschedule, std::string("off"));
        QVERIFY(designToJson(plain.value()).find("coschedule") == std::string::npos);
        for (const char* mode : {"after-send", "after-release"}) {
            auto set = designFromJson(head + R"({"id": 1, "kind": "filter", "coschedule": ")" +
                                      mode + R"("}]})");
            QVERIFY(set);
            QCOMPARE(set->nodes.front().filter.coschedule, std::string(mode));
            auto again = designFromJson(designToJson(set.value()));
            QVERIFY(again);
            QVERIFY(again.value() == set.value());
        }
        QCOMPARE(errorOf(head + R"({"id": 2, "kind": "filter", "coschedule": "always"}]})"),
                 QString("node 2, field 'coschedule': 'always' is unknown: must be one of off, "
                         "after-send, after-release"));
        QCOMPARE(errorOf(head + R"({"id": 3, "kind": "filter", "coschedule": true}]})"),
                 QString("node 3, field 'coschedule': must be one of off, after-send, "
                         "after-release"));
    }

    void thresholdsColourFigures()
    {
        NodeFigures f;
        QCOMPARE(figureLevel(f), FigureLevel::Ok);
        f.gatherRatePct = 99.95;
        QCOMPARE(figureLevel(f), FigureLevel::Ok);
        f.gatherRatePct = 99.8;
        QCOMPARE(figureLevel(f), FigureLevel::Warning);
        f.gatherRatePct = 94.0;
        QCOMPARE(figureLevel(f), FigureLevel::Critical);
        f = NodeFigures{};
        f.delayMs = 1500;
        QCOMPARE(figureLevel(f), FigureLevel::Warning);
        f.delayMs = 6000;
        QCOMPARE(figureLevel(f), FigureLevel::Critical);
        f = NodeFigures{};
        f.cpuPct = 85;
        QCOMPARE(figureLevel(f), FigureLevel::Warning);
        f.cpuPct = 99;
        QCOMPARE(figureLevel(f), FigureLevel::Critical);
        f = NodeFigures{};
        f.lost = true;
        QCOMPARE(figureLevel(f), FigureLevel::Critical);
    }

    void figureLinesRoundTrip()
    {
        DesignFigures figures;
        figures[1] = NodeFigures{1.5e6, 99.5, 12, 3.25, std::nullopt, false};
        figures[7] = NodeFigures{0, 100, 0, std::nullopt, 42.0, true};
        const std::string line = figuresToJson(figures);
        QVERIFY(line.find('\n') == std::string::npos);
        QVERIFY(line.find(R"("level":"warning")") != std::string::npos);
        auto back = figuresFromJson(line);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(back.value() == figures);
        auto bad = figuresFromJson(R"({"figures": {"3": {"cpu_pct": "high"}}})");
        QVERIFY(!bad);
        QCOMPARE(QString::fromStdString(bad.error().describe()),
                 QString("figures of node 3, field 'cpu_pct': must be a number or null"));
        QVERIFY(!figuresFromJson(R"({"figures": {"x": {}}})"));
        QVERIFY(!figuresFromJson("status 12"));
    }
};

QTEST_GUILESS_MAIN(TestScopeDesignJson)
#include "tst_scopedesignjson.moc"
