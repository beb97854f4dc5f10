// Tables as the GUI lists them and "export as CSV" writes them: CSV quoting and numbers
// (core/model/table.h), the analysis report's tables (reporttables.h) and the session's own
// tables (storetables.h), checked against the worked examples.

#include "core/analysis/analyzer.h"
#include "core/analysis/reporttables.h"
#include "core/model/table.h"
#include "core/store/runwriter.h"
#include "core/store/storetables.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

using namespace xylem;
using namespace xylem::store;

namespace {

int column(const Table& t, const std::string& name)
{
    const auto it = std::find(t.columns.begin(), t.columns.end(), name);
    if (it == t.columns.end()) {
        qFatal("table %s has no column %s", t.name.c_str(), name.c_str());
    }
    return static_cast<int>(it - t.columns.begin());
}

const Cell& at(const Table& t, size_t row, const std::string& name)
{
    return t.rows.at(row).at(static_cast<size_t>(column(t, name)));
}

qint64 integer(const Table& t, size_t row, const std::string& name)
{
    return std::get<std::int64_t>(at(t, row, name));
}

double number(const Table& t, size_t row, const std::string& name)
{
    return std::get<double>(at(t, row, name));
}

QString text(const Table& t, size_t row, const std::string& name)
{
    return QString::fromStdString(std::get<std::string>(at(t, row, name)));
}

QString firstLine(const Table& t)
{
    const std::string csv = toCsv(t);
    return QString::fromStdString(csv.substr(0, csv.find('\n')));
}

// A new session holding the worked examples as runs 1 (two-hosts) and 2 (flat-mpi).
Session examplesSession(const QTemporaryDir& dir)
{
    auto session = Session::create(dir.filePath("tables.xylem").toStdString());
    if (!session) {
        qFatal("%s", session.error().describe().c_str());
    }
    for (const char* name : {"two-hosts", "flat-mpi"}) {
        const Run run = testing::exampleRun(name);
        auto id =
            importRun(session.value(), run.configuration, run.tuples, {name, "", "test", "", ""});
        if (!id) {
            qFatal("%s", id.error().describe().c_str());
        }
    }
    return std::move(session).value();
}

} // namespace

class TestTables : public QObject
{
    Q_OBJECT

private slots:
    void csvQuotesAndNumbers()
    {
        const Table t{"t",
                      {"a", "b,c", "d\"e"},
                      {{std::int64_t(1), std::string("plain"), std::string("with,comma")},
                       {std::string("say \"hi\""), std::string("line\nbreak"), Cell()},
                       {0.1, 1e300, std::numeric_limits<double>::quiet_NaN()},
                       {std::numeric_limits<std::int64_t>::min(),
                        std::numeric_limits<std::int64_t>::max(), -0.5},
                       {std::string(), std::string("cr\r"), 3.0}}};
        QCOMPARE(QString::fromStdString(toCsv(t)),
                 QString("a,\"b,c\",\"d\"\"e\"\n"
                         "1,plain,\"with,comma\"\n"
                         "\"say \"\"hi\"\"\",\"line\nbreak\",\n"
                         "0.1,1e+300,\n"
                         "-9223372036854775808,9223372036854775807,-0.5\n"
                         ",\"cr\r\",3\n"));
        QCOMPARE(QString::fromStdString(toCsv(Table{"empty", {"x"}, {}})), QString("x\n"));
    }

    void csvDoublesRoundTrip()
    {
        const double values[] = {0.1,
                                 1.0 / 3.0,
                                 1e300,
                                 -1e-300,
                                 5e-324,
                                 12233.333333333334,
                                 std::numeric_limits<double>::max(),
                                 2.0 / 3.0 * 1e17};
        for (double v : values) {
            const std::string csv = toCsv(Table{"d", {"v"}, {{v}}});
            const std::string field = csv.substr(2, csv.size() - 3); // after "v\n", before "\n"
            double back = 0;
            const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), back);
            QVERIFY2(ec == std::errc() && end == field.data() + field.size() && back == v,
                     field.c_str());
        }
        QCOMPARE(QString::fromStdString(toCsv(Table{"d", {"v"}, {{1.0 / 3.0}}})),
                 QString("v\n0.3333333333333333\n"));
    }

    void reportTablesOfTheTwoHostsExample()
    {
        const AnalysisReport report = analyze(testing::exampleRun("two-hosts"));
        const std::map<std::string, size_t> rows{{"threads", 3},  {"contributors", 4},
                                                 {"wrappers", 6}, {"hotspots", 13},
                                                 {"timemap", 27}, {"classes", 2}};
        QCOMPARE(reportTableNames().size(), rows.size());
        for (std::string_view name : reportTableNames()) {
            Table t;
            QVERIFY(makeReportTable(report, name, t));
            QCOMPARE(QString::fromStdString(t.name),
                     QString::fromUtf8(name.data(), static_cast<int>(name.size())));
            QVERIFY2(rows.contains(std::string(name)), name.data());
            QCOMPARE(t.rows.size(), rows.at(std::string(name)));
            for (const auto& row : t.rows) {
                QCOMPARE(row.size(), t.columns.size());
            }
        }
        Table none;
        QVERIFY(!makeReportTable(report, "nonsense", none));

        size_t stages = 0;
        for (const ThreadReport& th : report.threads) {
            stages += th.timemap.size();
        }
        QCOMPARE(timemapTable(report).rows.size(), stages);

        const Table threads = threadsTable(report);
        QCOMPARE(firstLine(threads),
                 QString("thread,host,class,call_time_count,call_time_mean_ns,"
                         "call_time_median_ns,call_time_p90_ns,call_time_p99_ns,"
                         "call_time_p999_ns,call_time_min_ns,call_time_max_ns,"
                         "call_time_stddev_ns,critical_arrivals,slowest_share"));
        QCOMPARE(text(threads, 1, "thread"), QString("T2"));
        QCOMPARE(integer(threads, 1, "critical_arrivals"), qint64(2));
        QCOMPARE(integer(threads, 0, "critical_arrivals"), qint64(0));
        QCOMPARE(text(threads, 2, "host"), QString("B"));
        QCOMPARE(number(threads, 1, "call_time_min_ns"), 11100.0);
        QCOMPARE(number(threads, 1, "slowest_share"), 2.0 / 3.0);

        const Table contributors = contributorsTable(report);
        QCOMPARE(text(contributors, 1, "gred") + "/" + text(contributors, 1, "contributor"),
                 QString("gA/T2"));
        QCOMPARE(integer(contributors, 1, "last_arrivals"), qint64(3));
        QCOMPARE(text(contributors, 2, "gred") + "/" + text(contributors, 2, "contributor"),
                 QString("gB/pA"));
        QCOMPARE(integer(contributors, 2, "last_arrivals"), qint64(2));

        const auto expected =
            nlohmann::json::parse(testing::readTestFile("two-hosts.expected.json"));
        // The percentile columns are the worked example's percentiles (metrics.md §9).
        for (const char* p : {"p90", "p99", "p999"}) {
            QCOMPARE(number(threads, 1, std::string("call_time_") + p + "_ns"),
                     expected["threads"]["T2"]["call_time"][p].get<double>());
        }
        const Table hotspots = hotspotsTable(report);
        QCOMPARE(hotspots.rows.size(), expected["hotspots"].size());
        for (size_t i = 0; i < hotspots.rows.size(); ++i) {
            const auto& h = expected["hotspots"][i];
            QCOMPARE(integer(hotspots, i, "rank"), qint64(i + 1));
            QCOMPARE(text(hotspots, i, "wrapper"),
                     QString::fromStdString(h["wrapper"].get<std::string>()));
            QCOMPARE(text(hotspots, i, "stage"),
                     QString::fromStdString(h["stage"].get<std::string>()));
            QCOMPARE(text(hotspots, i, "thread"),
                     QString::fromStdString(h["thread"].get<std::string>()));
            QCOMPARE(number(hotspots, i, "mean_ns"), h["mean_ns"].get<double>());
        }
        const Table classes = classesTable(report);
        QCOMPARE(text(classes, 0, "class"), QString("thread>gred>proxy>gred>core"));
        QCOMPARE(text(classes, 0, "members"), QString("T1 T2"));
        QCOMPARE(integer(classes, 0, "threads"), qint64(2));
    }

    void runsAndCallsOfASession()
    {
        QTemporaryDir dir;
        Session session = examplesSession(dir);
        auto runs = storeTable(session, "runs", std::nullopt);
        QVERIFY2(runs, runs ? "" : runs.error().describe().c_str());
        QCOMPARE(runs->rows.size(), size_t(2));
        const auto& r = runs.value();
        QCOMPARE(integer(r, 0, "id"), qint64(1));
        QCOMPARE(text(r, 0, "name"), QString("two-hosts"));
        QCOMPARE(text(r, 1, "name"), QString("flat-mpi"));
        QCOMPARE(text(r, 0, "status"), QString("complete"));
        QCOMPARE(integer(r, 0, "tuples"), qint64(18));
        QCOMPARE(integer(r, 1, "tuples"), qint64(14));
        QCOMPARE(integer(r, 0, "calls"), qint64(3));
        QCOMPARE(integer(r, 1, "calls"), qint64(3));
        QCOMPARE(integer(r, 1, "incomplete_calls"), qint64(1));
        QCOMPARE(integer(r, 0, "first_ns"), qint64(1000));
        QCOMPARE(integer(r, 0, "last_ns"), qint64(53400));

        auto calls = storeTable(session, "calls", 1);
        QVERIFY2(calls, calls ? "" : calls.error().describe().c_str());
        QCOMPARE(firstLine(calls.value()),
                 QString("seq,start_ns,operation_time_ns,slowest_thread_time_ns,slowest_thread"));
        const auto expected =
            nlohmann::json::parse(testing::readTestFile("two-hosts.expected.json"));
        const qint64 seqs[] = {0, 1, 2}, starts[] = {1000, 21000, 41000},
                     operations[] = {12000, 12300, 12400};
        const qint64 slowest[] = {11800, 12300, 12300};
        const char* slowestThread[] = {"T2", "T1", "T2"};
        QCOMPARE(calls->rows.size(), size_t(3));
        for (size_t i = 0; i < 3; ++i) {
            QCOMPARE(integer(calls.value(), i, "seq"), seqs[i]);
            QCOMPARE(integer(calls.value(), i, "start_ns"), starts[i]);
            QCOMPARE(integer(calls.value(), i, "operation_time_ns"), operations[i]);
            QCOMPARE(integer(calls.value(), i, "slowest_thread_time_ns"), slowest[i]);
            QCOMPARE(text(calls.value(), i, "slowest_thread"), QString(slowestThread[i]));
        }
        QCOMPARE(double(operations[0]), expected["operation_time"]["min"].get<double>());
        QCOMPARE(double(operations[2]), expected["operation_time"]["max"].get<double>());
        QCOMPARE(storeTable(session, "calls", 2)->rows.size(), size_t(3));
        // Two runs and none chosen: an error, not a guess.
        QVERIFY(!storeTable(session, "calls", std::nullopt));
        QCOMPARE(storeTable(session, "calls", 7).error().code, ErrorCode::NotFound);
        QCOMPARE(storeTable(session, "nonsense", 1).error().code, ErrorCode::NotFound);
        QCOMPARE(storeTableNames().size(), size_t(8));
        QVERIFY(!storeTableNeedsRun("runs") && !storeTableNeedsRun("scopes") &&
                storeTableNeedsRun("calls"));
    }

    void summaryCountsEveryCallAndTuple_data()
    {
        QTest::addColumn<qint64>("run");
        QTest::addColumn<qint64>("calls");
        QTest::addColumn<qint64>("tuples");
        QTest::addColumn<QString>("collector"); // one collector and its tuple count
        QTest::addColumn<qint64>("collectorTuples");
        QTest::newRow("two-hosts") << qint64(1) << qint64(3) << qint64(18) << "pA" << qint64(3);
        QTest::newRow("flat-mpi") << qint64(2) << qint64(3) << qint64(14) << "rank0" << qint64(4);
    }
    void summaryCountsEveryCallAndTuple()
    {
        QFETCH(qint64, run);
        QFETCH(qint64, calls);
        QFETCH(qint64, tuples);
        QFETCH(QString, collector);
        QFETCH(qint64, collectorTuples);
        QTemporaryDir dir;
        Session session = examplesSession(dir);
        auto summary = storeTable(session, "summary", run);
        QVERIFY2(summary, summary ? "" : summary.error().describe().c_str());
        const Table& t = summary.value();
        QCOMPARE(firstLine(t), QString("series,level,start_ns,end_ns,count,min_ns,max_ns,mean_ns"));
        std::map<std::pair<QString, qint64>, qint64> perSeries;
        std::map<qint64, qint64> collectorsPerLevel;
        for (size_t i = 0; i < t.rows.size(); ++i) {
            const QString series = text(t, i, "series");
            const qint64 count = integer(t, i, "count");
            perSeries[{series, integer(t, i, "level")}] += count;
            if (series != "operation time" && series != "slowest-thread time") {
                collectorsPerLevel[integer(t, i, "level")] += count;
            }
            QVERIFY(integer(t, i, "start_ns") < integer(t, i, "end_ns"));
            QVERIFY(integer(t, i, "min_ns") <= number(t, i, "mean_ns") &&
                    number(t, i, "mean_ns") <= integer(t, i, "max_ns"));
        }
        QCOMPARE((perSeries[{"operation time", 0}]), calls);
        QCOMPARE((perSeries[{"slowest-thread time", 0}]), calls);
        QCOMPARE((perSeries[{collector, 0}]), collectorTuples);
        QVERIFY(!collectorsPerLevel.empty());
        for (const auto& [level, count] : collectorsPerLevel) {
            QVERIFY2(count == tuples,
                     qPrintable(QString("level %1: %2 tuples").arg(level).arg(count)));
        }
        for (const auto& [key, count] : perSeries) {
            if (key.first == "operation time" || key.first == "slowest-thread time") {
                QVERIFY2(count == calls, qPrintable(key.first));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestTables)
#include "tst_tables.moc"
