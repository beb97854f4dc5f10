// The node-counts stream's JSON lines (a collector's own ring accounting and CPU, for the live
// figures of a scope design): encoded lines decode exactly, concatenated lines stay apart, and
// a line that is not one is refused by number and field.

#include "core/gather/nodecountlines.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::gather;

class TestNodeCountLines : public QObject
{
    Q_OBJECT

private slots:
    void roundTripOfConcatenatedLines()
    {
        const NodeCounts h0{"h0", 1200, 1190, 10, 3, 1'795'444'254'547'803'610, 12.5};
        const NodeCounts h1{"h1", 0, 0, 0, 0, 5, std::nullopt};
        auto decoded =
            decodeNodeCountLines(encodeNodeCountLine(h0) + "\n" + encodeNodeCountLine(h1));
        QVERIFY(decoded);
        QCOMPARE(decoded->size(), size_t(2));
        QVERIFY(decoded->at(0) == h0);
        QVERIFY(decoded->at(1) == h1);
        QVERIFY(decodeNodeCountLines("")->empty());
    }

    void aBadLineIsRefusedByNumber()
    {
        const std::string good = encodeNodeCountLine({"h0", 1, 1, 0, 1, 5, {}});
        auto bad = decodeNodeCountLines(good + R"({"host": "h1", "written": -1})" + "\n");
        QVERIFY(!bad);
        QCOMPARE(QString::fromStdString(bad.error().describe()),
                 QString("node-counts line 2: field 'written' must be a whole number"));
        auto noHost = decodeNodeCountLines("[1]\n");
        QVERIFY(!noHost);
        QCOMPARE(QString::fromStdString(noHost.error().describe()),
                 QString("node-counts line 1: not a JSON object with a host"));
        auto cpu = decodeNodeCountLines(
            R"({"host": "h", "written": 1, "read": 1, "overwritten": 0, "rings": 1, "now_ns": 2, "cpu_busy_pct": "x"})");
        QVERIFY(!cpu);
    }
};

QTEST_GUILESS_MAIN(TestNodeCountLines)
#include "tst_nodecountlines.moc"
