// What `xylem-gsum launch --trace-out PREFIX` writes, read back with the model's readers and
// analysed with core/analysis, against metrics.md:
//   - PREFIX.tree.json is the configuration the launch ran;
//   - every event collector (every wrapper but the root, §1) recorded every call, warm-up
//     included, exactly once: (warmup + iterations) x collectors tuples, no call incomplete;
//   - the recorded times are causal (one machine, one clock): a gred continues down after its
//     last arrival and returns to its children after its parent returned (down and up latency
//     >= 0), a proxy's two-way latency >= 0, no stage of a timemap is negative;
//   - §4: the stages of a thread's path add up to its call time (here: their means to the mean);
//   - §2/§3: at every gred each child has one arrival and one departure rank per call, and each
//     rank one child; last_arrivals is the last column of arrival_order; critical arrivals sum
//     to the number of calls; the operation time is never below the slowest thread's call time;
//   - noise injection (--noise THREAD:DELAY_US[:EVERY]) plants a culprit: the imbalance path
//     (§3) ends at the delayed thread, which is the critical arrival of most calls.

#include "core/analysis/analyzer.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;

namespace {

constexpr double kClockSlackNs = 1000; // rounding of the clock conversion, across processes

struct TraceRun
{
    std::optional<Configuration> config; // as read back from PREFIX.tree.json
    std::vector<Tuple> tuples;
    AnalysisReport report;
    QString out;
};

TreeSpec specOf(const QString& shape, int hosts, int threads, bool gredRoot = false)
{
    TreeSpec spec;
    spec.name = "gsumtrace";
    for (int h = 0; h < hosts; ++h) {
        spec.hosts.push_back(Host{"h" + std::to_string(h), h < (hosts + 1) / 2 ? "c0" : "c1"});
    }
    spec.threadsPerHost = threads;
    spec.shape =
        shape.startsWith("kary") ? TreeShape::KAry : *treeShapeFromString(shape.toStdString());
    spec.arity = shape == "kary3" ? 3 : 2;
    spec.root = gredRoot ? RootKind::Gred : RootKind::Core;
    return spec;
}

// Writes the configuration, launches it with --trace-out, reads both files back and analyses
// them. The caller returns when QTest::currentTestFailed().
void traceRun(const Configuration& config, const QStringList& extraArgs, TraceRun& run)
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string configFile = dir.filePath("in.tree.json").toStdString();
    std::ofstream(configFile) << configurationToJson(config);
    const QString prefix = dir.filePath("out");
    // Not RingPrefix::environment(): with --trace-out the launch chooses the hosts' ring prefix.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("XYLEM_RING_PREFIX");
    const GsumResult r =
        runGsum(QStringList{"launch", "--config", QString::fromStdString(configFile), "--trace-out",
                            prefix} +
                    extraArgs,
                env);
    run.out = r.out;
    QVERIFY2(r.ok(), qPrintable(r.describe()));
    QVERIFY2(r.out.contains("every sum right"), qPrintable(r.describe()));
    QVERIFY2(r.out.contains(", 0 lost)"), qPrintable(r.describe()));

    auto written = readConfigurationFile((prefix + ".tree.json").toStdString());
    QVERIFY2(written, written ? "" : written.error().describe().c_str());
    QVERIFY2(written.value() == config, "PREFIX.tree.json is not the configuration launched");
    auto tuples = readTraceCsvFile((prefix + ".trace.csv").toStdString(), written.value());
    QVERIFY2(tuples, tuples ? "" : tuples.error().describe().c_str());
    run.config = written.value();
    run.tuples = std::move(tuples).value();
    run.report = analyze(*run.config, run.tuples);
}

// Everything metrics.md promises of a complete trace of `calls` calls.
void checkInvariants(const TraceRun& run, std::int64_t calls)
{
    const Configuration& config = *run.config;
    const AnalysisReport& report = run.report;

    // §1: one tuple per collector per call, warm-up included; op = the allreduce.
    QCOMPARE(std::int64_t(run.tuples.size()), calls * config.collectorCount());
    std::map<std::uint32_t, std::set<std::int64_t>> seqs;
    for (const Tuple& t : run.tuples) {
        QVERIFY(t.up >= t.down);
        QCOMPARE(t.op, std::uint16_t(1));
        QVERIFY(int(t.collector) != config.root());
        seqs[t.collector].insert(t.seq);
    }
    QCOMPARE(int(seqs.size()), config.collectorCount());
    for (const auto& [collector, s] : seqs) {
        QVERIFY2(std::int64_t(s.size()) == calls && *s.begin() == 0 && *s.rbegin() == calls - 1,
                 qPrintable(QString::fromStdString(config.wrapper(int(collector)).id) +
                            ": not every call 0.." + QString::number(calls - 1) + " once"));
    }
    QCOMPARE(report.calls, calls);
    QCOMPARE(report.incompleteCalls, std::int64_t(0));

    // Threads: call times, §4 stage sums, critical arrivals (§3).
    QCOMPARE(report.threads.size(), config.threads().size());
    std::int64_t critical = 0;
    for (const ThreadReport& t : report.threads) {
        const QString id = QString::fromStdString(report.idOf(t.wrapper));
        QCOMPARE(t.callTime.count, calls);
        QVERIFY(t.callTime.min >= 0);
        QCOMPARE(t.pathLength, int(config.pathToRoot(t.wrapper).size()) - 1);
        double stages = 0;
        for (const TimemapStage& s : t.timemap) {
            QVERIFY2(s.meanNs >= -kClockSlackNs,
                     qPrintable(id + ": negative stage " +
                                QString::fromStdString(std::string(toString(s.stage))) + " at " +
                                QString::fromStdString(report.idOf(s.wrapper)) + ": " +
                                QString::number(s.meanNs)));
            stages += s.meanNs;
        }
        QVERIFY2(std::abs(stages - t.callTime.mean) <= 1e-6 * t.callTime.mean + 1,
                 qPrintable(id + QString(": stages add up to %1 ns, the call time is %2 ns")
                                     .arg(stages, 0, 'f', 1)
                                     .arg(t.callTime.mean, 0, 'f', 1)));
        QVERIFY(t.callTime.mean <= report.slowestThreadTime.mean * (1 + 1e-9));
        critical += t.criticalArrivals;
    }
    QCOMPARE(critical, calls);
    QCOMPARE(report.operationTime.count, calls);
    QCOMPARE(report.slowestThreadTime.count, calls);
    QVERIFY(report.operationTime.min >= report.slowestThreadTime.min - kClockSlackNs);
    QVERIFY(report.operationTime.mean >= report.slowestThreadTime.mean - kClockSlackNs);

    // Greds: order distributions (§2) and causality.
    int gredCount = 0;
    for (int w = 0; w < config.wrapperCount(); ++w) {
        gredCount += config.wrapper(w).kind == WrapperKind::Gred ? 1 : 0;
    }
    QCOMPARE(int(report.greds.size()), gredCount);
    for (const GredReport& g : report.greds) {
        const QString id = QString::fromStdString(report.idOf(g.wrapper));
        const size_t p = config.children(g.wrapper).size();
        QCOMPARE(g.contributors.size(), p);
        std::vector<std::int64_t> perArrivalRank(p, 0), perDepartureRank(p, 0);
        std::int64_t lastArrivals = 0;
        for (const ContributorReport& c : g.contributors) {
            QCOMPARE(c.arrivalOrder.size(), p);
            QCOMPARE(c.departureOrder.size(), p);
            QCOMPARE(std::accumulate(c.arrivalOrder.begin(), c.arrivalOrder.end(), std::int64_t(0)),
                     calls);
            QCOMPARE(
                std::accumulate(c.departureOrder.begin(), c.departureOrder.end(), std::int64_t(0)),
                calls);
            for (size_t r = 0; r < p; ++r) {
                perArrivalRank[r] += c.arrivalOrder[r];
                perDepartureRank[r] += c.departureOrder[r];
            }
            QCOMPARE(c.lastArrivals, c.arrivalOrder[p - 1]);
            lastArrivals += c.lastArrivals;
            QVERIFY(c.arrivalWait.min >= 0);
            QVERIFY(c.departureWait.min >= 0);
        }
        for (size_t r = 0; r < p; ++r) {
            QVERIFY2(
                perArrivalRank[r] == calls && perDepartureRank[r] == calls,
                qPrintable(id + ": rank " + QString::number(r) + " is not held once per call"));
        }
        QCOMPARE(lastArrivals, calls);
        if (g.wrapper != config.root()) {
            QVERIFY2(g.downLatency.min >= -kClockSlackNs,
                     qPrintable(id + QString(": went down %1 ns before its last arrival")
                                         .arg(-g.downLatency.min)));
            QVERIFY2(g.upLatency.min >= -kClockSlackNs,
                     qPrintable(id + QString(": a child left %1 ns before the parent returned")
                                         .arg(-g.upLatency.min)));
            QCOMPARE(g.serialization.size(), p);
            QVERIFY(g.serialization[0] >= -kClockSlackNs);
            QVERIFY(std::is_sorted(g.serialization.begin(), g.serialization.end()));
        }
    }
    for (const ProxyReport& proxy : report.proxies) {
        QCOMPARE(proxy.twoWayLatency.count, calls);
        QVERIFY2(proxy.twoWayLatency.min >= -kClockSlackNs,
                 qPrintable(QString::fromStdString(report.idOf(proxy.wrapper)) +
                            ": negative two-way latency"));
    }
    for (const CoreReport& core : report.cores) {
        QCOMPARE(core.storeLatency.count, calls);
        QVERIFY(core.storeLatency.min >= 0);
    }

    // §3: the imbalance path runs from the root down to a thread, parent to child.
    const auto& path = report.imbalancePath;
    QVERIFY(path.size() >= 2);
    QCOMPARE(path.front(), config.root());
    QVERIFY(config.wrapper(path.back()).kind == WrapperKind::Thread);
    for (size_t i = 1; i < path.size(); ++i) {
        QCOMPARE(config.wrapper(path[i]).parent, path[i - 1]);
    }
}

} // namespace

class TestGsumTrace : public QObject
{
    Q_OBJECT

private slots:
    void invariants_data();
    void invariants();
    void noisyThreadEndsTheImbalancePath_data();
    void noisyThreadEndsTheImbalancePath();
    void computeGsumTracesOnlyItsOwnCalls();
    void inheritedRingPrefixStillTraces();
};

void TestGsumTrace::invariants_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("gredRoot");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("calls"); // warm-up + iterations
    const QStringList gsum{"--iterations", "60", "--warmup", "10"};
    QTest::newRow("hierarchy 3x2") << "hierarchy" << 3 << 2 << false << gsum << 70;
    QTest::newRow("hierarchy 4x2 two clusters gred root")
        << "hierarchy" << 4 << 2 << true << gsum << 70;
    QTest::newRow("flat 2x3") << "flat" << 2 << 3 << false << gsum << 70;
    QTest::newRow("flat 3x1 gred root") << "flat" << 3 << 1 << true << gsum << 70;
    QTest::newRow("kary2 4x2") << "kary2" << 4 << 2 << false << gsum << 70;
    QTest::newRow("kary3 3x3") << "kary3" << 3 << 3 << false << gsum << 70;
    QTest::newRow("binomial 5x1") << "binomial" << 5 << 1 << false << gsum << 70;
    QTest::newRow("binomial 2x3") << "binomial" << 2 << 3 << false << gsum << 70;
    QTest::newRow("single thread") << "flat" << 1 << 1 << false << gsum << 70;
    QTest::newRow("elements 16") << "hierarchy" << 2 << 2 << false
                                 << QStringList{"--iterations", "40", "--warmup", "5",
                                                "--elements",   "16"}
                                 << 45;
}

void TestGsumTrace::invariants()
{
    QFETCH(QString, shape);
    QFETCH(int, hosts);
    QFETCH(int, threads);
    QFETCH(bool, gredRoot);
    QFETCH(QStringList, args);
    QFETCH(int, calls);
    auto config = generateTree(specOf(shape, hosts, threads, gredRoot));
    QVERIFY2(config, config ? "" : config.error().describe().c_str());
    TraceRun run;
    traceRun(config.value(), args, run);
    if (QTest::currentTestFailed()) {
        return;
    }
    const QString tuplesLine = QString("gsum: %1 tuples").arg(calls * config->collectorCount());
    QVERIFY2(run.out.contains(tuplesLine), qPrintable(tuplesLine + " not in:\n" + run.out));
    checkInvariants(run, calls);
}

void TestGsumTrace::noisyThreadEndsTheImbalancePath_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("noisyThread"); // index among the configuration's threads
    QTest::addColumn<int>("every");
    QTest::newRow("hierarchy 3x2, a remote thread") << "hierarchy" << 3 << 2 << 5 << 1;
    QTest::newRow("hierarchy 3x2, on the root's host") << "hierarchy" << 3 << 2 << 0 << 1;
    QTest::newRow("kary2 4x1") << "kary2" << 4 << 1 << 2 << 1;
    QTest::newRow("binomial 3x2") << "binomial" << 3 << 2 << 3 << 1;
    QTest::newRow("flat 2x2") << "flat" << 2 << 2 << 1 << 1;
    QTest::newRow("hierarchy 2x2, every 2nd call") << "hierarchy" << 2 << 2 << 3 << 2;
}

void TestGsumTrace::noisyThreadEndsTheImbalancePath()
{
    QFETCH(QString, shape);
    QFETCH(int, hosts);
    QFETCH(int, threads);
    QFETCH(int, noisyThread);
    QFETCH(int, every);
    auto config = generateTree(specOf(shape, hosts, threads));
    QVERIFY(config);
    const int noisy = config->threads().at(static_cast<size_t>(noisyThread));
    const QString noisyId = QString::fromStdString(config->wrapper(noisy).id);
    constexpr int kCalls = 30 + 5;
    // The noise is a busy wait. On a machine with fewer cores than threads, a thread woken on
    // the spinner's core can wait for the scheduler slice to end (milliseconds with EEVDF) and
    // arrive as late as the spinner: 600 us made the culprit the last arrival of only about
    // half the calls on a 2-core VM. 8 ms is well above a slice.
    constexpr int kNoiseUs = 8000;
    TraceRun run;
    traceRun(config.value(),
             {"--iterations", "30", "--warmup", "5", "--noise",
              QString("%1:%2:%3").arg(noisyId).arg(kNoiseUs).arg(every)},
             run);
    if (QTest::currentTestFailed()) {
        return;
    }
    checkInvariants(run, kCalls);
    if (QTest::currentTestFailed()) {
        return;
    }
    QStringList path;
    for (const int w : run.report.imbalancePath) {
        path << QString::fromStdString(run.config->wrapper(w).id);
    }
    QVERIFY2(run.report.imbalancePath.back() == noisy,
             qPrintable("imbalance path " + path.join(" > ") + " does not end at " + noisyId));
    const ThreadReport* culprit = run.report.thread(noisy);
    QVERIFY(culprit);
    // Delayed before every (every-th) call far longer than a call takes: the critical arrival of
    // (nearly) every delayed call. Loose: the machine may stall the others too.
    const std::int64_t delayed = (kCalls + every - 1) / every;
    QVERIFY2(culprit->criticalArrivals >= delayed * 8 / 10,
             qPrintable(QString("%1 is the critical arrival of %2 of %3 calls, %4 of them delayed")
                            .arg(noisyId)
                            .arg(culprit->criticalArrivals)
                            .arg(kCalls)
                            .arg(delayed)));
}

// compute-gsum first calibrates on 100 unrecorded calls, seq 0..99 (runBenchmark with no
// probe), then runs the benchmark from seq 0 again. The trace must hold the benchmark's calls
// only, so that it reads back like any other.
void TestGsumTrace::computeGsumTracesOnlyItsOwnCalls()
{
    auto config = generateTree(specOf("hierarchy", 2, 2)); // h1's host gred reaches h0 by proxy
    QVERIFY(config);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string configFile = dir.filePath("in.tree.json").toStdString();
    std::ofstream(configFile) << configurationToJson(config.value());
    const QString prefix = dir.filePath("out");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("XYLEM_RING_PREFIX");
    const GsumResult r =
        runGsum({"launch", "--config", QString::fromStdString(configFile), "--benchmark",
                 "compute-gsum", "--iterations", "40", "--warmup", "10", "--trace-out", prefix},
                env);
    QVERIFY2(r.ok(), qPrintable(r.describe()));
    QVERIFY2(r.out.contains("every sum right"), qPrintable(r.describe()));
    auto tuples = readTraceCsvFile((prefix + ".trace.csv").toStdString(), config.value());
    QVERIFY2(tuples, tuples ? "" : tuples.error().describe().c_str());
    TraceRun run;
    run.config = config.value();
    run.tuples = std::move(tuples).value();
    run.report = analyze(*run.config, run.tuples);
    checkInvariants(run, 50);
}

// A user who set XYLEM_RING_PREFIX (as for a collector) and launches with --trace-out: the
// launch gives its hosts a prefix of its own to harvest, which must win over the inherited one.
void TestGsumTrace::inheritedRingPrefixStillTraces()
{
    RingPrefix rings("gsumtrace-inherited");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString prefix = dir.filePath("out");
    auto config = generateTree(specOf("flat", 2, 1)); // h0.t0, h1.t0, p.h1.t0 under one gred
    QVERIFY(config);
    const std::int64_t tuples = 20 * config->collectorCount();
    const std::string configFile = dir.filePath("in.tree.json").toStdString();
    std::ofstream(configFile) << configurationToJson(config.value());
    const GsumResult r = runGsum({"launch", "--config", QString::fromStdString(configFile),
                                  "--iterations", "20", "--warmup", "0", "--trace-out", prefix},
                                 ringEnvironment(rings));
    QVERIFY2(r.ok(), qPrintable(r.describe()));
    const int leftInherited = rings.count();
    rings.sweep();
    QVERIFY2(r.out.contains(QString("gsum: %1 tuples").arg(tuples)), qPrintable(r.describe()));
    QCOMPARE(leftInherited, 0);
}

QTEST_GUILESS_MAIN(TestGsumTrace)
#include "tst_gsumtrace.moc"
