// The xylem-gather/1 JSON form: defaults for rank and parent, a given child order kept, every
// document refused with the node at fault; round trips MRNet text -> Topology -> JSON ->
// Topology -> MRNet text; readTopologyFile picking the form by content and naming the path.

#include "core/gather/topology.h"
#include "tests/core/gather/topologytesthelpers.h"

#include <QtTest>

#include <fstream>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using xylem::gathertest::addErrorColumns;
using xylem::gathertest::checkError;
using xylem::gathertest::kExample;
using xylem::gathertest::kInvalid;
using xylem::gathertest::kMalformed;
using xylem::gathertest::names;
using xylem::gathertest::q;

class TestTopologyJson : public QObject
{
    Q_OBJECT

private slots:
    void parsesJsonWithDefaults();
    void jsonKeepsAGivenChildOrder();
    void refusesBadJson_data();
    void refusesBadJson();
    void roundTrips_data();
    void roundTrips();
    void readsEitherFormFromFile();
    void fileErrorsNameThePath();
};

void TestTopologyJson::parsesJsonWithDefaults()
{
    // Rank may be left out: the smallest one no earlier node on that host has. Parent may be
    // left out on the root.
    const std::string text = R"({"format": "xylem-gather/1", "nodes": [
        {"host": "h"}, {"host": "h", "rank": 2, "parent": 0}, {"host": "h", "parent": 1},
        {"host": "h", "parent": 1}, {"host": "x", "rank": 5, "parent": 0}]})";
    XYLEM_REQUIRE_TOPOLOGY(t, parseTopologyJson(text));
    QVERIFY(names(t) == (std::vector<std::string>{"h:0", "h:2", "h:1", "h:3", "x:5"}));
    QVERIFY(t.nodes[0].children == (std::vector<std::uint32_t>{1, 4}));
    QVERIFY(t.nodes[1].children == (std::vector<std::uint32_t>{2, 3}));
    QCOMPARE(gathertest::structureProblem(t), QString());
}

void TestTopologyJson::jsonKeepsAGivenChildOrder()
{
    XYLEM_REQUIRE_TOPOLOGY(base, parseMrnetTopology(kExample));
    auto nodes = base.nodes;
    nodes[0].children = {2, 1};
    XYLEM_REQUIRE_TOPOLOGY(reordered, makeTopology(nodes));
    const std::string json = toJson(reordered);
    QVERIFY2(json.find("\"children\":[2,1]") != std::string::npos, json.c_str());
    QVERIFY2(json.find("\"children\":[3,4]") == std::string::npos, json.c_str()); // index order
    XYLEM_REQUIRE_TOPOLOGY(back, parseTopologyJson(json));
    QVERIFY(back == reordered);
    QCOMPARE(q(toMrnetText(back)).section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("fe:0 => r2:0 r1:0 ;"));
}

void TestTopologyJson::refusesBadJson_data()
{
    addErrorColumns();
    const auto doc = [](const char* nodes) {
        return QStringLiteral(R"({"format": "xylem-gather/1", "nodes": [)") +
               QString::fromUtf8(nodes) + QStringLiteral("]}");
    };
    QTest::newRow("not json") << QStringLiteral("{\n\"format\": x}") << kMalformed
                              << QStringLiteral("line 2, column 11") << QStringLiteral("not valid");
    QTest::newRow("not an object")
        << QStringLiteral("[1]") << kMalformed << QString() << QStringLiteral("JSON object");
    QTest::newRow("no format") << QStringLiteral(R"({"nodes": []})") << kMalformed << QString()
                               << QStringLiteral("missing field \"format\"");
    QTest::newRow("other format") << QStringLiteral(R"({"format": "xylem-tree/1"})") << kMalformed
                                  << QString() << QStringLiteral("unsupported format");
    QTest::newRow("newer format") << QStringLiteral(R"({"format": "xylem-gather/2"})")
                                  << static_cast<int>(ErrorCode::NewerFormat) << QString()
                                  << QStringLiteral("\"xylem-gather/2\"");
    QTest::newRow("no nodes") << QStringLiteral(R"({"format": "xylem-gather/1"})") << kMalformed
                              << QString() << QStringLiteral("\"nodes\" must be an array");
    QTest::newRow("node not object")
        << doc("{\"host\": \"fe\"}, 3") << kMalformed << QStringLiteral("node 1")
        << QStringLiteral("must be an object");
    QTest::newRow("no host") << doc(R"({"host": "fe"}, {"parent": 0})") << kMalformed
                             << QStringLiteral("node 1") << QStringLiteral("\"host\"");
    QTest::newRow("host not string") << doc(R"({"host": 1})") << kMalformed
                                     << QStringLiteral("node 0") << QStringLiteral("\"host\"");
    QTest::newRow("negative rank")
        << doc(R"({"host": "fe"}, {"host": "a", "rank": -1, "parent": 0})") << kMalformed
        << QStringLiteral("node 1") << QStringLiteral("\"rank\"");
    QTest::newRow("rank too big")
        << doc(R"({"host": "fe", "rank": 4294967296}, {"host": "a", "parent": 0})") << kMalformed
        << QStringLiteral("node 0") << QStringLiteral("\"rank\"");
    QTest::newRow("parent a string")
        << doc(R"({"host": "fe"}, {"host": "a", "parent": "fe"})") << kMalformed
        << QStringLiteral("node 1") << QStringLiteral("\"parent\"");
    QTest::newRow("children not array")
        << doc(R"({"host": "fe", "children": 1}, {"host": "a", "parent": 0})") << kMalformed
        << QStringLiteral("node 0") << QStringLiteral("\"children\"");
    QTest::newRow("parent later") << doc(R"({"host": "fe"}, {"host": "a", "parent": 2},
                                          {"host": "b", "parent": 0})")
                                  << kInvalid << QStringLiteral("node 1 (a:0)")
                                  << QStringLiteral("not an earlier node");
    QTest::newRow("duplicate") << doc(R"({"host": "fe"}, {"host": "a", "rank": 0, "parent": 0},
                                       {"host": "a", "rank": 0, "parent": 0})")
                               << kInvalid << QStringLiteral("node 2 (a:0)")
                               << QStringLiteral("same host and rank");
    QTest::newRow("children inconsistent")
        << doc(R"({"host": "fe", "children": [1]}, {"host": "a", "parent": 0},
                  {"host": "b", "parent": 0})")
        << kInvalid << QStringLiteral("node 2 (b:0)")
        << QStringLiteral("missing from the children");
    QTest::newRow("no leaf") << doc(R"({"host": "fe"})") << kInvalid
                             << QStringLiteral("node 0 (fe:0)") << QStringLiteral("no children");
}

void TestTopologyJson::refusesBadJson()
{
    QFETCH(QString, text);
    checkError(parseTopologyJson(text.toStdString()));
}

void TestTopologyJson::roundTrips_data()
{
    QTest::addColumn<QString>("mrnet");
    QTest::newRow("example") << q(kExample);
    QTest::newRow("shared hosts") << QStringLiteral(
        "h:0 => h:1 h:2 ; h:2 => h:3 g:0 ; g:0 => h:4 ;");
    std::string flat = "fe:0 =>";
    std::string deep = "fe:0 => d:1 ;";
    for (int i = 0; i < 300; ++i) {
        flat += " n" + std::to_string(i) + ":0";
        deep += " d:" + std::to_string(i + 1) + " => d:" + std::to_string(i + 2) + " ;";
    }
    QTest::newRow("flat 300") << q(flat + " ;");
    QTest::newRow("chain 300") << q(deep);
    XYLEM_REQUIRE_TOPOLOGY(levels, levelTopology({4, 16}));
    QTest::newRow("1-4-16") << q(toMrnetText(levels));
}

void TestTopologyJson::roundTrips()
{
    QFETCH(QString, mrnet);
    XYLEM_REQUIRE_TOPOLOGY(fromText, parseMrnetTopology(mrnet.toStdString()));
    XYLEM_REQUIRE_TOPOLOGY(fromJson, parseTopologyJson(toJson(fromText)));
    QVERIFY(fromJson == fromText);
    XYLEM_REQUIRE_TOPOLOGY(again, parseMrnetTopology(toMrnetText(fromJson)));
    QVERIFY(again == fromText);
    QCOMPARE(q(toMrnetText(again)), q(toMrnetText(fromText)));
    QCOMPARE(q(toJson(again)), q(toJson(fromText)));
    QCOMPARE(gathertest::structureProblem(again), QString());
}

void TestTopologyJson::readsEitherFormFromFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    XYLEM_REQUIRE_TOPOLOGY(expected, parseMrnetTopology(kExample));
    const std::string mrnetPath = dir.filePath(QStringLiteral("tree.top")).toStdString();
    const std::string jsonPath = dir.filePath(QStringLiteral("tree.json")).toStdString();
    std::ofstream(mrnetPath) << "# front-end first\n" << kExample;
    std::ofstream(jsonPath) << "\n  \t" << toJson(expected);
    XYLEM_REQUIRE_TOPOLOGY(a, readTopologyFile(mrnetPath));
    XYLEM_REQUIRE_TOPOLOGY(b, readTopologyFile(jsonPath));
    QVERIFY(a == expected);
    QVERIFY(b == expected);
}

void TestTopologyJson::fileErrorsNameThePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string missing = dir.filePath(QStringLiteral("missing.top")).toStdString();
    auto result = readTopologyFile(missing);
    QVERIFY(!result.ok());
    QVERIFY(result.error().code == ErrorCode::IoError);

    const std::string bad = dir.filePath(QStringLiteral("bad.top")).toStdString();
    std::ofstream(bad) << "fe:0 => a:0 ;\nfe:0 => b:0 ;\n";
    result = readTopologyFile(bad);
    QVERIFY(!result.ok());
    QCOMPARE(q(result.error().where), q(bad + ": line 2"));

    const std::string badJson = dir.filePath(QStringLiteral("bad.json")).toStdString();
    std::ofstream(badJson) << R"({"format": "xylem-gather/1", "nodes": [{"host": 5}]})";
    result = readTopologyFile(badJson);
    QVERIFY(!result.ok());
    QVERIFY(result.error().code == ErrorCode::MalformedInput);
    QCOMPARE(q(result.error().where), q(badJson + ": node 0"));
}

QTEST_APPLESS_MAIN(TestTopologyJson)
#include "tst_topologyjson.moc"
