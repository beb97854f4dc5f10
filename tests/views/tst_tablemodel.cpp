// TableModel and TablePage over the report of a simulated run: every report table passes
// QAbstractItemModelTester, sorts by number, filters by text and copies raw values.

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

    void durationsReadForPeople()
    {
        QCOMPARE(formatNanoseconds(512), QStringLiteral("512 ns"));
        QCOMPARE(formatNanoseconds(12'345), QStringLiteral("12.35 µs"));
        QCOMPARE(formatNanoseconds(4'560'000), QStringLiteral("4.56 ms"));
        QVERIFY(formatNanoseconds(std::nan("")).isEmpty());
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
