// `xylem-gsum launch` as a user runs it: a local cluster of 1-8 host processes with 1-4 threads
// each over every tree shape (flat, k-ary, binomial, hierarchy-aware, gred or core at the
// root), both benchmarks, several values per call, with and without collectors, and an
// emulated WAN link. Every launch must end with exit code 0 and "every sum right", with one
// report per host that counts its threads and calls and no wrong result; the summary counts
// the hosts and threads of the tree. The WAN runs must take at least as long as the emulated
// link makes each call wait.

#include <QRegularExpression>
#include <QtTest>

#include <map>

#include "gsumtesthelpers.h"

using namespace xylem::gsumtest;

namespace {

struct HostLine
{
    int threads = -1;
    long long calls = -1;
    long long wrong = -1;
    double iterationUs = -1;
};

// "[h0] gsum host=h0 threads=2 calls=50 ... iteration_us=52.9 wrong=0 ..." per host.
std::map<QString, HostLine> hostLines(const QString& out)
{
    std::map<QString, HostLine> lines;
    static const QRegularExpression line(QStringLiteral("^\\[([^\\]]+)\\] gsum host=(\\S+) (.*)$"),
                                         QRegularExpression::MultilineOption);
    for (auto it = line.globalMatch(out); it.hasNext();) {
        const auto m = it.next();
        HostLine h;
        for (const QString& field : m.captured(3).split(' ', Qt::SkipEmptyParts)) {
            const QString key = field.section('=', 0, 0);
            const QString value = field.section('=', 1);
            if (key == "threads") {
                h.threads = value.toInt();
            } else if (key == "calls") {
                h.calls = value.toLongLong();
            } else if (key == "wrong") {
                h.wrong = value.toLongLong();
            } else if (key == "iteration_us") {
                h.iterationUs = value.toDouble();
            }
        }
        lines[m.captured(2)] = h;
    }
    return lines;
}

// The launch's summary: "gsum: H hosts, T threads, N calls: X us per iteration, ..."
struct Summary
{
    bool found = false;
    int hosts = 0;
    int threads = 0;
    long long calls = 0;
    double iterationUs = 0;
    bool everySumRight = false;
};

Summary summaryOf(const QString& out)
{
    static const QRegularExpression re(
        QStringLiteral("^gsum: (\\d+) hosts, (\\d+) threads, (\\d+) calls: ([0-9.]+) us per "
                       "iteration, [0-9.]+ us inside allreduce(, every sum right)?$"),
        QRegularExpression::MultilineOption);
    const auto m = re.match(out);
    Summary s;
    if (m.hasMatch()) {
        s.found = true;
        s.hosts = m.captured(1).toInt();
        s.threads = m.captured(2).toInt();
        s.calls = m.captured(3).toLongLong();
        s.iterationUs = m.captured(4).toDouble();
        s.everySumRight = !m.captured(5).isEmpty();
    }
    return s;
}

// Runs the launch and checks everything a successful one promises (the caller returns when
// QTest::currentTestFailed()); *summary gets the summary line.
void checkLaunch(const QStringList& args, int hosts, int threadsPerHost, long long calls,
                 const RingPrefix& rings, Summary* summary = nullptr)
{
    const GsumResult r = runGsum(QStringList{"launch"} + args, ringEnvironment(rings));
    QVERIFY2(r.ok(), qPrintable(args.join(' ') + ": " + r.describe()));
    QVERIFY2(r.out.contains("every sum right"), qPrintable(r.describe()));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.describe()));
    const Summary s = summaryOf(r.out);
    QVERIFY2(s.found, qPrintable("no summary line: " + r.describe()));
    QCOMPARE(s.hosts, hosts);
    QCOMPARE(s.threads, hosts * threadsPerHost);
    QCOMPARE(s.calls, calls);
    QVERIFY(s.everySumRight);
    const auto lines = hostLines(r.out);
    QVERIFY2(int(lines.size()) == hosts, qPrintable("a report per host: " + r.describe()));
    for (const auto& [host, line] : lines) {
        QVERIFY2(line.threads == threadsPerHost, qPrintable(host + ": " + r.describe()));
        QVERIFY2(line.calls == calls, qPrintable(host + ": " + r.describe()));
        QVERIFY2(line.wrong == 0, qPrintable(host + ": " + r.describe()));
    }
    if (summary) {
        *summary = s;
    }
}

} // namespace

class TestGsumLaunch : public QObject
{
    Q_OBJECT

private slots:
    void shapes_data();
    void shapes();
    void options_data();
    void options();
    void noCollectorsMakesNoRings();
    void wanLatencySlowsEveryCall();
    void wanBandwidthSlowsBigPayloads();

private:
    RingPrefix m_rings{"gsumlaunch"};
};

void TestGsumLaunch::shapes_data()
{
    QTest::addColumn<QStringList>("shape");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("threads");

    const std::vector<std::pair<const char*, QStringList>> shapes{
        {"flat", {"--shape", "flat"}},
        {"kary2", {"--shape", "kary", "--arity", "2"}},
        {"kary3", {"--shape", "kary", "--arity", "3"}},
        {"kary4", {"--shape", "kary", "--arity", "4"}},
        {"binomial", {"--shape", "binomial"}},
        {"hierarchy", {"--shape", "hierarchy"}},
    };
    // Hosts x threads: single host and thread, odd sizes that leave k-ary and binomial trees
    // unbalanced, and the largest (8 x 4 = 32 threads).
    const std::vector<std::pair<int, int>> sizes{{1, 1}, {1, 2}, {1, 4}, {2, 1}, {2, 2}, {2, 3},
                                                 {2, 4}, {3, 1}, {3, 2}, {4, 4}, {5, 1}, {5, 3},
                                                 {6, 2}, {7, 3}, {8, 1}, {8, 4}};
    for (const auto& [name, args] : shapes) {
        for (const auto& [hosts, threads] : sizes) {
            QTest::addRow("%s %dx%d", name, hosts, threads) << args << hosts << threads;
        }
    }
    // A gred at the root instead of the core, and hosts in two clusters.
    QTest::addRow("flat gred-root 3x2")
        << QStringList{"--shape", "flat", "--root", "gred"} << 3 << 2;
    QTest::addRow("hierarchy gred-root 4x2")
        << QStringList{"--shape", "hierarchy", "--root", "gred"} << 4 << 2;
    QTest::addRow("kary2 gred-root 3x3")
        << QStringList{"--shape", "kary", "--arity", "2", "--root", "gred"} << 3 << 3;
    QTest::addRow("hierarchy clusters 4x2")
        << QStringList{"--shape", "hierarchy", "--hosts-list", "A:c0,B:c0,C:c1,D:c1"} << 4 << 2;
    QTest::addRow("hierarchy clusters 5x1")
        << QStringList{"--shape", "hierarchy", "--hosts-list", "A:c0,B:c1,C:c1,D:c2,E:c2"} << 5
        << 1;
}

void TestGsumLaunch::shapes()
{
    QFETCH(QStringList, shape);
    QFETCH(int, hosts);
    QFETCH(int, threads);
    QStringList args = shape;
    // "--hosts-list" is this suite's stand-in for a host list instead of a count.
    if (const auto at = args.indexOf("--hosts-list"); at >= 0) {
        args[at] = "--hosts";
    } else {
        args << "--hosts" << QString::number(hosts);
    }
    args << "--threads" << QString::number(threads) << "--iterations"
         << "50"
         << "--warmup"
         << "10";
    checkLaunch(args, hosts, threads, 50, m_rings);
}

void TestGsumLaunch::options_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("calls");
    QTest::newRow("no collectors")
        << QStringList{"--hosts", "3", "--threads", "2", "--no-collectors", "--iterations", "200"}
        << 3 << 2 << 200;
    QTest::newRow("no collectors binomial 8x2")
        << QStringList{"--hosts", "8",        "--threads",       "2",
                       "--shape", "binomial", "--no-collectors", "--iterations",
                       "50"}
        << 8 << 2 << 50;
    QTest::newRow("elements 7") << QStringList{"--hosts",    "3", "--threads",    "2",
                                               "--elements", "7", "--iterations", "50"}
                                << 3 << 2 << 50;
    QTest::newRow("elements 4096 kary")
        << QStringList{"--hosts", "4", "--threads",  "2",    "--shape",      "kary",
                       "--arity", "3", "--elements", "4096", "--iterations", "30"}
        << 4 << 2 << 30;
    QTest::newRow("compute-gsum") << QStringList{"--hosts",      "2",
                                                 "--threads",    "2",
                                                 "--benchmark",  "compute-gsum",
                                                 "--iterations", "50",
                                                 "--warmup",     "20"}
                                  << 2 << 2 << 50;
    QTest::newRow("compute-gsum flat elements")
        << QStringList{"--hosts",    "3",    "--threads",    "1",
                       "--shape",    "flat", "--benchmark",  "compute-gsum",
                       "--elements", "3",    "--iterations", "40"}
        << 3 << 1 << 40;
    QTest::newRow("no warmup") << QStringList{"--hosts",  "2", "--threads",    "3",
                                              "--warmup", "0", "--iterations", "50"}
                               << 2 << 3 << 50;
    QTest::newRow("one tree instance")
        << QStringList{"--hosts", "3", "--threads", "2", "--trees", "1", "--iterations", "50"} << 3
        << 2 << 50;
    QTest::newRow("three tree instances")
        << QStringList{"--hosts", "3", "--threads", "2", "--trees", "3", "--iterations", "50"} << 3
        << 2 << 50;
    QTest::newRow("noise") << QStringList{"--hosts", "2",           "--threads",    "2",
                                          "--noise", "h1.t0:200:3", "--iterations", "30"}
                           << 2 << 2 << 30;
}

void TestGsumLaunch::options()
{
    QFETCH(QStringList, args);
    QFETCH(int, hosts);
    QFETCH(int, threads);
    QFETCH(int, calls);
    checkLaunch(args, hosts, threads, calls, m_rings);
}

// Uninstrumented hosts make no ring at all (an instrumented one makes one per thread, and its
// rings outlive it for a collector to drain: ringlayout.h).
void TestGsumLaunch::noCollectorsMakesNoRings()
{
    m_rings.sweep();
    const GsumResult r = runGsum(
        {"launch", "--hosts", "2", "--threads", "2", "--iterations", "20", "--no-collectors"},
        ringEnvironment(m_rings));
    QVERIFY2(r.ok(), qPrintable(r.describe()));
    QCOMPARE(m_rings.count(), 0);
    // The control: the same launch instrumented leaves its rings under the prefix.
    const GsumResult instrumented =
        runGsum({"launch", "--hosts", "2", "--threads", "2", "--iterations", "20"},
                ringEnvironment(m_rings));
    QVERIFY2(instrumented.ok(), qPrintable(instrumented.describe()));
    QVERIFY(m_rings.count() >= 4);
    m_rings.sweep();
}

// An added one-way latency on the only proxy (h1's host gred to the root on h0): each call
// crosses it down and up, so an iteration takes at least twice the latency.
void TestGsumLaunch::wanLatencySlowsEveryCall()
{
    Summary s;
    checkLaunch({"--hosts", "2", "--threads", "2", "--shape", "hierarchy", "--wan", "p.host.h1=2ms",
                 "--iterations", "20", "--warmup", "2"},
                2, 2, 20, m_rings, &s);
    if (QTest::currentTestFailed()) {
        return;
    }
    QVERIFY2(s.iterationUs >= 4000, qPrintable(QString("%1 us per iteration").arg(s.iterationUs)));
}

// 4096 values of 8 bytes over 10 Mbit/s: more than 3.2 ms each way. (One thread per host: the
// hierarchy has no host gred, h1's thread reaches the root through its own proxy.)
void TestGsumLaunch::wanBandwidthSlowsBigPayloads()
{
    Summary s;
    checkLaunch({"--hosts", "2", "--threads", "1", "--shape", "hierarchy", "--wan",
                 "p.h1.t0=0us/10Mbit", "--elements", "4096", "--iterations", "15", "--warmup", "2"},
                2, 1, 15, m_rings, &s);
    if (QTest::currentTestFailed()) {
        return;
    }
    QVERIFY2(s.iterationUs >= 2 * 4096 * 8 * 8 / 10.0,
             qPrintable(QString("%1 us per iteration").arg(s.iterationUs)));
}

QTEST_GUILESS_MAIN(TestGsumLaunch)
#include "tst_gsumlaunch.moc"
