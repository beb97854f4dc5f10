// The monitors a live recording stores with its run (issue 22, item 3): the core reader
// (core/store/monitorresults.h) on a real recording with the load-balance and statistics
// monitors, on a session recorded without them and on stored text that does not parse; the
// Monitors section of `xylem-cli info` and `analyze`, as text and as JSON, says what the
// reader read.

#include "core/store/attachments.h"
#include "core/store/monitorresults.h"
#include "core/store/monitortables.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"

#include <QFile>

#include <numeric>

using namespace xylem::testing;
namespace store = xylem::store;

namespace {

store::Session openReadOnly(const QString& path)
{
    auto s = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!s) {
        qFatal("cannot open %s: %s", qPrintable(path), s.error().describe().c_str());
    }
    return std::move(s).value();
}

std::string joined(const std::vector<std::string>& path)
{
    std::string text;
    for (const std::string& id : path) {
        text += (text.empty() ? "" : " > ") + id;
    }
    return text;
}

} // namespace

class TestCliMonitors : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString scope = m_dir.filePath("monitors.scope.json");
        writeFile(scope, R"({"format": "xylem-scope/1", "name": "monitors",
                   "monitors": ["raw", "load-balance", "statistics"]})");
        m_session = m_dir.filePath("monitors.xylem");
        const CliResult r = runCli({"record", "--hosts", "2", "--threads", "2", "--iterations",
                                    "2000", "--scope", scope, "-o", m_session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    }

    // The typed values are the stored JSON's, field by field.
    void theReaderReadsARecordedRun()
    {
        store::Session session = openReadOnly(m_session);
        const auto accounting = store::storedAccounting(session, 1);
        QVERIFY2(accounting, accounting ? "" : accounting.error().describe().c_str());
        QVERIFY(accounting.value());
        const store::StoredAccounting& a = *accounting.value();
        const auto rawAccounting = nlohmann::json::parse(
            store::cachedResult(session, 1, "scope-accounting", 2).value().value());
        QCOMPARE(a.tuples, rawAccounting["tuples"].get<std::int64_t>());
        QCOMPARE(a.written, rawAccounting["written"].get<std::uint64_t>());
        QCOMPARE(a.read, rawAccounting["read"].get<std::uint64_t>());
        QCOMPARE(a.meanDelayMs, rawAccounting["mean_delay_ms"].get<double>());
        QVERIFY(a.tuples > 0 && a.seconds > 0 && a.tuplesPerSecond > 0);
        QVERIFY(a.gatherRatePct.has_value());
        QCOMPARE(a.collectors.size(), size_t(2));
        QCOMPARE(a.collectors[0].host, std::string("h0"));
        QCOMPARE(a.collectors[1].host, std::string("h1"));
        std::uint64_t read = 0;
        for (const store::CollectorCounts& c : a.collectors) {
            QCOMPARE(c.read, rawAccounting["collectors"][c.host]["read"].get<std::uint64_t>());
            read += c.read;
        }
        QCOMPARE(read, a.read); // nothing lost: the run's counts are its collectors'
        QVERIFY(a.episodes.empty());

        const auto results = store::storedMonitorResults(session, 1);
        QVERIFY2(results, results ? "" : results.error().describe().c_str());
        QVERIFY(results.value());
        const store::MonitorResults& m = *results.value();
        const auto raw = nlohmann::json::parse(
            store::cachedResult(session, 1, "monitor-results", 1).value().value());
        QCOMPARE(m.loadBalance.size(), size_t(1));
        const store::LoadBalanceForm& single = m.loadBalance[0];
        QCOMPARE(single.form, std::string("single"));
        QCOMPARE(single.imbalancePath,
                 raw["load_balance"]["single"]["imbalance_path"].get<std::vector<std::string>>());
        QVERIFY(!single.imbalancePath.empty());
        QCOMPARE(single.greds.size(), raw["load_balance"]["single"]["last_arrivals"].size());
        for (const store::GredArrivals& g : single.greds) {
            for (const store::ChildArrivals& c : g.children) {
                QCOMPARE(c.lastArrivals,
                         raw["load_balance"]["single"]["last_arrivals"][g.gred][c.child]
                             .get<std::int64_t>());
            }
        }
        // A state from both hosts, with the sliding-window median of every measure counted.
        QCOMPARE(m.statistics.size(), size_t(2));
        for (const store::HostStatistics& h : m.statistics) {
            QVERIFY2(h.calls > 0, h.host.c_str());
            QVERIFY(!h.entries.empty());
            for (const store::StatisticsEntry& e : h.entries) {
                if (e.stats.count > 0) {
                    QVERIFY2(e.stats.windowMedian.has_value(), e.measure.c_str());
                    QVERIFY(*e.stats.min <= *e.stats.windowMedian &&
                            *e.stats.windowMedian <= *e.stats.max);
                }
            }
        }
    }

    void aSessionWithoutThemHasNone()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        {
            store::Session session = openReadOnly(path);
            const auto accounting = store::storedAccounting(session, 1);
            const auto results = store::storedMonitorResults(session, 1);
            QVERIFY(accounting && !accounting.value());
            QVERIFY(results && !results.value());
        }
        CliResult r = runCli({"info", "--session", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.endsWith("Monitors: none recorded (a live recording stores them with its "
                                "run)\n"),
                 qPrintable(r.out));
        r = runCli({"info", "--session", path, "--json"});
        const auto doc = parseJson(r.out);
        QVERIFY(doc["runs"][0]["monitors"]["accounting"].is_null());
        QVERIFY(doc["runs"][0]["monitors"]["load_balance"].is_null());
        r = runCli({"analyze", "--session", path, "--run", "1"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Monitors of run 1: not recorded"), qPrintable(r.out));
        // The report of a run without them is the report alone (as the worked examples have it).
        r = runCli({"analyze", "--session", path, "--run", "1", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!parseJson(r.out).contains("monitors"));
    }

    // A form that stored its arrival and departure order counts: one row per child, direction
    // and position.
    void orderCountsAreReadWhenStored()
    {
        const auto m = store::parseMonitorResults(R"({"load_balance": {"distributed": {
            "imbalance_path": ["g", "b"], "last_arrivals": {"g": {"a": 1, "b": 3}},
            "arrival_order": {"g": {"a": [3, 1], "b": [1, 3]}},
            "departure_order": {"g": {"a": [2, 2], "b": [2, 2]}}}}})");
        QVERIFY2(m, m ? "" : m.error().describe().c_str());
        const store::LoadBalanceForm& f = m->loadBalance.at(0);
        QCOMPARE(f.form, std::string("distributed"));
        QCOMPARE(f.orders.size(), size_t(2));
        QCOMPARE(f.orders[1].child, std::string("b"));
        QCOMPARE(f.orders[1].arrival, (std::vector<std::int64_t>{1, 3}));
        QCOMPARE(f.orders[1].departure, (std::vector<std::int64_t>{2, 2}));
        const xylem::Table orders = store::orderTable(m.value());
        QCOMPARE(orders.rows.size(), size_t(8));
        const xylem::Table last = store::lastArrivalTable(m.value());
        QCOMPARE(std::get<std::string>(last.rows[1][5]), std::string("yes")); // g > b
        QCOMPARE(std::get<double>(last.rows[1][4]), 0.75);
    }

    void textThatDoesNotParseIsAnErrorThatNamesIt()
    {
        auto broken = store::parseMonitorResults("{\"load_balance\": ");
        QVERIFY(!broken);
        QCOMPARE(broken.error().code, xylem::ErrorCode::Corrupt);
        QCOMPARE(QString::fromStdString(broken.error().message),
                 QString("the stored monitor results: not a JSON object"));
        broken = store::parseMonitorResults(R"({"statistics": {"h0": {"calls": "many"}}})");
        QVERIFY(!broken);
        QVERIFY2(broken.error().message.find("statistics.h0.calls is not a whole number") !=
                     std::string::npos,
                 broken.error().message.c_str());
        const auto accounting = store::parseAccounting(R"({"collectors": {"h1": {"read": -3}}})");
        QVERIFY(!accounting);
        QVERIFY2(accounting.error().message.find("collectors.h1.read is not a count") !=
                     std::string::npos,
                 accounting.error().message.c_str());
        QVERIFY(!store::parseAccounting("[1, 2]"));

        // Stored so: info and analyze say it and go on.
        QTemporaryDir dir;
        const QString copy = dir.filePath("broken.xylem");
        QVERIFY(QFile::copy(m_session, copy));
        {
            auto session = store::Session::open(copy.toStdString(), store::OpenMode::ReadWrite);
            QVERIFY(session);
            QVERIFY(store::storeCachedResult(session.value(), 1, "monitor-results", 1, "{broken"));
        }
        CliResult r = runCli({"info", "--session", copy});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("  cannot read the monitor results: run 1: the stored monitor "
                                "results: not a JSON object\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("  per collector:\n"), qPrintable(r.out)); // the accounting stays
        r = runCli({"info", "--session", copy, "--json"});
        QCOMPARE(r.exitCode, 0);
        const auto doc = parseJson(r.out);
        QCOMPARE(doc["runs"][0]["monitors"]["errors"].size(), size_t(1));
        QVERIFY(doc["runs"][0]["monitors"]["accounting"].is_object());
    }

    // The section says the reader's numbers, after every line info printed before.
    void infoAndAnalyzeShowTheSection()
    {
        store::Session session = openReadOnly(m_session);
        const store::StoredAccounting a = store::storedAccounting(session, 1).value().value();
        const store::MonitorResults m = store::storedMonitorResults(session, 1).value().value();
        const std::string path = joined(m.loadBalance[0].imbalancePath);
        for (const QStringList& command :
             {QStringList{"info", "--session", m_session},
              QStringList{"analyze", "--session", m_session, "--run", "1"}}) {
            const CliResult r = runCli(command);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const auto at = r.out.indexOf("Monitors of run 1:\n");
            QVERIFY2(at > 0, qPrintable(r.out));
            const QString section = r.out.mid(at);
            QVERIFY2(section.contains(QString("  gathered: %1 tuples in ").arg(a.tuples)),
                     qPrintable(section));
            QVERIFY2(section.contains(QString("gather rate %1 % (%2 overwritten of %3 written, "
                                              "%4 read)")
                                          .arg(*a.gatherRatePct, 0, 'f', 3)
                                          .arg(a.overwritten)
                                          .arg(a.written)
                                          .arg(a.read)),
                     qPrintable(section));
            QVERIFY2(section.contains("  losses: " + QString::number(a.overwritten) +
                                      " tuples overwritten"),
                     qPrintable(section));
            QVERIFY2(section.contains(QString::fromStdString("  load balance (single): imbalance "
                                                             "path " +
                                                             path + "\n")),
                     qPrintable(section));
            QVERIFY2(section.contains("  statistics (window median: of the last 100 values)"),
                     qPrintable(section));
            QVERIFY2(section.contains("window median"), qPrintable(section));
            for (const char* host : {"\n    h0 ", "\n    h1 "}) {
                QVERIFY2(section.contains(host), qPrintable(section)); // per collector
            }
        }

        const auto info = parseJson(runCli({"info", "--session", m_session, "--json"}).out);
        const auto analyzed =
            parseJson(runCli({"analyze", "--session", m_session, "--run", "1", "--json"}).out);
        const auto& monitors = info["runs"][0]["monitors"];
        QCOMPARE(analyzed["monitors"].dump(), monitors.dump());
        QCOMPARE(monitors["accounting"]["tuples"].get<std::int64_t>(), a.tuples);
        QCOMPARE(monitors["accounting"]["collectors"].size(), a.collectors.size());
        QCOMPARE(monitors["accounting"]["collectors"][1]["read"].get<std::uint64_t>(),
                 a.collectors[1].read);
        QCOMPARE(monitors["load_balance"][0]["imbalance_path"].get<std::vector<std::string>>(),
                 m.loadBalance[0].imbalancePath);
        QCOMPARE(monitors["load_balance"][0]["last_arrivals"].size(),
                 store::lastArrivalTable(m).rows.size());
        QCOMPARE(monitors["statistics"]["rows"].size(), store::statisticsTable(m).rows.size());
        QCOMPARE(monitors["statistics"]["window"].get<int>(), 100);
        const auto& first = monitors["statistics"]["rows"][0];
        const store::StatisticsEntry& e = m.statistics[0].entries[0];
        QCOMPARE(first["host"].get<std::string>(), m.statistics[0].host);
        QCOMPARE(first["count"].get<std::int64_t>(), e.stats.count);
        QCOMPARE(first["window_median_ns"].is_null(), !e.stats.windowMedian.has_value());
    }

private:
    QTemporaryDir m_dir;
    QString m_session;
};

QTEST_GUILESS_MAIN(TestCliMonitors)
#include "tst_climonitors.moc"
