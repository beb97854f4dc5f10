// Every input error of the trace interchange format (metrics.md §8) with the line and column it
// must name, lines counted through blank lines, CRLF and a BOM; errors of a file read from disk
// carry its path, and an unreadable path is an I/O error.

#include "core/model/configuration.h"
#include "core/model/tracecsv.h"
#include "tests/core/model/modeltesthelpers.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <optional>
#include <string>

using namespace xylem;
using xylem::modeltest::loadConfig;
using xylem::modeltest::q;
using xylem::testing::readTestFile;
using xylem::testing::testDataPath;

class TestTraceCsvErrors : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void reportsInputErrors_data();
    void reportsInputErrors();
    void duplicateNamesBothLines();
    void errorLinesCountCrlfAndBom();
    void fileErrorsNameThePath();
    void readMissingFileIsIoError();

private:
    std::optional<Configuration> m_twoHosts;
};

void TestTraceCsvErrors::initTestCase()
{
    m_twoHosts = loadConfig("two-hosts.tree.json");
}

void TestTraceCsvErrors::reportsInputErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");   // the exact Error::where
    QTest::addColumn<QString>("message"); // must appear in Error::message

    const QString h = QStringLiteral("collector,seq,down_ns,up_ns\n");
    const QString hOp = QStringLiteral("collector,seq,down_ns,up_ns,op,ret\n");
    const QString ok1 = QStringLiteral("T1,0,100,200\n");
    const QString ok2 = QStringLiteral("T2,0,100,200\n");

    QTest::newRow("bad header names") << QStringLiteral("collector,seq,down,up\nT1,0,1,2\n")
                                      << QStringLiteral("line 1") << QStringLiteral("header");
    QTest::newRow("header with op but no ret")
        << QStringLiteral("collector,seq,down_ns,up_ns,op\nT1,0,1,2,3\n")
        << QStringLiteral("line 1") << QStringLiteral("header");
    QTest::newRow("header columns out of order")
        << QStringLiteral("seq,collector,down_ns,up_ns\n") << QStringLiteral("line 1")
        << QStringLiteral("header");
    QTest::newRow("empty text") << QString() << QStringLiteral("line 1")
                                << QStringLiteral("header");
    QTest::newRow("too few fields")
        << h + ok1 + QStringLiteral("T2,0,1\n") << QStringLiteral("line 3")
        << QStringLiteral("expected 4 fields, found 3");
    QTest::newRow("too many fields")
        << h + QStringLiteral("T2,0,1,2,3\n") << QStringLiteral("line 2")
        << QStringLiteral("expected 4 fields, found 5");
    QTest::newRow("far too many fields")
        << h + QStringLiteral("T2,0,1,2,3,4,5,6,7,8\n") << QStringLiteral("line 2")
        << QStringLiteral("expected 4 fields");
    QTest::newRow("op,ret header but 4 fields")
        << hOp + QStringLiteral("T2,0,1,2\n") << QStringLiteral("line 2")
        << QStringLiteral("expected 6 fields, found 4");
    QTest::newRow("letters in down_ns")
        << h + ok1 + QStringLiteral("T2,0,abc,200\n")
        << QStringLiteral("line 3, column 3 (down_ns)") << QStringLiteral("malformed number 'abc'");
    QTest::newRow("empty seq") << h + QStringLiteral("T2,,100,200\n")
                               << QStringLiteral("line 2, column 2 (seq)")
                               << QStringLiteral("malformed number ''");
    QTest::newRow("up_ns overflows int64")
        << h + ok1 + ok2 + QStringLiteral("gA,0,100,9223372036854775808\n")
        << QStringLiteral("line 4, column 4 (up_ns)")
        << QStringLiteral("malformed number '9223372036854775808'");
    QTest::newRow("down_ns underflows int64")
        << h + QStringLiteral("gA,0,-9223372036854775809,0\n")
        << QStringLiteral("line 2, column 3 (down_ns)") << QStringLiteral("malformed number");
    QTest::newRow("trailing letters in seq")
        << h + QStringLiteral("T1,12abc,100,200\n") << QStringLiteral("line 2, column 2 (seq)")
        << QStringLiteral("malformed number '12abc'");
    QTest::newRow("decimal point")
        << h + QStringLiteral("T1,1,100.5,200\n") << QStringLiteral("line 2, column 3 (down_ns)")
        << QStringLiteral("malformed number '100.5'");
    QTest::newRow("unknown collector") << h + ok1 + QStringLiteral("TX,0,100,200\n")
                                       << QStringLiteral("line 3, column 1 (collector)")
                                       << QStringLiteral("unknown collector 'TX'");
    QTest::newRow("collector ids are case-sensitive")
        << h + QStringLiteral("t1,0,100,200\n") << QStringLiteral("line 2, column 1 (collector)")
        << QStringLiteral("unknown collector 't1'");
    QTest::newRow("root as collector")
        << h + ok1 + QStringLiteral("C,0,100,200\n")
        << QStringLiteral("line 3, column 1 (collector)") << QStringLiteral("'C' is the root");
    QTest::newRow("up before down") << h + ok1 + ok2 + QStringLiteral("T3,0,500,499\n")
                                    << QStringLiteral("line 4, column 4 (up_ns)")
                                    << QStringLiteral("up_ns (499) is before down_ns (500)");
    QTest::newRow("down is the empty-slot marker")
        << h + ok1 + QStringLiteral("T3,0,-9223372036854775808,0\n") << QStringLiteral("line 3")
        << QStringLiteral("smallest int64");
    QTest::newRow("duplicate collector and seq")
        << h + ok1 + ok2 + QStringLiteral("T1,1,300,400\n") + QStringLiteral("T1,0,500,600\n")
        << QStringLiteral("line 5")
        << QStringLiteral("duplicate tuple for collector 'T1', seq 0 (first on line 2)");
    QTest::newRow("duplicate across blank lines")
        << h + QStringLiteral("\n") + ok2 + QStringLiteral("\n\ngA,7,1,2\n") + ok2
        << QStringLiteral("line 7")
        << QStringLiteral("duplicate tuple for collector 'T2', seq 0 (first on line 3)");
    QTest::newRow("duplicate with sparse seqs")
        << h + QStringLiteral("T1,5000000000000000,1,2\nT1,0,1,2\nT2,1000000000000,1,2\nT1,"
                              "5000000000000000,3,4\n")
        << QStringLiteral("line 5")
        << QStringLiteral(
               "duplicate tuple for collector 'T1', seq 5000000000000000 (first on line 2)");
    QTest::newRow("op above 65535")
        << hOp + QStringLiteral("T1,0,1,2,65536,0\n") << QStringLiteral("line 2, column 5 (op)")
        << QStringLiteral("malformed number '65536'");
    QTest::newRow("negative op") << hOp + QStringLiteral("T1,0,1,2,0,0\nT2,0,1,2,-1,0\n")
                                 << QStringLiteral("line 3, column 5 (op)")
                                 << QStringLiteral("malformed number '-1'");
    QTest::newRow("ret above 32767")
        << hOp + QStringLiteral("T1,0,1,2,0,32768\n") << QStringLiteral("line 2, column 6 (ret)")
        << QStringLiteral("malformed number '32768'");
    QTest::newRow("ret below -32768")
        << hOp + QStringLiteral("T1,0,1,2,0,-32769\n") << QStringLiteral("line 2, column 6 (ret)")
        << QStringLiteral("malformed number '-32769'");
}

void TestTraceCsvErrors::reportsInputErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const auto parsed = parseTraceCsv(text.toStdString(), *m_twoHosts);
    QVERIFY2(!parsed.ok(), qPrintable(text));
    QCOMPARE(parsed.error().code, ErrorCode::InvalidTrace);
    QCOMPARE(q(parsed.error().where), where);
    QVERIFY2(q(parsed.error().message).contains(message), parsed.error().message.c_str());
    QVERIFY(q(parsed.error().describe()).startsWith(where + QStringLiteral(": ")));
}

void TestTraceCsvErrors::duplicateNamesBothLines()
{
    // The duplicate repeats the 10th data row (file line 11) of the reference trace at the end.
    std::string text = readTestFile("two-hosts.trace.csv");
    text += "pA,1,26900,27700\n"; // line 20
    const auto parsed = parseTraceCsv(text, *m_twoHosts);
    QVERIFY(!parsed.ok());
    QCOMPARE(
        q(parsed.error().describe()),
        QStringLiteral("line 20: duplicate tuple for collector 'pA', seq 1 (first on line 11)"));
}

void TestTraceCsvErrors::errorLinesCountCrlfAndBom()
{
    const std::string text = "\xEF\xBB\xBF"
                             "collector,seq,down_ns,up_ns\r\nT1,0,1,2\r\nT2,0,x,2\r\n";
    const auto parsed = parseTraceCsv(text, *m_twoHosts);
    QVERIFY(!parsed.ok());
    QCOMPARE(q(parsed.error().where), QStringLiteral("line 3, column 3 (down_ns)"));
    QVERIFY2(q(parsed.error().message).contains(QStringLiteral("'x'")),
             parsed.error().message.c_str());
}

void TestTraceCsvErrors::fileErrorsNameThePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("bad.trace.csv")).toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << "collector,seq,down_ns,up_ns\nT1,0,1,2\nT1,zz,1,2\n";
    }
    const auto read = readTraceCsvFile(path, *m_twoHosts);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::InvalidTrace);
    QCOMPARE(q(read.error().where), q(path) + QStringLiteral(": line 3, column 2 (seq)"));
}

void TestTraceCsvErrors::readMissingFileIsIoError()
{
    const std::string path = testDataPath("no-such.trace.csv");
    const auto read = readTraceCsvFile(path, *m_twoHosts);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, ErrorCode::IoError);
    QVERIFY2(q(read.error().describe()).contains(q(path)), read.error().describe().c_str());

    const auto dirRead = readTraceCsvFile(testDataPath(""), *m_twoHosts);
    QVERIFY(!dirRead.ok());
    QCOMPARE(dirRead.error().code, ErrorCode::IoError);
}

QTEST_APPLESS_MAIN(TestTraceCsvErrors)

#include "tst_tracecsverrors.moc"
