// The system-samples stream's JSON lines: what a collector encodes the front-end decodes
// exactly, concatenated lines stay apart, and a line that is not one is refused by number.

#include "core/gather/samplelines.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace xylem;
using namespace xylem::gather;

class TestSampleLines : public QObject
{
    Q_OBJECT

private slots:
    void roundTripOfConcatenatedLines()
    {
        const HostSamples h0{"h0",
                             0,
                             {{"cpu_busy_pct", 1'795'444'254'547'803'610, 12.345678901234567},
                              {"net_rx_bytes_per_s:eth0", 1'795'444'254'547'803'610, 0.1}}};
        const HostSamples h1{"h1 \"quoted\"", 7, {{"mem_used_bytes", 5, 1e15}}};
        const HostSamples empty{"h2", 3, {}};
        const std::string text =
            encodeSampleLine(h0) + encodeSampleLine(h1) + "\n" + encodeSampleLine(empty);
        auto decoded = decodeSampleLines(text);
        QVERIFY(decoded);
        QCOMPARE(decoded->size(), size_t(3));
        QVERIFY(decoded->at(0) == h0); // doubles and int64 times exactly
        QVERIFY(decoded->at(1) == h1);
        QVERIFY(decoded->at(2) == empty);
        QVERIFY(decodeSampleLines("")->empty());
    }

    void valuesJsonCannotHoldAreLeftOut()
    {
        const HostSamples h{"h0",
                            0,
                            {{"a", 1, std::nan("")},
                             {"b", 2, std::numeric_limits<double>::infinity()},
                             {"c", 3, 1.5}}};
        auto decoded = decodeSampleLines(encodeSampleLine(h));
        QVERIFY(decoded);
        QCOMPARE(decoded->at(0).samples.size(), size_t(1));
        QCOMPARE(decoded->at(0).samples.at(0).metric, std::string("c"));
    }

    void badLinesAreRefusedByNumber_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("no json") << QByteArray("{nope");
        QTest::newRow("no host") << QByteArray(R"({"overwritten": 0, "samples": []})");
        QTest::newRow("negative loss")
            << QByteArray(R"({"host": "h", "overwritten": -1, "samples": []})");
        QTest::newRow("short sample")
            << QByteArray(R"({"host": "h", "overwritten": 0, "samples": [["cpu", 1]]})");
        QTest::newRow("fractional time")
            << QByteArray(R"({"host": "h", "overwritten": 0, "samples": [["cpu", 1.5, 2]]})");
        QTest::newRow("time beyond int64") << QByteArray(
            R"({"host": "h", "overwritten": 0, "samples": [["cpu", 9300000000000000000, 2]]})");
    }
    void badLinesAreRefusedByNumber()
    {
        QFETCH(QByteArray, line);
        const std::string good = encodeSampleLine(HostSamples{"h", 0, {{"cpu", 1, 2}}});
        auto decoded = decodeSampleLines(good + line.toStdString() + "\n");
        QVERIFY(!decoded);
        QCOMPARE(decoded.error().code, ErrorCode::MalformedInput);
        QCOMPARE(QString::fromStdString(decoded.error().where), QString("line 2"));
    }
};

QTEST_GUILESS_MAIN(TestSampleLines)
#include "tst_samplelines.moc"
