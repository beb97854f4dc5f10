// The xylem-tree/1 configuration: parsing the reference files, the JSON round trip, and every
// validation rule of metrics.md §8 with the wrapper (or host) each error must name.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/configurationrules.h"
#include "tests/support/testdata.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>
#include <vector>

// QCOMPARE prints values it can turn into text; found by argument-dependent lookup.
namespace xylem {

char* toString(ErrorCode code)
{
    static const char* const names[] = {"InvalidArgument", "MalformedInput", "InvalidConfiguration",
                                        "InvalidTrace", "IoError"};
    return qstrdup(names[static_cast<int>(code)]);
}

char* toString(const Host& h)
{
    return qstrdup((h.id + ":" + h.cluster).c_str());
}

char* toString(const Wrapper& w)
{
    return qstrdup((w.id + ":" + std::string(toString(w.kind)) + ":" + w.host + ":" +
                    std::to_string(w.parent))
                       .c_str());
}

} // namespace xylem

using namespace xylem;
using xylem::testing::readTestFile;
using xylem::testing::testDataPath;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

std::vector<int> toVector(std::span<const int> s)
{
    return {s.begin(), s.end()};
}

QString ints(const std::vector<int>& values)
{
    QStringList parts;
    for (int v : values) {
        parts << QString::number(v);
    }
    return parts.join(QLatin1Char(' '));
}

QString kindName(WrapperKind kind)
{
    const std::string_view name = toString(kind);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

// The ids of a list of wrapper indices, joined by spaces: easy to compare and to read.
QString idsOf(const Configuration& config, const std::vector<int>& indices)
{
    QStringList ids;
    for (int i : indices) {
        ids << q(config.wrapper(i).id);
    }
    return ids.join(QLatin1Char(' '));
}

// A configuration in a compact notation: hosts "A:c0 B:c0", wrappers "id:kind:host:parent;..."
// with "-" for a null parent. Ids may hold commas and spaces (for the invalid-id rows), so
// wrappers are separated by ';' and fields by ':'.
std::string treeJson(const QString& hosts, const QString& wrappers)
{
    nlohmann::ordered_json doc;
    doc["format"] = "xylem-tree/1";
    doc["name"] = "test";
    doc["hosts"] = nlohmann::ordered_json::array();
    for (const QString& h : hosts.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QStringList parts = h.split(QLatin1Char(':'));
        doc["hosts"].push_back({{"id", parts.value(0).toStdString()}, {"cluster", parts.value(1).toStdString()}});
    }
    doc["wrappers"] = nlohmann::ordered_json::array();
    for (const QString& w : wrappers.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList f = w.split(QLatin1Char(':'));
        nlohmann::ordered_json item{{"id", f.value(0).toStdString()},
                                    {"kind", f.value(1).toStdString()},
                                    {"host", f.value(2).toStdString()}};
        item["parent"] = f.value(3) == QLatin1String("-") ? nlohmann::ordered_json(nullptr)
                                                          : nlohmann::ordered_json(f.value(3).toStdString());
        doc["wrappers"].push_back(std::move(item));
    }
    return doc.dump(2);
}

} // namespace

class TestConfiguration : public QObject
{
    Q_OBJECT

private slots:
    void parsesTwoHosts();
    void parsesFlatMpi();
    void readsFileFromDisk();
    void roundTripsThroughJson_data();
    void roundTripsThroughJson();
    void createAcceptsSpecsDirectly();
    void rejectsRuleViolations_data();
    void rejectsRuleViolations();
    void rejectsEmptyWrapperList();
    void isValidIdRules();
    void reportsMalformedJsonPosition_data();
    void reportsMalformedJsonPosition();
    void rejectsBadDocumentStructure_data();
    void rejectsBadDocumentStructure();
    void readMissingFileIsIoError();
    void readDirectoryIsIoError();
    void fileErrorsNameThePath();
};

void TestConfiguration::parsesTwoHosts()
{
    const auto parsed = parseConfigurationJson(readTestFile("two-hosts.tree.json"));
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    const Configuration& c = parsed.value();

    QCOMPARE(q(c.name()), QStringLiteral("two hosts, three threads"));
    QCOMPARE(c.hosts().size(), size_t(2));
    QCOMPARE(c.hosts()[0], (Host{"A", "c0"}));
    QCOMPARE(c.hosts()[1], (Host{"B", "c0"}));
    QCOMPARE(q(c.clusterOf("B")), QStringLiteral("c0"));
    QCOMPARE(q(c.clusterOf("nowhere")), QString());

    QCOMPARE(c.wrapperCount(), 7);
    QCOMPARE(idsOf(c, {0, 1, 2, 3, 4, 5, 6}), QStringLiteral("T1 T2 gA pA T3 gB C"));
    QCOMPARE(c.root(), 6);
    QCOMPARE(kindName(c.wrapper(c.root()).kind), QStringLiteral("core"));
    QCOMPARE(c.wrapper(c.root()).parent, -1);

    QCOMPARE(c.indexOf("T1"), 0);
    QCOMPARE(c.indexOf("pA"), 3);
    QCOMPARE(c.indexOf("C"), 6);
    QCOMPARE(c.indexOf("nope"), -1);
    QCOMPARE(c.indexOf(""), -1);

    QCOMPARE(c.wrapper(3), (Wrapper{"pA", WrapperKind::Proxy, "A", 5}));
    QCOMPARE(c.wrapper(4), (Wrapper{"T3", WrapperKind::Thread, "B", 5}));
    QCOMPARE(kindName(c.wrapper(2).kind), QStringLiteral("gred"));

    // Children in listing order: pA (listed 4th) before T3 (listed 5th).
    QCOMPARE(idsOf(c, toVector(c.children(c.indexOf("gB")))), QStringLiteral("pA T3"));
    QCOMPARE(idsOf(c, toVector(c.children(c.indexOf("gA")))), QStringLiteral("T1 T2"));
    QCOMPARE(idsOf(c, toVector(c.children(c.indexOf("pA")))), QStringLiteral("gA"));
    QCOMPARE(idsOf(c, toVector(c.children(c.indexOf("C")))), QStringLiteral("gB"));
    QVERIFY(c.children(c.indexOf("T2")).empty());

    QCOMPARE(ints(c.threads()), QStringLiteral("0 1 4"));
    QCOMPARE(c.collectorCount(), 6);
    QCOMPARE(idsOf(c, c.pathToRoot(c.indexOf("T1"))), QStringLiteral("T1 gA pA gB C"));
    QCOMPARE(idsOf(c, c.pathToRoot(c.indexOf("T3"))), QStringLiteral("T3 gB C"));
    QCOMPARE(idsOf(c, c.pathToRoot(c.root())), QStringLiteral("C"));
}

void TestConfiguration::parsesFlatMpi()
{
    const auto parsed = parseConfigurationJson(readTestFile("flat-mpi.tree.json"));
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    const Configuration& c = parsed.value();

    QCOMPARE(q(c.name()), QStringLiteral("MPI_Allreduce on four ranks, seen from outside"));
    QCOMPARE(c.hosts().size(), size_t(2));
    QCOMPARE(c.hosts()[0], (Host{"n0", "siteA"}));
    QCOMPARE(c.hosts()[1], (Host{"n1", "siteB"}));
    QCOMPARE(q(c.clusterOf("n1")), QStringLiteral("siteB"));
    QCOMPARE(c.wrapperCount(), 5);
    QCOMPARE(c.root(), 4);
    QCOMPARE(q(c.wrapper(c.root()).id), QStringLiteral("allreduce"));
    QCOMPARE(kindName(c.wrapper(c.root()).kind), QStringLiteral("gred"));
    QCOMPARE(idsOf(c, toVector(c.children(c.root()))), QStringLiteral("rank0 rank1 rank2 rank3"));
    QCOMPARE(ints(c.threads()), QStringLiteral("0 1 2 3"));
    QCOMPARE(c.collectorCount(), 4);
    QCOMPARE(c.indexOf("rank2"), 2);
    QCOMPARE(q(c.wrapper(2).host), QStringLiteral("n1"));
    QCOMPARE(idsOf(c, c.pathToRoot(c.indexOf("rank2"))), QStringLiteral("rank2 allreduce"));
}

void TestConfiguration::readsFileFromDisk()
{
    const auto fromFile = readConfigurationFile(testDataPath("two-hosts.tree.json"));
    QVERIFY2(fromFile.ok(), fromFile ? "" : fromFile.error().describe().c_str());
    const auto fromText = parseConfigurationJson(readTestFile("two-hosts.tree.json"));
    QVERIFY(fromText.ok());
    QVERIFY(fromFile.value() == fromText.value());
}

void TestConfiguration::roundTripsThroughJson_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("two-hosts") << QStringLiteral("two-hosts.tree.json");
    QTest::newRow("flat-mpi") << QStringLiteral("flat-mpi.tree.json");
}

void TestConfiguration::roundTripsThroughJson()
{
    QFETCH(QString, file);
    const auto original = parseConfigurationJson(readTestFile(file.toStdString()));
    QVERIFY(original.ok());
    const std::string json = configurationToJson(original.value());
    const auto again = parseConfigurationJson(json);
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(again.value() == original.value());
    QCOMPARE(again->root(), original->root());
    QCOMPARE(ints(again->threads()), ints(original->threads()));
    for (int i = 0; i < original->wrapperCount(); ++i) {
        QCOMPARE(ints(toVector(again->children(i))), ints(toVector(original->children(i))));
    }
    // Written as a second pass gives the very same text.
    QCOMPARE(q(configurationToJson(again.value())), q(json));
    // The written document carries the format tag and a null parent for the root.
    const auto doc = nlohmann::json::parse(json);
    QCOMPARE(q(doc.at("format").get<std::string>()), QStringLiteral("xylem-tree/1"));
    QVERIFY(doc.at("wrappers").at(static_cast<size_t>(original->root())).at("parent").is_null());
}

void TestConfiguration::createAcceptsSpecsDirectly()
{
    const auto c = Configuration::create("direct", {{"A", "c0"}},
                                         {{"g", "gred", "A", std::nullopt},
                                          {"t0", "thread", "A", std::string("g")},
                                          {"t1", "thread", "A", std::string("g")}});
    QVERIFY2(c.ok(), c ? "" : c.error().describe().c_str());
    QCOMPARE(c->root(), 0);
    QCOMPARE(ints(c->threads()), QStringLiteral("1 2"));
    QCOMPARE(ints(toVector(c->children(0))), QStringLiteral("1 2"));
    QCOMPARE(c->wrapper(1).parent, 0);
}

void TestConfiguration::rejectsRuleViolations_data()
{
    QTest::addColumn<QString>("hosts");
    QTest::addColumn<QString>("wrappers");
    QTest::addColumn<QString>("id");      // the wrapper or host the error must name
    QTest::addColumn<QString>("keyword"); // the rule it breaks

    const QString ab = QStringLiteral("A:c0 B:c0");
    QTest::newRow("unknown parent")
        << ab << QStringLiteral("T1:thread:A:gX;g:gred:A:-;T2:thread:A:g")
        << QStringLiteral("'T1'") << QStringLiteral("unknown parent 'gX'");
    QTest::newRow("cycle of two")
        << ab << QStringLiteral("T1:thread:A:g1;g1:gred:A:g2;g2:gred:A:g1;C:core:A:-")
        << QStringLiteral("'g1'") << QStringLiteral("cycle: g1 -> g2 -> g1");
    QTest::newRow("cycle of three")
        << ab << QStringLiteral("C:core:A:-;g1:gred:A:g3;g2:gred:A:g1;g3:gred:A:g2;T1:thread:A:g2")
        << QStringLiteral("'g1'") << QStringLiteral("cycle");
    QTest::newRow("self-parent")
        << ab << QStringLiteral("T1:thread:A:g;g:gred:A:g;C:core:A:-")
        << QStringLiteral("'g'") << QStringLiteral("cycle: g -> g");
    QTest::newRow("two roots")
        << ab << QStringLiteral("T1:thread:A:g1;g1:gred:A:-;T2:thread:B:g2;g2:gred:B:-")
        << QStringLiteral("'g2'") << QStringLiteral("two roots ('g1' and 'g2')");
    QTest::newRow("thread with children")
        << ab << QStringLiteral("T1:thread:A:g;T2:thread:A:T1;g:gred:A:-")
        << QStringLiteral("wrapper 'T1'") << QStringLiteral("thread has children ('T2')");
    QTest::newRow("proxy with two children")
        << ab << QStringLiteral("T1:thread:A:p;T2:thread:A:p;p:proxy:A:g;g:gred:B:-")
        << QStringLiteral("wrapper 'p'") << QStringLiteral("proxy has 2 children ('T1', 'T2')");
    QTest::newRow("proxy with no child")
        << ab << QStringLiteral("T1:thread:A:g;p:proxy:A:g;g:gred:A:-")
        << QStringLiteral("wrapper 'p'") << QStringLiteral("proxy has 0 children");
    QTest::newRow("proxy as root")
        << ab << QStringLiteral("T1:thread:A:p;p:proxy:A:-")
        << QStringLiteral("wrapper 'p'") << QStringLiteral("proxy is the root");
    QTest::newRow("duplicate id")
        << ab << QStringLiteral("T1:thread:A:g;T1:thread:B:g;g:gred:A:-")
        << QStringLiteral("wrapper 'T1'") << QStringLiteral("duplicate id (also wrapper #1)");
    QTest::newRow("core not the root")
        << ab << QStringLiteral("T1:thread:A:C;C:core:A:g;g:gred:A:-")
        << QStringLiteral("wrapper 'C'") << QStringLiteral("core is not the root");
    QTest::newRow("core with two children")
        << ab << QStringLiteral("T1:thread:A:C;T2:thread:A:C;C:core:A:-")
        << QStringLiteral("wrapper 'C'") << QStringLiteral("core has 2 children");
    QTest::newRow("core with no child")
        << ab << QStringLiteral("C:core:A:-")
        << QStringLiteral("wrapper 'C'") << QStringLiteral("core has 0 children");
    QTest::newRow("gred with no children")
        << ab << QStringLiteral("T1:thread:A:g1;g1:gred:A:C;g2:gred:A:g1;C:core:A:-")
        << QStringLiteral("wrapper 'g2'") << QStringLiteral("gred has no children");
    QTest::newRow("thread as root")
        << ab << QStringLiteral("T1:thread:A:-")
        << QStringLiteral("wrapper 'T1'") << QStringLiteral("thread is the root");
    QTest::newRow("unknown kind")
        << ab << QStringLiteral("T1:thread:A:g;r:router:A:g;g:gred:A:-")
        << QStringLiteral("wrapper 'r'") << QStringLiteral("unknown kind 'router'");
    QTest::newRow("kind is case-sensitive")
        << ab << QStringLiteral("T1:Thread:A:g;g:gred:A:-")
        << QStringLiteral("wrapper 'T1'") << QStringLiteral("unknown kind 'Thread'");
    QTest::newRow("unknown host")
        << ab << QStringLiteral("T1:thread:Z:g;g:gred:A:-")
        << QStringLiteral("wrapper 'T1'") << QStringLiteral("unknown host 'Z'");
    QTest::newRow("invalid id with comma")
        << ab << QStringLiteral("T,1:thread:A:g;g:gred:A:-")
        << QStringLiteral("'T,1'") << QStringLiteral("invalid wrapper id");
    QTest::newRow("invalid id with space")
        << ab << QStringLiteral("g:gred:A:-;T 1:thread:A:g")
        << QStringLiteral("wrapper #2 'T 1'") << QStringLiteral("invalid wrapper id");
    QTest::newRow("empty id")
        << ab << QStringLiteral(":thread:A:g;g:gred:A:-")
        << QStringLiteral("wrapper #1") << QStringLiteral("invalid wrapper id");
    QTest::newRow("duplicate host")
        << QStringLiteral("A:c0 B:c0 A:c1") << QStringLiteral("T1:thread:A:g;g:gred:A:-")
        << QStringLiteral("host 'A'") << QStringLiteral("duplicate host id");
    QTest::newRow("invalid host id")
        << QStringLiteral("A:c0 B\"x:c0") << QStringLiteral("T1:thread:A:g;g:gred:A:-")
        << QStringLiteral("host 'B\"x'") << QStringLiteral("invalid host id");
}

void TestConfiguration::rejectsRuleViolations()
{
    QFETCH(QString, hosts);
    QFETCH(QString, wrappers);
    QFETCH(QString, id);
    QFETCH(QString, keyword);

    const std::string json = treeJson(hosts, wrappers);
    const auto parsed = parseConfigurationJson(json);
    QVERIFY2(!parsed.ok(), json.c_str());
    QCOMPARE(parsed.error().code, ErrorCode::InvalidConfiguration);
    const QString text = q(parsed.error().describe());
    QVERIFY2(text.contains(id), qPrintable(text));
    QVERIFY2(text.contains(keyword), qPrintable(text));
}

void TestConfiguration::rejectsEmptyWrapperList()
{
    const auto parsed = parseConfigurationJson(
        R"({"format": "xylem-tree/1", "hosts": [{"id": "A", "cluster": "c0"}], "wrappers": []})");
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().code, ErrorCode::InvalidConfiguration);
    QVERIFY2(q(parsed.error().describe()).contains(QStringLiteral("no wrappers")),
             parsed.error().describe().c_str());
}

void TestConfiguration::isValidIdRules()
{
    QVERIFY(isValidId("T1"));
    QVERIFY(isValidId("host.A"));
    QVERIFY(isValidId("p.g2:x-y_z"));
    QVERIFY(!isValidId(""));
    QVERIFY(!isValidId("a,b"));
    QVERIFY(!isValidId("a b"));
    QVERIFY(!isValidId("a\tb"));
    QVERIFY(!isValidId("a\"b"));
    QVERIFY(!isValidId("a'b"));
    QVERIFY(!isValidId("a\nb"));
    QVERIFY(!isValidId("a\x7f"));
}

void TestConfiguration::reportsMalformedJsonPosition_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");

    QTest::newRow("bad literal on line 3")
        << QStringLiteral("{\n  \"format\": \"xylem-tree/1\",\n  \"name\": x\n}")
        << QStringLiteral("line 3, column 11");
    // The parser stops at the end of the unexpected token "name" (columns 3..8 of line 2).
    QTest::newRow("missing comma on line 2")
        << QStringLiteral("{ \"format\": \"xylem-tree/1\"\n  \"name\": \"n\" }")
        << QStringLiteral("line 2, column ");
    QTest::newRow("truncated after line 3")
        << QStringLiteral("{\n\"format\": \"xylem-tree/1\",\n\"hosts\": [\n")
        << QStringLiteral("line 4, column 1");
    QTest::newRow("garbage at line 1")
        << QStringLiteral("}") << QStringLiteral("line 1, column 1");
}

void TestConfiguration::reportsMalformedJsonPosition()
{
    QFETCH(QString, text);
    QFETCH(QString, where);
    const auto parsed = parseConfigurationJson(text.toStdString());
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().code, ErrorCode::MalformedInput);
    // A row that ends in "column " checks the line only.
    if (where.endsWith(QLatin1Char(' '))) {
        QVERIFY2(q(parsed.error().where).startsWith(where), parsed.error().where.c_str());
    } else {
        QCOMPARE(q(parsed.error().where), where);
    }
    QVERIFY2(q(parsed.error().message).contains(QStringLiteral("JSON")), parsed.error().message.c_str());
}

void TestConfiguration::rejectsBadDocumentStructure_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // must appear in describe()

    const QString hosts = QStringLiteral("\"hosts\": [{\"id\": \"A\", \"cluster\": \"c0\"}]");
    QTest::newRow("wrong format")
        << QStringLiteral("{\"format\": \"xylem-tree/2\", %1, \"wrappers\": []}").arg(hosts)
        << QStringLiteral("unsupported format \"xylem-tree/2\"");
    QTest::newRow("missing format")
        << QStringLiteral("{%1, \"wrappers\": []}").arg(hosts)
        << QStringLiteral("missing field \"format\"");
    QTest::newRow("format not a string")
        << QStringLiteral("{\"format\": 1, %1, \"wrappers\": []}").arg(hosts)
        << QStringLiteral("field \"format\" must be a string");
    QTest::newRow("not an object")
        << QStringLiteral("[1, 2]") << QStringLiteral("JSON object");
    QTest::newRow("missing wrappers")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1}").arg(hosts)
        << QStringLiteral("\"wrappers\" must be an array");
    QTest::newRow("wrappers an object")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": {}}").arg(hosts)
        << QStringLiteral("\"wrappers\" must be an array");
    QTest::newRow("missing hosts")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", \"wrappers\": []}")
        << QStringLiteral("\"hosts\" must be an array");
    QTest::newRow("host id a number")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", \"hosts\": [{\"id\": \"A\"}, {\"id\": 7}], \"wrappers\": []}")
        << QStringLiteral("host #2: field \"id\" must be a string");
    QTest::newRow("parent a number")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": ["
                          "{\"id\": \"g\", \"kind\": \"gred\", \"host\": \"A\", \"parent\": null},"
                          "{\"id\": \"T1\", \"kind\": \"thread\", \"host\": \"A\", \"parent\": 1}]}")
               .arg(hosts)
        << QStringLiteral("wrapper #2 'T1': field \"parent\" must be a wrapper id or null");
    QTest::newRow("missing parent")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": ["
                          "{\"id\": \"g\", \"kind\": \"gred\", \"host\": \"A\"}]}")
               .arg(hosts)
        << QStringLiteral("wrapper #1 'g': missing field \"parent\"");
    QTest::newRow("kind a number")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": ["
                          "{\"id\": \"g\", \"kind\": 3, \"host\": \"A\", \"parent\": null}]}")
               .arg(hosts)
        << QStringLiteral("wrapper #1 'g': field \"kind\" must be a string");
    QTest::newRow("id missing")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": ["
                          "{\"kind\": \"gred\", \"host\": \"A\", \"parent\": null}]}")
               .arg(hosts)
        << QStringLiteral("wrapper #1: missing field \"id\"");
    QTest::newRow("wrapper not an object")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": [\"g\"]}").arg(hosts)
        << QStringLiteral("wrapper #1: must be an object");
}

void TestConfiguration::rejectsBadDocumentStructure()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto parsed = parseConfigurationJson(text.toStdString());
    QVERIFY2(!parsed.ok(), qPrintable(text));
    QCOMPARE(parsed.error().code, ErrorCode::MalformedInput);
    const QString described = q(parsed.error().describe());
    QVERIFY2(described.contains(expected), qPrintable(described));
}

void TestConfiguration::readMissingFileIsIoError()
{
    const std::string path = testDataPath("does-not-exist.tree.json");
    const auto read = readConfigurationFile(path);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::IoError);
    QVERIFY2(q(read.error().describe()).contains(q(path)), read.error().describe().c_str());
}

void TestConfiguration::readDirectoryIsIoError()
{
    const std::string path = testDataPath("");
    const auto read = readConfigurationFile(path);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::IoError);
    QVERIFY2(q(read.error().describe()).contains(q(path)), read.error().describe().c_str());
    QVERIFY2(q(read.error().describe()).contains(QStringLiteral("directory")), read.error().describe().c_str());
}

void TestConfiguration::fileErrorsNameThePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("bad.tree.json")).toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << treeJson(QStringLiteral("A:c0"), QStringLiteral("T1:thread:A:gX;g:gred:A:-"));
    }
    const auto read = readConfigurationFile(path);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::InvalidConfiguration);
    const QString described = q(read.error().describe());
    QVERIFY2(described.startsWith(q(path)), qPrintable(described));
    QVERIFY2(described.contains(QStringLiteral("'T1'")), qPrintable(described));
    QVERIFY2(described.contains(QStringLiteral("unknown parent")), qPrintable(described));
}

QTEST_APPLESS_MAIN(TestConfiguration)

#include "tst_configuration.moc"
