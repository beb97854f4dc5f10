// What the xylem-tree/1 reader refuses before any validation rule is checked: malformed JSON,
// reported with its line and column; a document of the wrong structure, with the field at
// fault; and a path that cannot be read as a file.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "tests/core/model/modeltesthelpers.h"
#include "tests/support/testdata.h"

#include <QtTest>

#include <string>

using namespace xylem;
using xylem::modeltest::q;
using xylem::testing::testDataPath;

class TestConfigurationJsonErrors : public QObject
{
    Q_OBJECT

private slots:
    void reportsMalformedJsonPosition_data();
    void reportsMalformedJsonPosition();
    void rejectsBadDocumentStructure_data();
    void rejectsBadDocumentStructure();
    void readMissingFileIsIoError();
    void readDirectoryIsIoError();
    void numberOverflowNamesTheNumberAndItsPlace();
};

void TestConfigurationJsonErrors::reportsMalformedJsonPosition_data()
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
    QTest::newRow("garbage at line 1") << QStringLiteral("}") << QStringLiteral("line 1, column 1");
}

void TestConfigurationJsonErrors::reportsMalformedJsonPosition()
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
    QVERIFY2(q(parsed.error().message).contains(QStringLiteral("JSON")),
             parsed.error().message.c_str());
}

void TestConfigurationJsonErrors::rejectsBadDocumentStructure_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // must appear in describe()

    const QString hosts = QStringLiteral("\"hosts\": [{\"id\": \"A\", \"cluster\": \"c0\"}]");
    QTest::newRow("wrong format")
        << QStringLiteral("{\"format\": \"xylem-tree/2\", %1, \"wrappers\": []}").arg(hosts)
        << QStringLiteral("unsupported format \"xylem-tree/2\"");
    QTest::newRow("missing format") << QStringLiteral("{%1, \"wrappers\": []}").arg(hosts)
                                    << QStringLiteral("missing field \"format\"");
    QTest::newRow("format not a string")
        << QStringLiteral("{\"format\": 1, %1, \"wrappers\": []}").arg(hosts)
        << QStringLiteral("field \"format\" must be a string");
    QTest::newRow("not an object") << QStringLiteral("[1, 2]") << QStringLiteral("JSON object");
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
        << QStringLiteral("{\"format\": \"xylem-tree/1\", \"hosts\": [{\"id\": \"A\"}, {\"id\": "
                          "7}], \"wrappers\": []}")
        << QStringLiteral("host #2: field \"id\" must be a string");
    QTest::newRow("parent a number")
        << QStringLiteral(
               "{\"format\": \"xylem-tree/1\", %1, \"wrappers\": ["
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
    QTest::newRow("id missing") << QStringLiteral(
                                       "{\"format\": \"xylem-tree/1\", %1, \"wrappers\": ["
                                       "{\"kind\": \"gred\", \"host\": \"A\", \"parent\": null}]}")
                                       .arg(hosts)
                                << QStringLiteral("wrapper #1: missing field \"id\"");
    QTest::newRow("wrapper not an object")
        << QStringLiteral("{\"format\": \"xylem-tree/1\", %1, \"wrappers\": [\"g\"]}").arg(hosts)
        << QStringLiteral("wrapper #1: must be an object");
}

void TestConfigurationJsonErrors::rejectsBadDocumentStructure()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto parsed = parseConfigurationJson(text.toStdString());
    QVERIFY2(!parsed.ok(), qPrintable(text));
    QCOMPARE(parsed.error().code, ErrorCode::MalformedInput);
    const QString described = q(parsed.error().describe());
    QVERIFY2(described.contains(expected), qPrintable(described));
}

void TestConfigurationJsonErrors::readMissingFileIsIoError()
{
    const std::string path = testDataPath("does-not-exist.tree.json");
    const auto read = readConfigurationFile(path);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::IoError);
    QVERIFY2(q(read.error().describe()).contains(q(path)), read.error().describe().c_str());
}

void TestConfigurationJsonErrors::readDirectoryIsIoError()
{
    const std::string path = testDataPath("");
    const auto read = readConfigurationFile(path);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::IoError);
    QVERIFY2(q(read.error().describe()).contains(q(path)), read.error().describe().c_str());
    QVERIFY2(q(read.error().describe()).contains(QStringLiteral("directory")),
             read.error().describe().c_str());
}

// The JSON parser reports a number too large for a double as out_of_range, not as a parse
// error: it once escaped as "internal error: [json.exception.out_of_range.406]".
void TestConfigurationJsonErrors::numberOverflowNamesTheNumberAndItsPlace()
{
    const auto parsed = parseConfigurationJson(
        "{\n  \"format\": \"xylem-tree/1\",\n  \"name\": \"n\", \"size\": -1e999\n}");
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().code, ErrorCode::MalformedInput);
    QCOMPARE(q(parsed.error().describe()),
             QStringLiteral("line 3, column 24: the number -1e999 is too large for JSON "
                            "(beyond a 64-bit float)"));
}

QTEST_APPLESS_MAIN(TestConfigurationJsonErrors)

#include "tst_configurationjsonerrors.moc"
