// Reading the trace interchange format (metrics.md §8): parsing the reference traces and the
// tolerated variations (row order, CRLF, BOM, blank lines, spaces, op/ret, extreme values).
// Writing and the round trip are in tst_tracecsvwrite.cpp, the input errors in
// tst_tracecsverrors.cpp.

#include "core/model/configuration.h"
#include "core/model/tracecsv.h"
#include "tests/core/model/modeltesthelpers.h"
#include "tests/support/testdata.h"

#include <QtTest>

#include <limits>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace xylem;
using xylem::modeltest::loadConfig;
using xylem::modeltest::q;
using xylem::modeltest::sameTuples;
using xylem::testing::readTestFile;
using xylem::testing::testDataPath;

namespace {

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
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
    const std::string reversed =
        (header + QLatin1Char('\n') + lines.join(QLatin1Char('\n')) + QLatin1Char('\n'))
            .toStdString();
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
    QCOMPARE(t[2],
             (Tuple{4, 100, 200, static_cast<std::uint32_t>(c.indexOf("gB")), 65535, -32768}));
    QCOMPARE(t[3], (Tuple{4, 100, 200, static_cast<std::uint32_t>(c.indexOf("pA")), 1, 32767}));
}

void TestTraceCsv::acceptsExtremeValues()
{
    // Any int64 timestamps, as long as the run spreads over at most 2^61 ns (timespan.h).
    const auto parsed = parseTraceCsv("collector,seq,down_ns,up_ns\n"
                                      "T1,-5,9223372036854775000,9223372036854775807\n"
                                      "T1,9223372036854775807,7000000000000000000,7000000000000000000\n"
                                      "T2,-9223372036854775808,7000000000000000001,7000000000000000002\n",
                                      *m_twoHosts);
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    QCOMPARE(parsed->size(), size_t(3));
    QCOMPARE(parsed->at(0), (Tuple{-5, 9223372036854775000LL, 9223372036854775807LL, 0, 0, 0}));
    QCOMPARE(parsed->at(1), (Tuple{9223372036854775807LL, 7000000000000000000LL, 7000000000000000000LL, 0, 0, 0}));
    QCOMPARE(parsed->at(2).seq, std::numeric_limits<std::int64_t>::min());
    // Wider than that, the analysis could not compute its differences: bad input.
    const auto wide = parseTraceCsv("collector,seq,down_ns,up_ns\n"
                                    "T1,0,-9223372036854775807,0\n"
                                    "T2,0,0,9223372036854775807\n",
                                    *m_twoHosts);
    QVERIFY(!wide.ok());
    QVERIFY2(wide.error().describe().find("line 3: timestamps spread over more than 2^61 ns") != std::string::npos,
             wide.error().describe().c_str());
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

QTEST_APPLESS_MAIN(TestTraceCsv)

#include "tst_tracecsv.moc"
