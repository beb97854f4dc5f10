// The --wan option of xylem-gsum: parseWanSpec reads "PROXY=LATENCY[/BANDWIDTH],..." with
// every unit it documents and names the broken item and what is wrong with it; and
// LinkEmulation::delay waits at least latency + bytes * 8 / bandwidth (upper bounds are loose:
// a sleep may always take longer on a busy machine).

#include "collectors/allreduce/wanemulation.h"

#include <QtTest>

#include <chrono>
#include <string>

using namespace xylem;
using namespace xylem::allreduce;
using namespace std::chrono_literals;

namespace {

std::chrono::nanoseconds timeDelay(const LinkEmulation& link, size_t bytes)
{
    const auto start = std::chrono::steady_clock::now();
    link.delay(bytes);
    return std::chrono::steady_clock::now() - start;
}

} // namespace

class TestWanSpec : public QObject
{
    Q_OBJECT

private slots:
    void emptySpecIsNoLinks();
    void documentedExample();
    void latencyUnits_data();
    void latencyUnits();
    void bandwidthUnits_data();
    void bandwidthUnits();
    void laterItemForTheSameProxyWins();
    void badSpecsNameTheProblem_data();
    void badSpecsNameTheProblem();
    void inactiveLinkDoesNotWait();
    void delayWaitsTheLatency();
    void delayWaitsForTheBandwidth();
    void delayAddsLatencyAndTransmission();
};

void TestWanSpec::emptySpecIsNoLinks()
{
    const auto links = parseWanSpec("");
    QVERIFY(links);
    QVERIFY(links->empty());
}

void TestWanSpec::documentedExample()
{
    const auto links = parseWanSpec("pA=500us/100Mbit,p.h1.t0=2ms");
    QVERIFY2(links, links ? "" : links.error().describe().c_str());
    QCOMPARE(links->size(), size_t(2));
    const LinkEmulation& a = links->at("pA");
    QCOMPARE(a.latency, std::chrono::nanoseconds(500us));
    QCOMPARE(a.bitsPerSecond, 100e6);
    QVERIFY(a.active());
    const LinkEmulation& b = links->at("p.h1.t0");
    QCOMPARE(b.latency, std::chrono::nanoseconds(2ms));
    QCOMPARE(b.bitsPerSecond, 0.0); // no limit
    QVERIFY(b.active());
}

void TestWanSpec::latencyUnits_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<qint64>("ns");
    QTest::newRow("ns") << QString("p=750ns") << qint64(750);
    QTest::newRow("us") << QString("p=500us") << qint64(500'000);
    QTest::newRow("ms") << QString("p=2ms") << qint64(2'000'000);
    QTest::newRow("s") << QString("p=1s") << qint64(1'000'000'000);
    QTest::newRow("fraction") << QString("p=1.5ms") << qint64(1'500'000);
    QTest::newRow("zero") << QString("p=0ms") << qint64(0);
}

void TestWanSpec::latencyUnits()
{
    QFETCH(QString, spec);
    QFETCH(qint64, ns);
    const auto links = parseWanSpec(spec.toStdString());
    QVERIFY2(links, links ? "" : links.error().describe().c_str());
    QCOMPARE(links->size(), size_t(1));
    QCOMPARE(qint64(links->at("p").latency.count()), ns);
    QCOMPARE(links->at("p").bitsPerSecond, 0.0);
}

void TestWanSpec::bandwidthUnits_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<double>("bitsPerSecond");
    QTest::newRow("bit") << QString("p=1ms/9600bit") << 9600.0;
    QTest::newRow("kbit") << QString("p=1ms/64kbit") << 64e3;
    QTest::newRow("Mbit") << QString("p=1ms/100Mbit") << 100e6;
    QTest::newRow("Gbit") << QString("p=1ms/10Gbit") << 10e9;
    QTest::newRow("fraction") << QString("p=0us/2.5Gbit") << 2.5e9;
}

void TestWanSpec::bandwidthUnits()
{
    QFETCH(QString, spec);
    QFETCH(double, bitsPerSecond);
    const auto links = parseWanSpec(spec.toStdString());
    QVERIFY2(links, links ? "" : links.error().describe().c_str());
    QCOMPARE(links->at("p").bitsPerSecond, bitsPerSecond);
    QVERIFY(links->at("p").active());
}

void TestWanSpec::laterItemForTheSameProxyWins()
{
    const auto links = parseWanSpec("pA=1ms,pB=3ms,pA=2ms");
    QVERIFY(links);
    QCOMPARE(links->size(), size_t(2));
    QCOMPARE(links->at("pA").latency, std::chrono::nanoseconds(2ms));
}

void TestWanSpec::badSpecsNameTheProblem_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("item");    // the item the message must quote
    QTest::addColumn<QString>("problem"); // and what it must say about it
    QTest::newRow("no '='") << QString("pA") << "'pA'"
                            << "expected PROXY=LATENCY";
    QTest::newRow("no proxy") << QString("=2ms") << "'=2ms'"
                              << "expected PROXY=LATENCY";
    QTest::newRow("empty item") << QString("pA=1ms,,pB=2ms") << "''"
                                << "expected PROXY=LATENCY";
    QTest::newRow("second item bad") << QString("pA=1ms,pB") << "'pB'"
                                     << "expected PROXY=LATENCY";
    QTest::newRow("no unit") << QString("pA=500") << "'pA=500'"
                             << "bad latency";
    QTest::newRow("unknown unit") << QString("pA=5min") << "'pA=5min'"
                                  << "bad latency";
    QTest::newRow("unit case") << QString("pA=5MS") << "'pA=5MS'"
                               << "bad latency";
    QTest::newRow("negative") << QString("pA=-1ms") << "'pA=-1ms'"
                              << "bad latency";
    QTest::newRow("no number") << QString("pA=ms") << "'pA=ms'"
                               << "bad latency";
    QTest::newRow("empty latency") << QString("pA=") << "'pA='"
                                   << "bad latency";
    QTest::newRow("bandwidth without unit") << QString("pA=1ms/100") << "'pA=1ms/100'"
                                            << "bad bandwidth";
    QTest::newRow("bandwidth bytes") << QString("pA=1ms/100MB") << "'pA=1ms/100MB'"
                                     << "bad bandwidth";
    QTest::newRow("zero bandwidth") << QString("pA=1ms/0Mbit") << "'pA=1ms/0Mbit'"
                                    << "bad bandwidth";
    QTest::newRow("empty bandwidth") << QString("pA=1ms/") << "'pA=1ms/'"
                                     << "bad bandwidth";
    QTest::newRow("latency is a bandwidth") << QString("pA=100Mbit") << "'pA=100Mbit'"
                                            << "bad latency";
}

void TestWanSpec::badSpecsNameTheProblem()
{
    QFETCH(QString, spec);
    QFETCH(QString, item);
    QFETCH(QString, problem);
    const auto links = parseWanSpec(spec.toStdString());
    QVERIFY2(!links, qPrintable("accepted: " + spec));
    QVERIFY(links.error().code == ErrorCode::InvalidArgument);
    const QString message = QString::fromStdString(links.error().describe());
    QVERIFY2(message.contains(item), qPrintable(message));
    QVERIFY2(message.contains(problem), qPrintable(message));
}

void TestWanSpec::inactiveLinkDoesNotWait()
{
    const LinkEmulation none;
    QVERIFY(!none.active());
    QVERIFY(timeDelay(none, 1 << 20) < 50ms);
}

void TestWanSpec::delayWaitsTheLatency()
{
    const LinkEmulation link{20ms, 0};
    const auto took = timeDelay(link, 1 << 20); // no bandwidth limit: size does not matter
    QVERIFY2(took >= 20ms, qPrintable(QString("waited %1 ns").arg(took.count())));
    QVERIFY2(took < 20ms + 500ms, qPrintable(QString("waited %1 ns").arg(took.count())));
}

void TestWanSpec::delayWaitsForTheBandwidth()
{
    const LinkEmulation link{0ns, 8e6}; // 8 Mbit/s: 1 byte per us
    const auto took = timeDelay(link, 30'000);
    QVERIFY2(took >= 30ms, qPrintable(QString("waited %1 ns").arg(took.count())));
    QVERIFY2(took < 30ms + 500ms, qPrintable(QString("waited %1 ns").arg(took.count())));
    QVERIFY(timeDelay(link, 0) < 50ms); // nothing to send, no latency
}

void TestWanSpec::delayAddsLatencyAndTransmission()
{
    const auto links = parseWanSpec("pA=10ms/80Mbit");
    QVERIFY(links);
    // 10 ms + 250,000 bytes * 8 / 80 Mbit/s = 10 ms + 25 ms
    const auto took = timeDelay(links->at("pA"), 250'000);
    QVERIFY2(took >= 35ms, qPrintable(QString("waited %1 ns").arg(took.count())));
    QVERIFY2(took < 35ms + 500ms, qPrintable(QString("waited %1 ns").arg(took.count())));
    // And a small message barely adds to the latency.
    const auto small = timeDelay(links->at("pA"), 100);
    QVERIFY2(small >= 10ms, qPrintable(QString("waited %1 ns").arg(small.count())));
    QVERIFY2(small < 10ms + 500ms, qPrintable(QString("waited %1 ns").arg(small.count())));
}

QTEST_APPLESS_MAIN(TestWanSpec)
#include "tst_wanspec.moc"
