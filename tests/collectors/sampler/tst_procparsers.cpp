// The /proc parsers on texts copied from real machines, and on what a parser must refuse with
// the file and line named: missing fields, garbage, empty files.

#include "collectors/sampler/procparsers.h"

#include <QtTest>

#include <string>

using namespace xylem;
using namespace xylem::sampler;

namespace {

const char* const kStat = "cpu  940577 12 118688 558401 2773 0 549 2392 0 0\n"
                          "cpu0 460390 5 58363 290590 963 0 30 1220 0 0\n"
                          "cpu1 480187 7 60325 267811 1810 0 519 1172 0 0\n"
                          "intr 3624105 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 13 0 0 0 0 1624 470\n"
                          "ctxt 3669212\n"
                          "btime 1732190000\n"
                          "processes 41235\n"
                          "procs_running 2\n"
                          "procs_blocked 0\n"
                          "softirq 1969771 0 447402 4 2993 0 0 17 698563 0 820792\n";

const char* const kNetDev =
    "Inter-|   Receive                                                |  Transmit\n"
    " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs "
    "drop fifo colls carrier compressed\n"
    "    lo:    3319      30    0    0    0     0          0         0     3319      30    0    "
    "0    0     0       0          0\n"
    "  eth0: 51986896    1283    0    0    0     0          0         0    64669     753    0    "
    "0    0     0       0          0\n"
    "wlp0s20f3: 8123456789 6543210 0 12 0 0 0 3210 987654321 1234567 0 0 0 0 0 0\n"
    "veth1234@if5: 70 1 0 0 0 0 0 0 1100 12 0 0 0 0 0 0\n"
    " eth1:18446744073709551615 2 0 0 0 0 0 0 4 5 0 0 0 0 0 0\n";

const char* const kMeminfo = "MemTotal:       24684092 kB\n"
                             "MemFree:        23090944 kB\n"
                             "MemAvailable:   24236632 kB\n"
                             "Buffers:            2932 kB\n"
                             "Cached:          1280816 kB\n"
                             "SwapCached:            0 kB\n"
                             "Active:           612744 kB\n"
                             "HugePages_Total:       0\n"
                             "Hugepagesize:       2048 kB\n"
                             "DirectMap1G:     5242880 kB\n";

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestProcParsers : public QObject
{
    Q_OBJECT

private slots:
    void statTypical()
    {
        const auto stat = parseProcStat(kStat);
        QVERIFY2(stat.ok(), qPrintable(q(stat.ok() ? "" : stat.error().describe())));
        QCOMPARE(stat->all.user, 940577u);
        QCOMPARE(stat->all.nice, 12u);
        QCOMPARE(stat->all.steal, 2392u);
        QCOMPARE(stat->all.total(), 940577u + 12 + 118688 + 558401 + 2773 + 0 + 549 + 2392);
        QCOMPARE(stat->all.busy(), stat->all.total() - 558401 - 2773);
        QCOMPARE(stat->cpus.size(), size_t(2));
        QCOMPARE(stat->cpus[1].index, 1);
        QCOMPARE(stat->cpus[1].times.iowait, 1810u);
    }

    void statManyCpusWithOfflineGap()
    {
        std::string text = "cpu 1 2 3 4 5 6 7 8\n";
        for (int i = 0; i < 256; ++i) {
            if (i != 17) { // offline CPUs have no line
                text +=
                    "cpu" + std::to_string(i) + " " + std::to_string(i) + " 0 1 2 3 4 5 6 7 8\n";
            }
        }
        text += "intr 1 2 3\n";
        const auto stat = parseProcStat(text);
        QVERIFY(stat.ok());
        QCOMPARE(stat->cpus.size(), size_t(255));
        QCOMPARE(stat->cpus[17].index, 18);
        QCOMPARE(stat->cpus.back().index, 255);
        QCOMPARE(stat->cpus.back().times.user, 255u);
        QCOMPARE(stat->cpus.back().times.steal, 6u);
    }

    void statErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing steal")
            << QByteArray("cpu 1 2 3 4 5 6 7 8\ncpu0 1 2 3 4 5 6 7\n") << "/proc/stat, line 2"
            << "7 of the 8 fields";
        QTest::newRow("old kernel") << QByteArray("cpu 1 2 3 4\n") << "/proc/stat, line 1"
                                    << "4 of the 8";
        QTest::newRow("garbage value")
            << QByteArray("cpu 1 2 3 4 5 6 7 8\ncpu0 1 2 x 4 5 6 7 8\n") << "/proc/stat, line 2"
            << "not a number: 'x'";
        QTest::newRow("negative") << QByteArray("cpu 1 2 3 -4 5 6 7 8\n") << "/proc/stat, line 1"
                                  << "'-4'";
        QTest::newRow("overflow") << QByteArray("cpu 1 2 3 18446744073709551616 5 6 7 8\n")
                                  << "/proc/stat, line 1"
                                  << "not a number";
        QTest::newRow("bad cpu name")
            << QByteArray("cpu 1 2 3 4 5 6 7 8\ncpuX 1 2 3 4 5 6 7 8\n") << "/proc/stat, line 2"
            << "unknown line 'cpuX'";
        QTest::newRow("two aggregates")
            << QByteArray("cpu 1 2 3 4 5 6 7 8\ncpu 1 2 3 4 5 6 7 8\n") << "/proc/stat, line 2"
            << "second aggregate";
        QTest::newRow("no aggregate")
            << QByteArray("cpu0 1 2 3 4 5 6 7 8\nctxt 5\n") << "/proc/stat"
            << "no aggregate 'cpu' line";
        QTest::newRow("empty") << QByteArray() << "/proc/stat"
                               << "empty file";
        QTest::newRow("garbage only") << QByteArray("\x01\x02 garbage\n\n%%%\n") << "/proc/stat"
                                      << "no aggregate";
    }

    void statErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        QFETCH(QString, message);
        const auto stat = parseProcStat(text.toStdString());
        QVERIFY(!stat.ok());
        QCOMPARE(stat.error().code, ErrorCode::MalformedInput);
        QCOMPARE(q(stat.error().where), where);
        QVERIFY2(q(stat.error().message).contains(message), qPrintable(q(stat.error().message)));
    }

    void statIgnoresUnknownLinesAndNamesTheGivenFile()
    {
        QVERIFY(parseProcStat("garbage here\ncpu 1 2 3 4 5 6 7 8\nnewkey 1\n").ok());
        const auto stat = parseProcStat("cpu 1 2\n", "/tmp/fixture/stat");
        QVERIFY(!stat.ok());
        QCOMPARE(q(stat.error().describe()).left(26), QStringLiteral("/tmp/fixture/stat, line 1:"));
    }

    void netDevTypical()
    {
        const auto devs = parseProcNetDev(kNetDev);
        QVERIFY2(devs.ok(), qPrintable(q(devs.ok() ? "" : devs.error().describe())));
        QCOMPARE(devs->size(), size_t(5));
        const NetDevice& lo = (*devs)[0];
        QCOMPARE(q(lo.name), QStringLiteral("lo"));
        QCOMPARE(lo.rxBytes, 3319u);
        QCOMPARE(lo.txPackets, 30u);
        const NetDevice& wl = (*devs)[2];
        QCOMPARE(q(wl.name), QStringLiteral("wlp0s20f3"));
        QCOMPARE(wl.rxBytes, 8123456789u);
        QCOMPARE(wl.rxPackets, 6543210u);
        QCOMPARE(wl.txBytes, 987654321u);
        QCOMPARE(wl.txPackets, 1234567u);
        QCOMPARE(q((*devs)[3].name), QStringLiteral("veth1234@if5"));
        QCOMPARE((*devs)[3].txBytes, 1100u);
        const NetDevice& eth1 = (*devs)[4]; // no blank after the colon, a full 64-bit counter
        QCOMPARE(q(eth1.name), QStringLiteral("eth1"));
        QCOMPARE(eth1.rxBytes, 18446744073709551615u);
        QCOMPARE(eth1.rxPackets, 2u);
    }

    void netDevHeaderOnly()
    {
        const std::string text = std::string(kNetDev).substr(0, std::string(kNetDev).find("lo:"));
        const auto devs = parseProcNetDev(text + "\n   \n");
        QVERIFY(devs.ok());
        QVERIFY(devs->empty());
    }

    void netDevErrors_data()
    {
        const QByteArray header = "Inter-|   Receive  |  Transmit\n face |bytes packets|bytes\n";
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing counter") << header + "  eth0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                                         << "/proc/net/dev, line 3"
                                         << "'eth0' has 15 of the 16 counters";
        QTest::newRow("no colon") << header + "  lo: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                                              "garbage line here\n"
                                  << "/proc/net/dev, line 4"
                                  << "expected 'interface: counters'";
        QTest::newRow("no name") << header + "  : 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                                 << "/proc/net/dev, line 3"
                                 << "expected 'interface";
        QTest::newRow("garbage value")
            << header + "docker0: 1 2 3 4 5 6 7 8 9 1O 11 12 13 14 15 16\n"
            << "/proc/net/dev, line 3"
            << "'docker0': not a number: '1O'";
        QTest::newRow("no header") << QByteArray("  lo: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n")
                                   << "/proc/net/dev, line 1"
                                   << "expected a header line";
        QTest::newRow("second header missing")
            << QByteArray("Inter-|   Receive  |  Transmit\n  lo: 1 2 3\n")
            << "/proc/net/dev, line 2"
            << "expected a header line";
        QTest::newRow("cut short")
            << QByteArray("Inter-|   Receive  |  Transmit\n") << "/proc/net/dev"
            << "header is cut short";
        QTest::newRow("empty") << QByteArray() << "/proc/net/dev"
                               << "empty file";
    }

    void netDevErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        QFETCH(QString, message);
        const auto devs = parseProcNetDev(text.toStdString());
        QVERIFY(!devs.ok());
        QCOMPARE(q(devs.error().where), where);
        QVERIFY2(q(devs.error().message).contains(message), qPrintable(q(devs.error().message)));
    }

    void meminfoTypical()
    {
        const auto mem = parseProcMeminfo(kMeminfo);
        QVERIFY2(mem.ok(), qPrintable(q(mem.ok() ? "" : mem.error().describe())));
        QCOMPARE(mem->totalBytes, 24684092ull * 1024);
        QCOMPARE(mem->freeBytes, 23090944ull * 1024);
        QCOMPARE(mem->availableBytes, 24236632ull * 1024);
        QCOMPARE(mem->buffersBytes, 2932ull * 1024);
        QCOMPARE(mem->cachedBytes, 1280816ull * 1024);
    }

    void meminfoWithoutMemAvailableEstimatesIt()
    {
        const auto mem = parseProcMeminfo("MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 20 kB\n"
                                          "Cached: 300 kB\nSwapCached: 0 kB\n");
        QVERIFY(mem.ok());
        QCOMPARE(mem->availableBytes, 420ull * 1024);
    }

    void meminfoIgnoresLinesItDoesNotUse()
    {
        const auto mem = parseProcMeminfo(std::string("%% garbage\n") + kMeminfo + "Weird: x y\n");
        QVERIFY(mem.ok());
        QCOMPARE(mem->totalBytes, 24684092ull * 1024);
    }

    void meminfoErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        const QByteArray rest = "MemFree: 1 kB\nBuffers: 2 kB\nCached: 3 kB\n";
        QTest::newRow("missing total") << rest << "/proc/meminfo"
                                       << "no MemTotal line";
        QTest::newRow("missing cached")
            << QByteArray("MemTotal: 5 kB\nMemFree: 1 kB\nBuffers: 2 kB\n") << "/proc/meminfo"
            << "no Cached line";
        QTest::newRow("garbage value") << "MemTotal: 12x4 kB\n" + rest << "/proc/meminfo, line 1"
                                       << "'MemTotal': expected '<number> kB', found '12x4 kB'";
        QTest::newRow("no unit") << rest + "MemTotal: 1234\n"
                                 << "/proc/meminfo, line 4"
                                 << "found '1234'";
        QTest::newRow("no value") << rest + "MemAvailable:\n"
                                  << "/proc/meminfo, line 4"
                                  << "found ''";
        QTest::newRow("overflow") << "MemTotal: 18446744073709551615 kB\n" + rest
                                  << "/proc/meminfo, line 1"
                                  << "expected '<number> kB'";
        QTest::newRow("empty") << QByteArray() << "/proc/meminfo"
                               << "empty file";
    }

    void meminfoErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        QFETCH(QString, message);
        const auto mem = parseProcMeminfo(text.toStdString());
        QVERIFY(!mem.ok());
        QCOMPARE(mem.error().code, ErrorCode::MalformedInput);
        QCOMPARE(q(mem.error().where), where);
        QVERIFY2(q(mem.error().message).contains(message), qPrintable(q(mem.error().message)));
    }
};

QTEST_APPLESS_MAIN(TestProcParsers)
#include "tst_procparsers.moc"
