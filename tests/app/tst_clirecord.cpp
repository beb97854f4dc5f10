// xylem-cli record as a user runs it: a real local cluster of xylem-gsum hosts, a gather tree
// of xylem-collector leaves, every tuple into a session; the live verdict agrees with the
// analysis of what was stored.

#include "core/store/attachments.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"

#include <QDir>
#include <QRegularExpression>

#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

using namespace xylem::testing;

namespace {

// The collectors' sample period (record passes --sample-period-ms 100), and what a timer may
// fire late on two loaded cores.
constexpr std::int64_t kSamplePeriodNs = 100'000'000;
constexpr std::int64_t kLateNs = 50'000'000;

// The run's system samples: cpu_busy_pct of every host, each once, and all of them inside the
// span of the run's tuples or within one sample period of it (one before and one after keep
// the curves reaching the ends). An empty answer is a pass.
QString checkSystemSamples(const QString& sessionPath, const std::vector<std::string>& hosts,
                           int cpuSamplesPerHost)
{
    namespace store = xylem::store;
    auto session = store::Session::open(sessionPath.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        return "cannot open the session";
    }
    auto info = store::runInfo(session.value(), 1);
    auto samples = store::systemSamples(session.value(), 1);
    if (!info || !samples || !info->firstNs || !info->lastNs) {
        return "no run with tuples, or no samples";
    }
    const std::int64_t from = *info->firstNs - kSamplePeriodNs - kLateNs;
    const std::int64_t to = *info->lastNs + kSamplePeriodNs + kLateNs;
    std::set<std::tuple<std::string, std::string, std::int64_t>> seen;
    std::map<std::string, int> cpu;
    for (const store::SystemSample& s : samples.value()) {
        if (!seen.insert({s.host, s.metric, s.timeNs}).second) {
            return QString::fromStdString("twice: " + s.host + " " + s.metric);
        }
        if (s.timeNs < from || s.timeNs > to) {
            return QString("%1 %2 at %3 ms from the first tuple, the last at %4 ms")
                .arg(QString::fromStdString(s.host), QString::fromStdString(s.metric))
                .arg(double(s.timeNs - *info->firstNs) / 1e6)
                .arg(double(*info->lastNs - *info->firstNs) / 1e6);
        }
        cpu[s.host] += s.metric == "cpu_busy_pct" ? 1 : 0;
    }
    for (const std::string& host : hosts) {
        if (cpu[host] < cpuSamplesPerHost) {
            return QString("%1 cpu_busy_pct samples of %2").arg(cpu[host]).arg(host.c_str());
        }
    }
    return {};
}

} // namespace

class TestCliRecord : public QObject
{
    Q_OBJECT

private slots:
    void everyCallArrivesAndTheCulpritIsNamed()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("live.xylem");
        // h1.t1 spins 8 ms before every call: it arrives last at its gred. (Far above a scheduler
        // slice: on 2 loaded cores a thread that waits for a core can arrive as late as a short
        // spinner, tst_gsumtrace found.)
        CliResult r = runCli({"record", "--hosts", "2", "--threads", "2", "--iterations", "60",
                              "--noise", "h1.t1:8000:1", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("the program exited with code 0"), qPrintable(r.out));
        // 60 timed calls and gsum's 100 warm-up calls, every edge of every call.
        QVERIFY2(r.out.contains("record: 160 complete calls, 0 incomplete"), qPrintable(r.out));
        QVERIFY2(r.out.contains("gather rate 100.000 % (0 overwritten"), qPrintable(r.out));
        QVERIFY2(r.err.contains("record: ") && r.err.contains(" calls, "), qPrintable(r.err));

        r = runCli({"analyze", "--session", session, "--run", "1", "--json"});
        QCOMPARE(r.exitCode, 0);
        const auto report = parseJson(r.out);
        QCOMPARE(report["calls"].get<int>(), 160);
        QCOMPARE(report["incomplete_calls"].get<int>(), 0);
        const auto& path = report["imbalance_path"];
        QVERIFY(!path.empty());
        QCOMPARE(QString::fromStdString(path.back().get<std::string>()), QString("h1.t1"));
        // The live summary named the same path as the stored run's analysis.
        QString stored;
        for (const auto& id : path) {
            stored +=
                (stored.isEmpty() ? "" : " > ") + QString::fromStdString(id.get<std::string>());
        }
        QVERIFY2(r.out.size() > 0 && runCli({"info", "--session", session}).out.contains("live"),
                 "the run is listed as recorded live");
        const CliResult again = runCli({"record", "--hosts", "2", "--threads", "2", "--iterations",
                                        "20", "--noise", "h1.t1:8000:1", "-o", session});
        QVERIFY2(again.out.contains("imbalance path " + stored),
                 qPrintable(again.out + "\n" + stored));
        QVERIFY2(again.out.contains("session " + session + ", run 2"), qPrintable(again.out));
    }

    // EventSpace's load-balance monitor in both forms, beside raw tracing, on one run: the
    // tree-reduced last arrivals, the collectors' own counts and the engine's analysis of
    // every stored tuple agree edge by edge.
    void bothLoadBalanceFormsAgreeWithTheEngine()
    {
        QTemporaryDir dir;
        const QString scope = dir.filePath("all.scope.json");
        writeFile(scope, R"({"format": "xylem-scope/1", "name": "every monitor", "monitors":
                   ["raw", "load-balance", "load-balance-distributed", "statistics"]})");
        const QString session = dir.filePath("all.xylem");
        CliResult r = runCli({"record", "--hosts", "3", "--threads", "2", "--iterations", "40",
                              "--noise", "h1.t0:8000:1", "--scope", scope, "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("gather rate 100.000 %"), qPrintable(r.out));
        const QString path = "core > cluster.c0 > p.host.h1 > host.h1 > h1.t0";
        QVERIFY2(r.out.contains("record: load-balance: imbalance path " + path), qPrintable(r.out));
        QVERIFY2(r.out.contains("record: load-balance-distributed: imbalance path " + path),
                 qPrintable(r.out));

        auto opened =
            xylem::store::Session::open(session.toStdString(), xylem::store::OpenMode::ReadOnly);
        QVERIFY(opened);
        auto stored = xylem::store::cachedResult(opened.value(), 1, "monitor-results", 1);
        QVERIFY(stored && stored.value());
        const auto results = nlohmann::json::parse(**stored);
        const auto& single = results["load_balance"]["single"]["last_arrivals"];
        const auto& distributed = results["load_balance"]["distributed"]["last_arrivals"];
        QCOMPARE(single.dump(), distributed.dump());
        QCOMPARE(results["statistics"].size(), size_t(3)); // a state from every host

        r = runCli({"analyze", "--session", session, "--run", "1", "--json"});
        const auto report = parseJson(r.out);
        for (const auto& [gred, children] : single.items()) {
            for (const auto& [child, count] : children.items()) {
                QCOMPARE(count.get<std::int64_t>(),
                         report["greds"][gred]["last_arrivals"][child].get<std::int64_t>());
            }
        }
    }

    // The collectors' CPU, network and memory samples go into the run, every host's, on the
    // tuples' clock: a timeline draws them under the calls.
    void systemSamplesOfEveryHostAreStored()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("samples.xylem");
        const CliResult r =
            runCli({"record", "--hosts", "3", "--threads", "1", "--duration", "2s", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // 2 s at one sample per 100 ms is about 20 a host; a loaded machine may start late.
        const QString problem = checkSystemSamples(session, {"h0", "h1", "h2"}, 8);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        auto opened =
            xylem::store::Session::open(session.toStdString(), xylem::store::OpenMode::ReadOnly);
        QVERIFY(opened);
        const auto stored = xylem::store::systemSamples(opened.value(), 1);
        QVERIFY(stored);
        QVERIFY2(r.out.contains(QString("record: %1 system samples stored").arg(stored->size())),
                 qPrintable(r.out));
    }

    void ringsTooSmallShowALowerGatherRate()
    {
        QTemporaryDir dir;
        const QString scope = dir.filePath("small.scope.json");
        writeFile(scope, R"({"format": "xylem-scope/1", "name": "tiny rings",
                             "ring_capacity": 16, "pull_period_ms": 400})");
        const QString session = dir.filePath("small.xylem");
        const CliResult r = runCli({"record", "--hosts", "2", "--threads", "2", "--iterations",
                                    "4000", "--scope", scope, "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const auto at = r.out.indexOf("gather rate ");
        QVERIFY2(at >= 0, qPrintable(r.out));
        const double rate = r.out.mid(at + 12, 7).split(' ').first().toDouble();
        QVERIFY2(rate > 0 && rate < 100, qPrintable(r.out));
        QVERIFY2(!r.out.contains("(0 overwritten"), qPrintable(r.out));
    }

    // The scope's buffer policy reaches the collectors when it is deployed (not through the
    // program's environment): replace-read keeps only each ring's newest record per pull.
    void theScopesBufferPolicyIsDeployed()
    {
        QTemporaryDir dir;
        const QString scope = dir.filePath("newest.scope.json");
        writeFile(scope, R"({"format": "xylem-scope/1", "buffer_policy": "replace-read",
                             "pull_period_ms": 50})");
        const CliResult r = runCli({"record", "--hosts", "2", "--threads", "1", "--iterations",
                                    "3000", "--scope", scope, "-o", dir.filePath("n.xylem")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const auto at = r.out.indexOf("gather rate ");
        QVERIFY2(at >= 0, qPrintable(r.out));
        const double rate = r.out.mid(at + 12, 7).split(' ').first().toDouble();
        QVERIFY2(rate > 0 && rate < 50, qPrintable(r.out));
    }

    // SIGTERM or Ctrl-C while recording: the program is stopped, the rings drained and the run
    // stored complete — the session keeps what was recorded.
    void aStopRequestEndsTheRecordingCleanly()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("stopped.xylem"));
        QProcess record;
        record.start(XYLEM_CLI, {"record", "--hosts", "2", "--threads", "1", "--iterations",
                                 "100000000", "-o", session});
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += record.readAllStandardError()).contains(" calls, "),
                                 20000);
        record.terminate();
        QVERIFY(record.waitForFinished(30000));
        const QByteArray out = record.readAllStandardOutput();
        QCOMPARE(record.exitCode(), 0);
        QVERIFY2(out.contains("record: the program"), out.constData());
        QVERIFY2(out.contains("gather rate 100.000 %"), out.constData());
        const CliResult info = runCli({"info", "--session", session});
        QVERIFY2(info.out.contains(QStringLiteral(" complete ")), qPrintable(info.out));
    }

    void aDurationStopsTheProgram()
    {
        QTemporaryDir dir;
        QElapsedTimer timer;
        timer.start();
        const CliResult r = runCli({"record", "--hosts", "2", "--threads", "1", "--duration",
                                    "1500ms", "-o", dir.filePath("d.xylem")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(r.out.contains(" complete calls, "), qPrintable(r.out));
    }

    // A program started by someone else, collectors attached through the address file: the
    // recording sees its calls; with the front-end killed, the program runs to its end.
    void attachedCollectorsOfAProgramStartedElsewhere_data()
    {
        QTest::addColumn<bool>("killFrontEnd");
        QTest::newRow("recorded to the end") << false;
        QTest::newRow("front-end killed") << true;
    }
    void attachedCollectorsOfAProgramStartedElsewhere()
    {
        QFETCH(bool, killFrontEnd);
        QTemporaryDir dir;
        const QString config = dir.filePath("gsum.tree.json");
        const CliResult generated = runCli({"generate", "--hosts", "2", "--threads", "2"});
        writeFile(config, generated.out.toUtf8());
        const QString address = dir.filePath("tree.address");
        const QString prefix =
            QString("xylem-test-attach-%1-").arg(QCoreApplication::applicationPid());

        QProcess record;
        record.start(XYLEM_CLI, {"record", "--attach", address, "--config", config, "--duration",
                                 killFrontEnd ? "30s" : "2500ms", "-o", dir.filePath("a.xylem")});
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(address), 10000);
        std::vector<std::unique_ptr<QProcess>> collectors;
        for (const QString host : {"h0", "h1"}) {
            collectors.push_back(std::make_unique<QProcess>());
            collectors.back()->start(XYLEM_COLLECTOR,
                                     {"--attach", address, "--host", host, "--ring-prefix",
                                      prefix + host + "-", "--sample-period-ms", "100"});
        }
        QByteArray out, err;
        QTRY_VERIFY_WITH_TIMEOUT((out += record.readAllStandardOutput()).contains("nodes up"),
                                 20000);

        QProcess gsum;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XYLEM_RING_PREFIX", prefix + "{host}-");
        gsum.setProcessEnvironment(env);
        gsum.start(XYLEM_GSUM, {"launch", "--config", config, "--iterations", "6000"});
        if (killFrontEnd) {
            QTRY_VERIFY_WITH_TIMEOUT((err += record.readAllStandardError()).contains(" calls, "),
                                     20000);
            record.kill();
            QVERIFY(record.waitForFinished(5000));
        }
        QVERIFY(gsum.waitForFinished(60000));
        const QByteArray gsumOut = gsum.readAllStandardOutput();
        QCOMPARE(gsum.exitCode(), 0);
        QVERIFY2(gsumOut.contains("every sum right"), gsumOut.constData());
        if (!killFrontEnd) {
            QVERIFY(record.waitForFinished(30000));
            out += record.readAllStandardOutput();
            QVERIFY2(record.exitCode() == 0, (out + record.readAllStandardError()).constData());
            QVERIFY2(out.contains("gather rate 100.000 %"), out.constData());
            QVERIFY2(!out.contains("record: 0 complete calls"), out.constData());
            // The collectors sampled from the scope's start to its end, long before and after
            // the program's calls: the run keeps the samples around its tuples only.
            const QString problem = checkSystemSamples(dir.filePath("a.xylem"), {"h0", "h1"}, 1);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        for (auto& c : collectors) {
            c->kill();
            c->waitForFinished(5000);
        }
        for (const QString& ring : QDir("/dev/shm").entryList({prefix + "*"})) {
            QFile::remove("/dev/shm/" + ring);
        }
    }

    // --listen: the front-end binds the address given, or every interface with a routable
    // address advertised; a name or garbage is refused before anything is made.
    void theFrontEndListensWhereAsked_data()
    {
        QTest::addColumn<QString>("listen");
        QTest::addColumn<QString>("message"); // empty: recorded
        QTest::newRow("loopback") << "127.0.0.1"
                                  << "";
        QTest::newRow("every interface") << "0.0.0.0"
                                         << "";
        QTest::newRow("a name") << "node17"
                                << "--listen 'node17': not an IP address";
    }
    void theFrontEndListensWhereAsked()
    {
        QFETCH(QString, listen);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString session = dir.filePath("l.xylem");
        const CliResult r = runCli({"record", "--hosts", "2", "--threads", "1", "--iterations",
                                    "2000", "--listen", listen, "-o", session});
        if (!message.isEmpty()) {
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(message), qPrintable(r.err));
            QVERIFY(!QFile::exists(session));
            return;
        }
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("gather rate 100.000 %"), qPrintable(r.out));
    }

    // No address file for the collectors: they attach at the address record says, with the
    // tree's token in their environment, and the program's calls are recorded.
    void collectorsAttachByTheFrontEndsAddress()
    {
        QTemporaryDir dir;
        const QString config = dir.filePath("gsum.tree.json");
        writeFile(config, runCli({"generate", "--hosts", "2", "--threads", "2"}).out.toUtf8());
        const QString address = dir.filePath("tree.address");
        const QString prefix =
            QString("xylem-test-attachip-%1-").arg(QCoreApplication::applicationPid());
        QProcess record;
        record.start(XYLEM_CLI, {"record", "--attach", address, "--listen", "127.0.0.1", "--config",
                                 config, "--duration", "2500ms", "-o", dir.filePath("a.xylem")});
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += record.readAllStandardOutput()).contains(" with the "),
                                 20000);
        const auto where = QRegularExpression("or at (127\\.0\\.0\\.1:[0-9]+) with the tree's")
                               .match(QString::fromUtf8(out));
        QVERIFY2(where.hasMatch(), out.constData());
        QFile file(address); // the token, as a user passes it on (srun/mpirun export it)
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto token = QRegularExpression("\ntoken ([0-9a-f]+)\n")
                               .match(QString::fromUtf8(file.readAll()))
                               .captured(1);
        QVERIFY(!token.isEmpty());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XYLEM_TREE_TOKEN", token);
        std::vector<std::unique_ptr<QProcess>> collectors;
        for (const QString host : {"h0", "h1"}) {
            collectors.push_back(std::make_unique<QProcess>());
            collectors.back()->setProcessEnvironment(env);
            collectors.back()->start(XYLEM_COLLECTOR, {"--attach", where.captured(1), "--host",
                                                       host, "--ring-prefix", prefix + host + "-"});
        }
        QTRY_VERIFY_WITH_TIMEOUT((out += record.readAllStandardOutput()).contains("nodes up"),
                                 20000);
        QProcess gsum;
        QProcessEnvironment gsumEnv = QProcessEnvironment::systemEnvironment();
        gsumEnv.insert("XYLEM_RING_PREFIX", prefix + "{host}-");
        gsum.setProcessEnvironment(gsumEnv);
        gsum.start(XYLEM_GSUM, {"launch", "--config", config, "--iterations", "6000"});
        QVERIFY(gsum.waitForFinished(60000));
        QCOMPARE(gsum.exitCode(), 0);
        QVERIFY(record.waitForFinished(30000));
        out += record.readAllStandardOutput();
        QVERIFY2(record.exitCode() == 0, (out + record.readAllStandardError()).constData());
        QVERIFY2(out.contains("gather rate 100.000 %"), out.constData());
        QVERIFY2(!out.contains("record: 0 complete calls"), out.constData());
        for (auto& c : collectors) {
            c->kill();
            c->waitForFinished(5000);
        }
        for (const QString& ring : QDir("/dev/shm").entryList({prefix + "*"})) {
            QFile::remove("/dev/shm/" + ring);
        }
    }

    void badScopesAndArgumentsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("scope");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{nope") << "an event scope is a JSON object";
        QTest::newRow("no format") << QByteArray("{}") << "scope field 'format'";
        QTest::newRow("bad policy")
            << QByteArray(R"({"format": "xylem-scope/1", "buffer_policy": "keep-all"})")
            << "scope field 'buffer_policy': must be one of fill-read";
        QTest::newRow("ring too small")
            << QByteArray(R"({"format": "xylem-scope/1", "ring_capacity": 2})")
            << "scope field 'ring_capacity'";
    }
    void badScopesAndArgumentsAreRefused()
    {
        QFETCH(QByteArray, scope);
        QFETCH(QString, message);
        QTemporaryDir dir;
        writeFile(dir.filePath("s.json"), scope);
        const CliResult r = runCli({"record", "--hosts", "2", "--scope", dir.filePath("s.json"),
                                    "-o", dir.filePath("x.xylem")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("x.xylem"))); // nothing made before the input is good
    }

    void usageErrors()
    {
        QTemporaryDir dir;
        CliResult r =
            runCli({"record", "--hosts", "2", "--duration", "soon", "-o", dir.filePath("x")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not 'soon'"), qPrintable(r.err));
        r = runCli({"record", "--threads", "2", "-o", dir.filePath("x")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("either --config"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliRecord)
#include "tst_clirecord.moc"
