// TableModel and TablePage over the report of a simulated run: every report table passes
// QAbstractItemModelTester, sorts by number, filters by text and copies raw values; a duration
// column reads in one unit; a statistics cell tells its percentiles. The slowest calls are
// findOutliers's lists row by row, and their rows open their call (callRequested).

#include "core/analysis/analyzer.h"
#include "core/analysis/outliers.h"
#include "core/analysis/reporttables.h"
#include "tests/views/viewtesthelpers.h"
#include "views/columntitle.h"
#include "views/tablemodel.h"
#include "views/tablepage.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
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

struct SimulatedOutliers
{
    std::shared_ptr<const AnalysisReport> report;
    Outliers outliers;
};

SimulatedOutliers simulatedOutliers()
{
    const auto config = generateTree(TreeSpec{"simulated", parseHostList("4").value(), 2,
                                              TreeShape::HierarchyAware, 2, RootKind::Core})
                            .value();
    const std::vector<Tuple> tuples =
        testing::simulateTrace(config, {.calls = 200, .culprit = "h2.t1", .culpritDelay = 50'000});
    auto report = std::make_shared<const AnalysisReport>(analyze(config, tuples));
    Result<Outliers> outliers = findOutliers(*report, tuples, {.count = 5});
    return {report, outliers ? std::move(outliers).value() : Outliers{}};
}

// The row of the proxy whose seq cell is seq, -1 if none.
int rowOfSeq(const TablePage& page, qint64 seq, int seqColumn)
{
    for (int row = 0; row < page.proxy()->rowCount(); ++row) {
        if (page.proxy()->index(row, seqColumn).data(TableModel::kRawRole).toLongLong() == seq) {
            return row;
        }
    }
    return -1;
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

    void slowestCallsAreFindOutliersLists()
    {
        const SimulatedOutliers run = simulatedOutliers();
        const Outliers& o = run.outliers;
        QCOMPARE(o.operationTime.size(), size_t(5));
        QVERIFY(!o.stages.empty());
        const Table table = outlierTable(o);
        QCOMPARE(table.name, std::string(kSlowestCallsTable));
        const std::vector<std::string> columns{"what", "of", "rank", "seq", "value_ns", "start_ns"};
        QCOMPARE(table.columns, columns);
        std::vector<std::vector<Cell>> expected;
        const auto add = [&](const std::string& what, const std::string& of,
                             const std::vector<OutlierCall>& calls) {
            for (size_t i = 0; i < calls.size(); ++i) {
                expected.push_back({what, of, std::int64_t(i + 1), calls[i].seq, calls[i].valueNs,
                                    double(calls[i].startNs)});
            }
        };
        add("operation time", "", o.operationTime);
        for (const ThreadOutliers& t : o.callTime) {
            add("call time", t.thread, t.calls);
        }
        for (const StageOutliers& st : o.stages) {
            add("stage " + std::string(toString(st.stage)) + " (" +
                    std::string(toString(st.direction)) + ")",
                st.wrapper, st.calls);
        }
        QCOMPARE(table.rows.size(), expected.size());
        QVERIFY(table.rows == expected);
        // The culprit's call time is the slowest thread's: its rows come with h2.t1.
        QVERIFY(std::any_of(table.rows.begin(), table.rows.end(), [](const auto& row) {
            return std::get<std::string>(row[1]) == "h2.t1";
        }));
    }

    void aSlowestCallsRowOpensItsCall()
    {
        const SimulatedOutliers run = simulatedOutliers();
        TablePage page;
        page.resize(1280, 800);
        page.setReport(run.report);
        QVERIFY(page.showTable(QString::fromUtf8(kSlowestCallsTable.data())));
        QCOMPARE(page.model()->rowCount(), 0); // none known yet
        page.setSlowestCalls(outlierTable(run.outliers));
        QAbstractItemModelTester tester(page.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(page.model()->rowCount() > 0);
        QSignalSpy requested(&page, &TablePage::callRequested);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        if (!qEnvironmentVariableIsEmpty("XYLEM_SCREENSHOTS")) {
            page.grab().save(qEnvironmentVariable("XYLEM_SCREENSHOTS") +
                             QStringLiteral("/tables-slowest-calls.png"));
        }
        // Sorted by start, the row of the slowest operation time is still its own call.
        page.proxy()->sort(5, Qt::AscendingOrder);
        const qint64 slowest = run.outliers.operationTime.front().seq;
        const int row = rowOfSeq(page, slowest, 3);
        QVERIFY(row >= 0);
        QTableView* view = page.view();
        const QModelIndex index = page.proxy()->index(row, 0);
        view->scrollTo(index);
        const QPoint at = view->visualRect(index).center();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toLongLong(), slowest);
        const QModelIndex last = page.proxy()->index(page.proxy()->rowCount() - 1, 2);
        view->setCurrentIndex(last);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.at(1).at(0).toLongLong(),
                 last.siblingAtColumn(3).data(TableModel::kRawRole).toLongLong());
        // A table without a seq column opens nothing.
        QVERIFY(page.showTable(QStringLiteral("threads")));
        const QModelIndex thread = page.proxy()->index(0, 0);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(thread).center());
        view->setCurrentIndex(thread);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(requested.count(), 2);
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
