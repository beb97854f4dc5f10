// TableModel and TablePage over the report of a simulated run: every report table passes
// QAbstractItemModelTester, sorts by number, filters by text and copies raw values; a duration
// column reads in one unit; a statistics cell tells its percentiles.

#include "core/analysis/analyzer.h"
#include "tests/views/viewtesthelpers.h"
#include "views/columntitle.h"
#include "views/tablemodel.h"
#include "views/tablepage.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> simulatedReport()
{
    return testing::simulatedReport(
        {"4", 2, {.calls = 200, .culprit = "h2.t1", .culpritDelay = 50'000}});
}

} // namespace

class TestTableModel : public QObject
{
    Q_OBJECT

private slots:
    void everyReportTablePassesTheModelTester()
    {
        const auto report = simulatedReport();
        TablePage page;
        page.setReport(report);
        QAbstractItemModelTester tester(page.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const char* name :
             {"threads", "contributors", "wrappers", "hotspots", "timemap", "classes"}) {
            QVERIFY2(page.showTable(name), name);
            QVERIFY2(page.model()->rowCount() > 0, name);
            QCOMPARE(page.model()->columnCount(), int(page.model()->table().columns.size()));
        }
        QVERIFY(!page.showTable("no such table"));
    }

    void sortsByNumberFiltersByTextCopiesRawValues()
    {
        const auto report = simulatedReport();
        TablePage page;
        page.setReport(report);
        QVERIFY(page.showTable("threads"));
        const Table& table = page.model()->table();
        const auto column =
            std::find(table.columns.begin(), table.columns.end(), "call_time_mean_ns") -
            table.columns.begin();
        QVERIFY(column < int(table.columns.size()));
        page.proxy()->sort(int(column), Qt::DescendingOrder);
        // The slowest thread first, by value, not by the text "12.3 µs".
        double previous = std::numeric_limits<double>::infinity();
        for (int row = 0; row < page.proxy()->rowCount(); ++row) {
            const double v =
                page.proxy()->index(row, int(column)).data(TableModel::kRawRole).toDouble();
            QVERIFY(v <= previous);
            previous = v;
        }
        QVERIFY(
            page.proxy()->index(0, int(column)).data().toString().contains(QStringLiteral("µs")));
        page.proxy()->setFilterFixedString(QStringLiteral("h2.t1"));
        QCOMPARE(page.proxy()->rowCount(), 1);
        page.view()->selectRow(0);
        const QString copied = page.selectionAsText();
        QVERIFY2(copied.startsWith(QStringLiteral("h2.t1\t")), qPrintable(copied));
        QVERIFY(page.csv().startsWith(QStringLiteral("thread,host,class")));
    }

    // One value reads as xylem-cli writes it (core/model/durationunits.h): the decimals are
    // the CLI's, so "512.0 ns" and "4.560 ms" where the GUI used to write "512 ns", "4.56 ms".
    void durationsReadForPeople()
    {
        QCOMPARE(formatNanoseconds(512), QStringLiteral("512.0 ns"));
        QCOMPARE(formatNanoseconds(12'346), QStringLiteral("12.35 µs"));
        QCOMPARE(formatNanoseconds(4'560'000), QStringLiteral("4.560 ms"));
        QCOMPARE(formatNanoseconds(2.5e9), QStringLiteral("2.500 s"));
        QCOMPARE(formatNanoseconds(4'560'000, DurationUnit::Microseconds),
                 QStringLiteral("4560.0 µs"));
        QVERIFY(formatNanoseconds(std::nan("")).isEmpty());
    }

    // A duration column reads in one unit, the one of its largest value; each column its own.
    void aColumnHasOneUnit()
    {
        TableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTable(Table{"t",
                             {"thread", "wait_ns", "latency_ns", "count"},
                             {{std::string("a"), 850.0, 1'200.0, std::int64_t{3}},
                              {std::string("b"), 12'300.0, 7'500.0, std::int64_t{4}},
                              {std::string("c"), 4.5e6, Cell{}, std::int64_t{5}}}});
        QCOMPARE(model.unitOf(1), std::optional(DurationUnit::Milliseconds));
        QCOMPARE(model.unitOf(2), std::optional(DurationUnit::Microseconds));
        QCOMPARE(model.unitOf(0), std::optional<DurationUnit>());
        QCOMPARE(model.unitOf(3), std::optional<DurationUnit>());
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("0.000850 ms"));
        QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("0.0123 ms"));
        QCOMPARE(model.index(2, 1).data().toString(), QStringLiteral("4.500 ms"));
        QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("1.200 µs"));
        QCOMPARE(model.index(1, 2).data().toString(), QStringLiteral("7.500 µs"));
        QVERIFY(model.index(2, 2).data().toString().isEmpty());
        QCOMPARE(model.index(2, 1).data(TableModel::kRawRole).toDouble(), 4.5e6);
        // A column of seconds (a run's length) and one below a microsecond.
        model.setTable(Table{"t", {"span_ns", "tiny_ns"}, {{3.2e9, 12.0}, {5e8, 700.0}}});
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("0.500 s"));
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("12.0 ns"));
    }

    // A statistics cell's tooltip gives its group's percentiles, when the row has them.
    void statsCellsTellTheirPercentiles()
    {
        TableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTable(Table{"t",
                             {"thread", "call_time_count", "call_time_mean_ns",
                              "call_time_median_ns", "call_time_p90_ns", "call_time_p99_ns",
                              "call_time_p999_ns", "arrival_wait_mean_ns", "critical_arrivals"},
                             {{std::string("h0.t0"), std::int64_t{1000}, 15'000.0, 12'000.0,
                               40'000.0, 2.5e6, 3.1e6, 800.0, std::int64_t{2}}}});
        const QString expected = QStringLiteral("p50 12.00 µs\np90 40.00 µs\np99 2.500 ms\n"
                                                "p99.9 3.100 ms");
        for (const int column : {1, 2, 3, 4, 5, 6}) {
            QCOMPARE(model.index(0, column).data(Qt::ToolTipRole).toString(), expected);
        }
        // Other groups, and columns of no group, have none to give.
        QVERIFY(!model.index(0, 0).data(Qt::ToolTipRole).isValid());
        QVERIFY(!model.index(0, 7).data(Qt::ToolTipRole).isValid());
        QVERIFY(!model.index(0, 8).data(Qt::ToolTipRole).isValid());
        // p50 by that name goes before the median; without tail columns there is no tooltip.
        model.setTable(
            Table{"t", {"x_median_ns", "x_p50_ns", "x_p99_ns"}, {{1'000.0, 1'100.0, 9'000.0}}});
        QCOMPARE(model.index(0, 0).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("p50 1.100 µs\np99 9.000 µs"));
        model.setTable(Table{"t", {"x_mean_ns", "x_median_ns"}, {{1'000.0, 1'100.0}}});
        QVERIFY(!model.index(0, 0).data(Qt::ToolTipRole).isValid());
    }

    // Over a report: a thread's call-time cells tell the thread's percentiles (the report's
    // tables carry them, core/analysis/reporttables.h), and every duration column has a unit.
    void aReportsStatsCellsTellTheirPercentiles()
    {
        const auto report = simulatedReport();
        TablePage page;
        page.setReport(report);
        QVERIFY(page.showTable("threads"));
        const Table& table = page.model()->table();
        const auto columnOf = [&](const char* name) {
            return int(std::find(table.columns.begin(), table.columns.end(), name) -
                       table.columns.begin());
        };
        const int mean = columnOf("call_time_mean_ns");
        QVERIFY(mean < int(table.columns.size()));
        for (int row = 0; row < page.model()->rowCount(); ++row) {
            const std::string id = std::get<std::string>(table.rows[size_t(row)][0]);
            const Stats& s = report->thread(report->configuration->indexOf(id))->callTime;
            QCOMPARE(page.model()->index(row, mean).data(Qt::ToolTipRole).toString(),
                     QStringLiteral("p50 %1\np90 %2\np99 %3\np99.9 %4")
                         .arg(formatNanoseconds(s.median), formatNanoseconds(s.p90),
                              formatNanoseconds(s.p99), formatNanoseconds(s.p999)));
        }
        for (size_t c = 0; c < table.columns.size(); ++c) {
            QCOMPARE(page.model()->unitOf(int(c)).has_value(), table.columns[c].ends_with("_ns"));
        }
    }

    // Column titles are made for people (and translated); the CSV keeps the snake-case names.
    void columnsAreTitledForPeople()
    {
        QCOMPARE(columnTitle("call_time_mean_ns"), QStringLiteral("call time mean"));
        QCOMPARE(columnTitle("arrival_wait_count"), QStringLiteral("arrival wait count"));
        QCOMPARE(columnTitle("a_slowest_share"), QStringLiteral("A: slowest share"));
        QCOMPARE(columnTitle("mean_ns"), QStringLiteral("mean"));
        QCOMPARE(columnTitle("brand_new_column"), QStringLiteral("brand new column"));
        TableModel model;
        model.setTable(Table{"t", {"call_time_stddev_ns", "critical_arrivals"}, {}});
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(),
                 QStringLiteral("call time stddev"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(),
                 QStringLiteral("critical arrivals"));
    }
};

QTEST_MAIN(TestTableModel)
#include "tst_tablemodel.moc"
