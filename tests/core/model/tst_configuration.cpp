// The xylem-tree/1 configuration: parsing the reference files, the accessors of the model
// (hosts, wrappers, children, threads, paths to the root), reading from disk and the JSON round
// trip. The validation rules are in tst_configurationrules.cpp, the reader's errors in
// tst_configurationjsonerrors.cpp.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "tests/core/model/modeltesthelpers.h"
#include "tests/support/testdata.h"

#include <QtTest>

#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

// QCOMPARE prints values it can turn into text; found by argument-dependent lookup.
namespace xylem {

char* toString(const Host& h)
{
    return qstrdup((h.id + ":" + h.cluster).c_str());
}

char* toString(const Wrapper& w)
{
    return qstrdup(
        (w.id + ":" + std::string(toString(w.kind)) + ":" + w.host + ":" + std::to_string(w.parent))
            .c_str());
}

} // namespace xylem

using namespace xylem;
using xylem::modeltest::q;
using xylem::testing::readTestFile;
using xylem::testing::testDataPath;

namespace {

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

QTEST_APPLESS_MAIN(TestConfiguration)

#include "tst_configuration.moc"
