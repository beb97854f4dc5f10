// SystemSampler over a fixture proc directory holding two successive snapshots (exact rates,
// a counter reset, interfaces that come and go, missing and malformed files), and one real
// sample of this machine's /proc.

#include "collectors/sampler/systemsampler.h"
#include "tests/support/waituntil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>

using namespace xylem;
using namespace xylem::sampler;

namespace {

const char* const kNetHeader =
    "Inter-|   Receive                                                |  Transmit\n"
    " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs "
    "drop fifo colls carrier compressed\n";

// The aggregate line is the sum of cpu0 and cpu1, as the kernel writes it.
const char* const kStat1 = "cpu  100 0 50 800 50 0 0 0 0 0\n"
                           "cpu0 50 0 25 400 25 0 0 0 0 0\n"
                           "cpu1 50 0 25 400 25 0 0 0 0 0\n"
                           "ctxt 1000\n";
const char* const kStat2 = "cpu  130 0 70 940 60 0 0 0 0 0\n" // busy +50, idle+iowait +150
                           "cpu0 80 0 35 460 25 0 0 0 0 0\n"  // busy +40, idle +60
                           "cpu1 50 0 35 480 35 0 0 0 0 0\n"  // busy +10, idle+iowait +90
                           "ctxt 2000\n";
const char* const kNet1 = "    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0\n"
                          "  eth0: 10000000 900 0 0 0 0 0 0 500000 400 0 0 0 0 0 0\n"
                          "wlp0s20f3: 5 1 0 0 0 0 0 0 5 1 0 0 0 0 0 0\n";
const char* const kNet2 = "    lo: 3000 30 0 0 0 0 0 0 3000 30 0 0 0 0 0 0\n"
                          "  eth0: 12000000 950 0 0 0 0 0 0 100 2 0 0 0 0 0 0\n" // tx was reset
                          "veth1234@if5: 70 1 0 0 0 0 0 0 1100 12 0 0 0 0 0 0\n";
const char* const kMem = "MemTotal:       16000000 kB\n"
                         "MemFree:         2000000 kB\n"
                         "MemAvailable:   12000000 kB\n"
                         "Buffers:          100000 kB\n"
                         "Cached:          9000000 kB\n";

constexpr std::int64_t kT1 = 1'000'000'000;
constexpr std::int64_t kT2 = 3'000'000'000; // two seconds later

void writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& text)
{
    const std::filesystem::path path = std::filesystem::path(dir.path().toStdString()) / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

void writeSnapshot(const QTemporaryDir& dir, const char* stat, const char* net)
{
    writeFile(dir, "stat", stat);
    writeFile(dir, "net/dev", std::string(kNetHeader) + net);
    writeFile(dir, "meminfo", kMem);
}

std::map<std::string, double> byName(const std::vector<SystemMetric>& metrics)
{
    std::map<std::string, double> out;
    for (const SystemMetric& m : metrics) {
        out[m.metric] = m.value;
    }
    return out;
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestSystemSampler : public QObject
{
    Q_OBJECT

private slots:
    void firstSampleHasLevelsOnly()
    {
        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, kNet1);
        SystemSampler sampler(dir.path().toStdString(), "node7");
        const auto first = sampler.sample(kT1);
        QVERIFY2(first.ok(), qPrintable(q(first.ok() ? "" : first.error().describe())));
        QCOMPARE(first->size(), size_t(2));
        QCOMPARE(q((*first)[0].metric), QStringLiteral("mem_used_bytes"));
        QCOMPARE((*first)[0].value, 4000000.0 * 1024);
        QCOMPARE(q((*first)[1].metric), QStringLiteral("mem_available_bytes"));
        QCOMPARE((*first)[1].value, 12000000.0 * 1024);
        for (const SystemMetric& m : *first) {
            QCOMPARE(q(m.host), QStringLiteral("node7"));
            QCOMPARE(m.timeNs, kT1);
        }
    }

    void secondSampleGivesExactRates()
    {
        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, kNet1);
        SystemSampler sampler(dir.path().toStdString(), "node7");
        QVERIFY(sampler.sample(kT1).ok());
        writeSnapshot(dir, kStat2, kNet2);
        const auto second = sampler.sample(kT2);
        QVERIFY2(second.ok(), qPrintable(q(second.ok() ? "" : second.error().describe())));
        const std::map<std::string, double> expected{
            {"cpu_busy_pct", 25.0},                     // 50 of 200 jiffies
            {"cpu_busy_pct:cpu0", 40.0},                // 40 of 100
            {"cpu_busy_pct:cpu1", 10.0},                // 10 of 100
            {"net_rx_bytes_per_s:lo", 1000.0},          // 2000 bytes in 2 s
            {"net_tx_bytes_per_s:lo", 1000.0},          //
            {"net_rx_bytes_per_s:eth0", 1000000.0},     // 2 MB in 2 s
            {"net_tx_bytes_per_s:eth0", 50.0},          // reset: 100 bytes since, not negative
            {"mem_used_bytes", 4000000.0 * 1024},       // MemTotal - MemAvailable
            {"mem_available_bytes", 12000000.0 * 1024}, //
        };
        QCOMPARE(byName(*second), expected); // veth1234 is new, wlp0s20f3 gone: no rate
        QCOMPARE(q(second->front().metric), QStringLiteral("cpu_busy_pct"));
        for (const SystemMetric& m : *second) {
            QCOMPARE(m.timeNs, kT2);
            QVERIFY(m.value >= 0);
        }
    }

    void timeStandingStillGivesNoByteRate()
    {
        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, kNet1);
        SystemSampler sampler(dir.path().toStdString(), "n");
        QVERIFY(sampler.sample(kT1).ok());
        writeSnapshot(dir, kStat2, kNet2);
        const auto again = sampler.sample(kT1);
        QVERIFY(again.ok());
        const auto metrics = byName(*again);
        QCOMPARE(metrics.count("net_rx_bytes_per_s:lo"), size_t(0));
        QCOMPARE(metrics.at("cpu_busy_pct"), 25.0); // jiffies need no clock
    }

    void noTickInBetweenGivesNoCpuRate()
    {
        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, kNet1);
        SystemSampler sampler(dir.path().toStdString(), "n");
        QVERIFY(sampler.sample(kT1).ok());
        const auto again = sampler.sample(kT2);
        QVERIFY(again.ok());
        const auto metrics = byName(*again);
        QCOMPARE(metrics.count("cpu_busy_pct"), size_t(0));
        QCOMPARE(metrics.at("net_rx_bytes_per_s:eth0"), 0.0);
    }

    void missingFileIsAnErrorNamingIt_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("stat") << "stat";
        QTest::newRow("net/dev") << "net/dev";
        QTest::newRow("meminfo") << "meminfo";
    }

    void missingFileIsAnErrorNamingIt()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, kNet1);
        SystemSampler sampler(dir.path().toStdString(), "n");
        QVERIFY(sampler.sample(kT1).ok());
        QVERIFY(QFile::remove(dir.filePath(file)));
        const auto failed = sampler.sample(kT2);
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().code, ErrorCode::IoError);
        const QString text = q(failed.error().describe());
        QVERIFY2(text.contains(dir.filePath(file)), qPrintable(text));

        // The failed sample left the first one as the base of the rates.
        writeSnapshot(dir, kStat2, kNet2);
        const auto next = sampler.sample(kT2);
        QVERIFY(next.ok());
        QCOMPARE(byName(*next).at("net_rx_bytes_per_s:lo"), 1000.0);
    }

    void missingProcRootAndDirectoryInsteadOfFile()
    {
        SystemSampler nowhere("/nonexistent/xylem-proc", "n");
        const auto failed = nowhere.sample(kT1);
        QVERIFY(!failed.ok());
        QVERIFY(
            q(failed.error().describe()).startsWith("/nonexistent/xylem-proc/stat: cannot open"));

        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, kNet1);
        QVERIFY(QFile::remove(dir.filePath("meminfo")));
        QVERIFY(QDir(dir.path()).mkdir("meminfo"));
        const auto directory = SystemSampler(dir.path().toStdString(), "n").sample(kT1);
        QVERIFY(!directory.ok());
        QVERIFY(q(directory.error().describe()).contains(dir.filePath("meminfo")));
    }

    void malformedFileNamesFileAndLine()
    {
        QTemporaryDir dir;
        writeSnapshot(dir, kStat1, "  eth0: 1 2 3\n");
        const auto failed = SystemSampler(dir.path().toStdString(), "n").sample(kT1);
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error().code, ErrorCode::MalformedInput);
        QCOMPARE(q(failed.error().where), dir.filePath("net/dev") + ", line 3");
    }

    void realProcGivesPlausibleValues()
    {
        if (!QFile::exists("/proc/stat")) {
            QSKIP("no /proc on this system");
        }
        SystemSampler sampler; // "/proc"
        const auto now = [] {
            return std::chrono::duration_cast<std::chrono::nanoseconds>(
                       std::chrono::steady_clock::now().time_since_epoch())
                .count();
        };
        const auto first = sampler.sample(now());
        QVERIFY2(first.ok(), qPrintable(q(first.ok() ? "" : first.error().describe())));
        xylem::testing::letTimePass(std::chrono::milliseconds(200)); // counters move
        const auto second = sampler.sample(now());
        QVERIFY2(second.ok(), qPrintable(q(second.ok() ? "" : second.error().describe())));
        const auto metrics = byName(*second);
        QVERIFY(metrics.count("cpu_busy_pct") == 1);
        QVERIFY(metrics.at("cpu_busy_pct") >= 0 && metrics.at("cpu_busy_pct") <= 100);
        QVERIFY(metrics.count("cpu_busy_pct:cpu0") == 1);
        QVERIFY(metrics.at("mem_used_bytes") > 0);
        QVERIFY(metrics.at("mem_available_bytes") > 0);
        QVERIFY(metrics.count("net_rx_bytes_per_s:lo") == 1);
        QVERIFY(metrics.at("net_tx_bytes_per_s:lo") >= 0);
    }
};

QTEST_APPLESS_MAIN(TestSystemSampler)
#include "tst_systemsampler.moc"
