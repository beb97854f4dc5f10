// Every validation rule of metrics.md §8 for a xylem-tree/1 configuration, with the wrapper (or
// host) each error must name and the rule it breaks; the id rules; and a rule broken in a file
// read from disk, named after that file.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/configurationrules.h"
#include "tests/core/model/modeltesthelpers.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

using namespace xylem;
using xylem::modeltest::q;

namespace {

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
        doc["hosts"].push_back(
            {{"id", parts.value(0).toStdString()}, {"cluster", parts.value(1).toStdString()}});
    }
    doc["wrappers"] = nlohmann::ordered_json::array();
    for (const QString& w : wrappers.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList f = w.split(QLatin1Char(':'));
        nlohmann::ordered_json item{{"id", f.value(0).toStdString()},
                                    {"kind", f.value(1).toStdString()},
                                    {"host", f.value(2).toStdString()}};
        item["parent"] = f.value(3) == QLatin1String("-")
                             ? nlohmann::ordered_json(nullptr)
                             : nlohmann::ordered_json(f.value(3).toStdString());
        doc["wrappers"].push_back(std::move(item));
    }
    return doc.dump(2);
}

} // namespace

class TestConfigurationRules : public QObject
{
    Q_OBJECT

private slots:
    void rejectsRuleViolations_data();
    void rejectsRuleViolations();
    void rejectsEmptyWrapperList();
    void isValidIdRules();
    void fileErrorsNameThePath();
};

void TestConfigurationRules::rejectsRuleViolations_data()
{
    QTest::addColumn<QString>("hosts");
    QTest::addColumn<QString>("wrappers");
    QTest::addColumn<QString>("id");      // the wrapper or host the error must name
    QTest::addColumn<QString>("keyword"); // the rule it breaks

    const QString ab = QStringLiteral("A:c0 B:c0");
    QTest::newRow("unknown parent")
        << ab << QStringLiteral("T1:thread:A:gX;g:gred:A:-;T2:thread:A:g") << QStringLiteral("'T1'")
        << QStringLiteral("unknown parent 'gX'");
    QTest::newRow("cycle of two") << ab
                                  << QStringLiteral(
                                         "T1:thread:A:g1;g1:gred:A:g2;g2:gred:A:g1;C:core:A:-")
                                  << QStringLiteral("'g1'")
                                  << QStringLiteral("cycle: g1 -> g2 -> g1");
    QTest::newRow("cycle of three")
        << ab << QStringLiteral("C:core:A:-;g1:gred:A:g3;g2:gred:A:g1;g3:gred:A:g2;T1:thread:A:g2")
        << QStringLiteral("'g1'") << QStringLiteral("cycle");
    QTest::newRow("self-parent") << ab << QStringLiteral("T1:thread:A:g;g:gred:A:g;C:core:A:-")
                                 << QStringLiteral("'g'") << QStringLiteral("cycle: g -> g");
    QTest::newRow("two roots") << ab
                               << QStringLiteral(
                                      "T1:thread:A:g1;g1:gred:A:-;T2:thread:B:g2;g2:gred:B:-")
                               << QStringLiteral("'g2'")
                               << QStringLiteral("two roots ('g1' and 'g2')");
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
        << ab << QStringLiteral("T1:thread:A:p;p:proxy:A:-") << QStringLiteral("wrapper 'p'")
        << QStringLiteral("proxy is the root");
    QTest::newRow("duplicate id") << ab << QStringLiteral("T1:thread:A:g;T1:thread:B:g;g:gred:A:-")
                                  << QStringLiteral("wrapper 'T1'")
                                  << QStringLiteral("duplicate id (also wrapper #1)");
    QTest::newRow("core not the root")
        << ab << QStringLiteral("T1:thread:A:C;C:core:A:g;g:gred:A:-")
        << QStringLiteral("wrapper 'C'") << QStringLiteral("core is not the root");
    QTest::newRow("core with two children")
        << ab << QStringLiteral("T1:thread:A:C;T2:thread:A:C;C:core:A:-")
        << QStringLiteral("wrapper 'C'") << QStringLiteral("core has 2 children");
    QTest::newRow("core with no child")
        << ab << QStringLiteral("C:core:A:-") << QStringLiteral("wrapper 'C'")
        << QStringLiteral("core has 0 children");
    QTest::newRow("gred with no children")
        << ab << QStringLiteral("T1:thread:A:g1;g1:gred:A:C;g2:gred:A:g1;C:core:A:-")
        << QStringLiteral("wrapper 'g2'") << QStringLiteral("gred has no children");
    QTest::newRow("thread as root")
        << ab << QStringLiteral("T1:thread:A:-") << QStringLiteral("wrapper 'T1'")
        << QStringLiteral("thread is the root");
    QTest::newRow("unknown kind") << ab << QStringLiteral("T1:thread:A:g;r:router:A:g;g:gred:A:-")
                                  << QStringLiteral("wrapper 'r'")
                                  << QStringLiteral("unknown kind 'router'");
    QTest::newRow("kind is case-sensitive")
        << ab << QStringLiteral("T1:Thread:A:g;g:gred:A:-") << QStringLiteral("wrapper 'T1'")
        << QStringLiteral("unknown kind 'Thread'");
    QTest::newRow("unknown host") << ab << QStringLiteral("T1:thread:Z:g;g:gred:A:-")
                                  << QStringLiteral("wrapper 'T1'")
                                  << QStringLiteral("unknown host 'Z'");
    QTest::newRow("invalid id with comma")
        << ab << QStringLiteral("T,1:thread:A:g;g:gred:A:-") << QStringLiteral("'T,1'")
        << QStringLiteral("invalid wrapper id");
    QTest::newRow("invalid id with space")
        << ab << QStringLiteral("g:gred:A:-;T 1:thread:A:g") << QStringLiteral("wrapper #2 'T 1'")
        << QStringLiteral("invalid wrapper id");
    QTest::newRow("empty id") << ab << QStringLiteral(":thread:A:g;g:gred:A:-")
                              << QStringLiteral("wrapper #1")
                              << QStringLiteral("invalid wrapper id");
    QTest::newRow("duplicate host")
        << QStringLiteral("A:c0 B:c0 A:c1") << QStringLiteral("T1:thread:A:g;g:gred:A:-")
        << QStringLiteral("host 'A'") << QStringLiteral("duplicate host id");
    QTest::newRow("invalid host id")
        << QStringLiteral("A:c0 B\"x:c0") << QStringLiteral("T1:thread:A:g;g:gred:A:-")
        << QStringLiteral("host 'B\"x'") << QStringLiteral("invalid host id");
}

void TestConfigurationRules::rejectsRuleViolations()
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

void TestConfigurationRules::rejectsEmptyWrapperList()
{
    const auto parsed = parseConfigurationJson(
        R"({"format": "xylem-tree/1", "hosts": [{"id": "A", "cluster": "c0"}], "wrappers": []})");
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().code, ErrorCode::InvalidConfiguration);
    QVERIFY2(q(parsed.error().describe()).contains(QStringLiteral("no wrappers")),
             parsed.error().describe().c_str());
}

void TestConfigurationRules::isValidIdRules()
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

void TestConfigurationRules::fileErrorsNameThePath()
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

QTEST_APPLESS_MAIN(TestConfigurationRules)

#include "tst_configurationrules.moc"
