// The trace interchange format (metrics.md §8): parsing the reference traces, the tolerated
// variations (row order, CRLF, BOM, blank lines, op/ret), every input error with the line and
// column it must name, and the round trip through traceToCsv.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace xylem {

char* toString(ErrorCode code)
{
    static const char* const names[] = {"InvalidArgument", "MalformedInput", "InvalidConfiguration",
                                        "InvalidTrace", "IoError"};
    return qstrdup(names[static_cast<int>(code)]);
}

char* toString(const Tuple& t)
{
    return qstrdup(("{collector " + std::to_string(t.collector) + ", seq " + std::to_string(t.seq) +
                    ", down " + std::to_string(t.down) + ", up " + std::to_string(t.up) + ", op " +
                    std::to_string(t.op) + ", ret " + std::to_string(t.ret) + "}")
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

Configuration loadConfig(const std::string& file)
{
    auto parsed = parseConfigurationJson(readTestFile(file));
    if (!parsed) {
        qFatal("cannot load %s: %s", file.c_str(), parsed.error().describe().c_str());
    }
    return std::move(parsed).value();
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

// Compares two tuple lists element by element, so a failure names the first differing tuple.
bool sameTuples(const std::vector<Tuple>& actual, const std::vector<Tuple>& expected)
{
    if (actual.size() != expected.size()) {
        qWarning("tuple counts differ: %zu vs %zu", actual.size(), expected.size());
        return false;
    }
    for (size_t i = 0; i < actual.size(); ++i) {
        if (!(actual[i] == expected[i])) {
            char* a = toString(actual[i]);
            char* e = toString(expected[i]);
            qWarning("tuple %zu differs: %s vs %s", i, a, e);
            delete[] a;
            delete[] e;
            return false;
        }
    }
    return true;
}

bool tupleLess(const Tuple& a, const Tuple& b)
{
    return a.seq != b.seq ? a.seq < b.seq : a.collector < b.collector;
}

} // namespace

class TestTraceCsv : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parsesTwoHostsTrace();
    void parsesFlatMpiTrace();
    void readsTraceFile();
    void acceptsRowsInAnyOrder();
    void toleratesFormattingVariations_data();
    void toleratesFormattingVariations();
    void parsesOpAndRetColumns();
    void acceptsExtremeValues();
    void headerOnlyGivesNoTuples();
    void reportsInputErrors_data();
    void reportsInputErrors();
    void duplicateNamesBothLines();
    void errorLinesCountCrlfAndBom();
    void fileErrorsNameThePath();
    void readMissingFileIsIoError();
    void writesExactText();
    void roundTripsReferenceTraces_data();
    void roundTripsReferenceTraces();
    void roundTripsWithOpAndRet();
    void roundTripsSimulatedTrace();

private:
    std::optional<Configuration> m_twoHosts;
    std::optional<Configuration> m_flatMpi;
};

void TestTraceCsv::initTestCase()
{
    m_twoHosts = loadConfig("two-hosts.tree.json");
    m_flatMpi = loadConfig("flat-mpi.tree.json");
}

void TestTraceCsv::parsesTwoHostsTrace()
{
    const Configuration& c = *m_twoHosts;
    const auto parsed = parseTraceCsv(readTestFile("two-hosts.trace.csv"), c);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    const std::vector<Tuple>& t = parsed.value();
    QCOMPARE(t.size(), size_t(18));
    // Row 5 of the file (tuple 3): pA,0,6300,7500
    QCOMPARE(t[3], (Tuple{0, 6300, 7500, static_cast<std::uint32_t>(c.indexOf("pA")), 0, 0}));
    QCOMPARE(t[3].collector, 3u);
    // The last row: gB,2,47100,47600
    QCOMPARE(t[17], (Tuple{2, 47100, 47600, static_cast<std::uint32_t>(c.indexOf("gB")), 0, 0}));
    QCOMPARE(t[17].collector, 5u);
    // Every collector but the root shows up, once per call.
    for (const Tuple& tuple : t) {
        QVERIFY(static_cast<int>(tuple.collector) != c.root());
        QVERIFY(tuple.up >= tuple.down);
    }
    for (std::int64_t seq = 0; seq < 3; ++seq) {
        QCOMPARE(std::count_if(t.begin(), t.end(), [seq](const Tuple& x) { return x.seq == seq; }),
                 std::ptrdiff_t(c.collectorCount()));
    }
}

void TestTraceCsv::parsesFlatMpiTrace()
{
    const Configuration& c = *m_flatMpi;
    const auto parsed = parseTraceCsv(readTestFile("flat-mpi.trace.csv"), c);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    const std::vector<Tuple>& t = parsed.value();
    QCOMPARE(t.size(), size_t(14));
    // Line 10: rank3,2,4000,4600 (call 2 is listed out of collector order)
    QCOMPARE(t[8], (Tuple{2, 4000, 4600, static_cast<std::uint32_t>(c.indexOf("rank3")), 0, 0}));
    QCOMPARE(t[8].collector, 3u);
    // Line 15, the last: rank1,3,6000,6500 (call 3 is incomplete, but parsing keeps it)
    QCOMPARE(t[13], (Tuple{3, 6000, 6500, static_cast<std::uint32_t>(c.indexOf("rank1")), 0, 0}));
}

void TestTraceCsv::readsTraceFile()
{
    const auto fromFile = readTraceCsvFile(testDataPath("two-hosts.trace.csv"), *m_twoHosts);
    QVERIFY2(fromFile.ok(), fromFile ? "" : fromFile.error().describe().c_str());
    const auto fromText = parseTraceCsv(readTestFile("two-hosts.trace.csv"), *m_twoHosts);
    QVERIFY(fromText.ok());
    QVERIFY(sameTuples(fromFile.value(), fromText.value()));
}

void TestTraceCsv::acceptsRowsInAnyOrder()
{
    const std::string text = readTestFile("two-hosts.trace.csv");
    const auto inOrder = parseTraceCsv(text, *m_twoHosts);
    QVERIFY(inOrder.ok());

    // Reverse the data rows, keep the header first.
    QStringList lines = q(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QString header = lines.takeFirst();
    std::reverse(lines.begin(), lines.end());
    const std::string reversed = (header + QLatin1Char('\n') + lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toStdString();
    const auto parsed = parseTraceCsv(reversed, *m_twoHosts);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());

    std::vector<Tuple> expected = inOrder.value();
    std::reverse(expected.begin(), expected.end());
    QVERIFY(sameTuples(parsed.value(), expected)); // rows are kept in file order

    std::vector<Tuple> a = parsed.value();
    std::vector<Tuple> b = inOrder.value();
    std::sort(a.begin(), a.end(), tupleLess);
    std::sort(b.begin(), b.end(), tupleLess);
    QVERIFY(sameTuples(a, b));
}

void TestTraceCsv::toleratesFormattingVariations_data()
{
    QTest::addColumn<QString>("variant");
    QTest::newRow("crlf") << QStringLiteral("crlf");
    QTest::newRow("bom") << QStringLiteral("bom");
    QTest::newRow("bom+crlf") << QStringLiteral("bom+crlf");
    QTest::newRow("trailing blank lines") << QStringLiteral("blank");
    QTest::newRow("blank lines between rows") << QStringLiteral("inner-blank");
    QTest::newRow("no final newline") << QStringLiteral("no-final-newline");
    QTest::newRow("spaces around fields") << QStringLiteral("spaces");
}

void TestTraceCsv::toleratesFormattingVariations()
{
    QFETCH(QString, variant);
    const std::string original = readTestFile("two-hosts.trace.csv");
    const auto expected = parseTraceCsv(original, *m_twoHosts);
    QVERIFY(expected.ok());

    std::string text = original;
    if (variant.contains(QLatin1String("crlf"))) {
        text = replaceAll(text, "\n", "\r\n");
    }
    if (variant.contains(QLatin1String("bom"))) {
        text = "\xEF\xBB\xBF" + text;
    }
    if (variant == QLatin1String("blank")) {
        text += "\n\n   \n\r\n";
    }
    if (variant == QLatin1String("inner-blank")) {
        text = replaceAll(text, "T3,", "\n \t\nT3,");
    }
    if (variant == QLatin1String("no-final-newline")) {
        while (!text.empty() && text.back() == '\n') {
            text.pop_back();
        }
    }
    if (variant == QLatin1String("spaces")) {
        text = replaceAll(text, ",", " , ");
    }
    const auto parsed = parseTraceCsv(text, *m_twoHosts);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    QVERIFY(sameTuples(parsed.value(), expected.value()));
}

void TestTraceCsv::parsesOpAndRetColumns()
{
    const Configuration& c = *m_twoHosts;
    const auto parsed = parseTraceCsv("collector,seq,down_ns,up_ns,op,ret\n"
                                      "T1,0,10,20,7,-3\n"
                                      "T2,0,11,21,0,0\n"
                                      "gB,4,100,200,65535,-32768\n"
                                      "pA,4,100,200,1,32767\n",
                                      c);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    const std::vector<Tuple>& t = parsed.value();
    QCOMPARE(t.size(), size_t(4));
    QCOMPARE(t[0], (Tuple{0, 10, 20, 0, 7, -3}));
    QCOMPARE(t[1], (Tuple{0, 11, 21, 1, 0, 0}));
    QCOMPARE(t[2], (Tuple{4, 100, 200, static_cast<std::uint32_t>(c.indexOf("gB")), 65535, -32768}));
    QCOMPARE(t[3], (Tuple{4, 100, 200, static_cast<std::uint32_t>(c.indexOf("pA")), 1, 32767}));
}

void TestTraceCsv::acceptsExtremeValues()
{
    const auto parsed = parseTraceCsv("collector,seq,down_ns,up_ns\n"
                                      "T1,-5,-9223372036854775807,9223372036854775807\n"
                                      "T1,9223372036854775807,0,0\n",
                                      *m_twoHosts);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    QCOMPARE(parsed->size(), size_t(2));
    QCOMPARE(parsed->at(0), (Tuple{-5, -9223372036854775807LL, 9223372036854775807LL, 0, 0, 0}));
    QCOMPARE(parsed->at(1), (Tuple{9223372036854775807LL, 0, 0, 0, 0, 0}));
}

void TestTraceCsv::headerOnlyGivesNoTuples()
{
    for (const char* text : {"collector,seq,down_ns,up_ns", "collector,seq,down_ns,up_ns\n",
                             "collector,seq,down_ns,up_ns,op,ret\r\n\r\n"}) {
        const auto parsed = parseTraceCsv(text, *m_twoHosts);
        QVERIFY2(parsed.ok(), parsed ? text : parsed.error().describe().c_str());
        QVERIFY(parsed->empty());
    }
}

void TestTraceCsv::reportsInputErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");   // the exact Error::where
    QTest::addColumn<QString>("message"); // must appear in Error::message

    const QString h = QStringLiteral("collector,seq,down_ns,up_ns\n");
    const QString hOp = QStringLiteral("collector,seq,down_ns,up_ns,op,ret\n");
    const QString ok1 = QStringLiteral("T1,0,100,200\n");
    const QString ok2 = QStringLiteral("T2,0,100,200\n");

    QTest::newRow("bad header names")
        << QStringLiteral("collector,seq,down,up\nT1,0,1,2\n") << QStringLiteral("line 1")
        << QStringLiteral("header");
    QTest::newRow("header with op but no ret")
        << QStringLiteral("collector,seq,down_ns,up_ns,op\nT1,0,1,2,3\n") << QStringLiteral("line 1")
        << QStringLiteral("header");
    QTest::newRow("header columns out of order")
        << QStringLiteral("seq,collector,down_ns,up_ns\n") << QStringLiteral("line 1")
        << QStringLiteral("header");
    QTest::newRow("empty text") << QString() << QStringLiteral("line 1") << QStringLiteral("header");
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
        << h + ok1 + QStringLiteral("T2,0,abc,200\n") << QStringLiteral("line 3, column 3 (down_ns)")
        << QStringLiteral("malformed number 'abc'");
    QTest::newRow("empty seq")
        << h + QStringLiteral("T2,,100,200\n") << QStringLiteral("line 2, column 2 (seq)")
        << QStringLiteral("malformed number ''");
    QTest::newRow("up_ns overflows int64")
        << h + ok1 + ok2 + QStringLiteral("gA,0,100,9223372036854775808\n")
        << QStringLiteral("line 4, column 4 (up_ns)")
        << QStringLiteral("malformed number '9223372036854775808'");
    QTest::newRow("down_ns underflows int64")
        << h + QStringLiteral("gA,0,-9223372036854775809,0\n") << QStringLiteral("line 2, column 3 (down_ns)")
        << QStringLiteral("malformed number");
    QTest::newRow("trailing letters in seq")
        << h + QStringLiteral("T1,12abc,100,200\n") << QStringLiteral("line 2, column 2 (seq)")
        << QStringLiteral("malformed number '12abc'");
    QTest::newRow("decimal point")
        << h + QStringLiteral("T1,1,100.5,200\n") << QStringLiteral("line 2, column 3 (down_ns)")
        << QStringLiteral("malformed number '100.5'");
    QTest::newRow("unknown collector")
        << h + ok1 + QStringLiteral("TX,0,100,200\n") << QStringLiteral("line 3, column 1 (collector)")
        << QStringLiteral("unknown collector 'TX'");
    QTest::newRow("collector ids are case-sensitive")
        << h + QStringLiteral("t1,0,100,200\n") << QStringLiteral("line 2, column 1 (collector)")
        << QStringLiteral("unknown collector 't1'");
    QTest::newRow("root as collector")
        << h + ok1 + QStringLiteral("C,0,100,200\n") << QStringLiteral("line 3, column 1 (collector)")
        << QStringLiteral("'C' is the root");
    QTest::newRow("up before down")
        << h + ok1 + ok2 + QStringLiteral("T3,0,500,499\n") << QStringLiteral("line 4, column 4 (up_ns)")
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
        << h + QStringLiteral("T1,5000000000000000,1,2\nT1,0,1,2\nT2,1000000000000,1,2\nT1,5000000000000000,3,4\n")
        << QStringLiteral("line 5")
        << QStringLiteral("duplicate tuple for collector 'T1', seq 5000000000000000 (first on line 2)");
    QTest::newRow("op above 65535")
        << hOp + QStringLiteral("T1,0,1,2,65536,0\n") << QStringLiteral("line 2, column 5 (op)")
        << QStringLiteral("malformed number '65536'");
    QTest::newRow("negative op")
        << hOp + QStringLiteral("T1,0,1,2,0,0\nT2,0,1,2,-1,0\n") << QStringLiteral("line 3, column 5 (op)")
        << QStringLiteral("malformed number '-1'");
    QTest::newRow("ret above 32767")
        << hOp + QStringLiteral("T1,0,1,2,0,32768\n") << QStringLiteral("line 2, column 6 (ret)")
        << QStringLiteral("malformed number '32768'");
    QTest::newRow("ret below -32768")
        << hOp + QStringLiteral("T1,0,1,2,0,-32769\n") << QStringLiteral("line 2, column 6 (ret)")
        << QStringLiteral("malformed number '-32769'");
}

void TestTraceCsv::reportsInputErrors()
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

void TestTraceCsv::duplicateNamesBothLines()
{
    // The duplicate repeats the 10th data row (file line 11) of the reference trace at the end.
    std::string text = readTestFile("two-hosts.trace.csv");
    text += "pA,1,26900,27700\n"; // line 20
    const auto parsed = parseTraceCsv(text, *m_twoHosts);
    QVERIFY(!parsed.ok());
    QCOMPARE(q(parsed.error().describe()),
             QStringLiteral("line 20: duplicate tuple for collector 'pA', seq 1 (first on line 11)"));
}

void TestTraceCsv::errorLinesCountCrlfAndBom()
{
    const std::string text = "\xEF\xBB\xBF" "collector,seq,down_ns,up_ns\r\nT1,0,1,2\r\nT2,0,x,2\r\n";
    const auto parsed = parseTraceCsv(text, *m_twoHosts);
    QVERIFY(!parsed.ok());
    QCOMPARE(q(parsed.error().where), QStringLiteral("line 3, column 3 (down_ns)"));
    QVERIFY2(q(parsed.error().message).contains(QStringLiteral("'x'")), parsed.error().message.c_str());
}

void TestTraceCsv::fileErrorsNameThePath()
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

void TestTraceCsv::readMissingFileIsIoError()
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

void TestTraceCsv::writesExactText()
{
    const Configuration& c = *m_twoHosts;
    const std::vector<Tuple> plain{{0, 1000, 12700, 0, 0, 0}, {3, -5, 7, 3, 0, 0}};
    QCOMPARE(q(traceToCsv(plain, c)),
             QStringLiteral("collector,seq,down_ns,up_ns\nT1,0,1000,12700\npA,3,-5,7\n"));

    const std::vector<Tuple> withOp{{0, 1000, 12700, 0, 0, 0}, {3, -5, 7, 3, 0, -2}};
    QCOMPARE(q(traceToCsv(withOp, c)),
             QStringLiteral("collector,seq,down_ns,up_ns,op,ret\nT1,0,1000,12700,0,0\npA,3,-5,7,0,-2\n"));

    QCOMPARE(q(traceToCsv({}, c)), QStringLiteral("collector,seq,down_ns,up_ns\n"));
}

void TestTraceCsv::roundTripsReferenceTraces_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<QString>("trace");
    QTest::newRow("two-hosts") << QStringLiteral("two-hosts.tree.json") << QStringLiteral("two-hosts.trace.csv");
    QTest::newRow("flat-mpi") << QStringLiteral("flat-mpi.tree.json") << QStringLiteral("flat-mpi.trace.csv");
}

void TestTraceCsv::roundTripsReferenceTraces()
{
    QFETCH(QString, tree);
    QFETCH(QString, trace);
    const Configuration c = loadConfig(tree.toStdString());
    const std::string text = readTestFile(trace.toStdString());
    const auto parsed = parseTraceCsv(text, c);
    QVERIFY(parsed.ok());
    const std::string written = traceToCsv(parsed.value(), c);
    QVERIFY(q(written).startsWith(QStringLiteral("collector,seq,down_ns,up_ns\n")));
    QCOMPARE(q(written), q(text)); // the reference files are already in canonical form
    const auto again = parseTraceCsv(written, c);
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(sameTuples(again.value(), parsed.value()));
}

void TestTraceCsv::roundTripsWithOpAndRet()
{
    const Configuration& c = *m_twoHosts;
    const std::vector<Tuple> tuples{{0, 10, 20, 0, 0, 0},
                                    {0, 11, 25, 1, 65535, -32768},
                                    {-7, -20, -10, 5, 0, 32767},
                                    {9, 0, 0, 3, 12, 0}};
    const std::string written = traceToCsv(tuples, c);
    QVERIFY(q(written).startsWith(QStringLiteral("collector,seq,down_ns,up_ns,op,ret\n")));
    const auto again = parseTraceCsv(written, c);
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(sameTuples(again.value(), tuples));
}

void TestTraceCsv::roundTripsSimulatedTrace()
{
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}, {"B", "c0"}, {"C", "c1"}};
    spec.threadsPerHost = 3;
    spec.shape = TreeShape::HierarchyAware;
    const auto config = generateTree(spec);
    QVERIFY(config.ok());
    testing::SimulationSpec sim;
    sim.calls = 40;
    sim.firstSeq = 1000;
    const std::vector<Tuple> tuples = testing::simulateTrace(config.value(), sim);
    QCOMPARE(tuples.size(), size_t(40) * static_cast<size_t>(config->collectorCount()));
    const std::string written = traceToCsv(tuples, config.value());
    const auto again = parseTraceCsv(written, config.value());
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(sameTuples(again.value(), tuples));
}

QTEST_APPLESS_MAIN(TestTraceCsv)

#include "tst_tracecsv.moc"
