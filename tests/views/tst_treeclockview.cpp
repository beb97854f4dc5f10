// The Clocks view of a run (views/treeclockview, treeclockmodel): per host the offsets at the
// start and end, drift, error bound, residual skew and what became of its tuples, over hand-made
// models of a tree run with four hosts: A within its bound (tuples as they are), B 3 ms ahead
// and drifting (corrected), C never measured, D measured with a residual skew above its bound.
// The model passes QAbstractItemModelTester; the view says which hosts were never measured and
// where the largest residual is, or that the run stored no model; pictures at 1280x800.

#include "core/analysis/treeclockcheck.h"
#include "tests/support/testpictures.h"
#include "views/treeclockmodel.h"
#include "views/treeclockview.h"

#include <QAbstractItemModelTester>
#include <QTableView>
#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

HostClock measured(const std::string& host, std::int64_t startOffset, std::int64_t endOffset,
                   std::int64_t bound)
{
    HostClock c;
    c.host = host;
    c.master = "front";
    c.measured = true;
    c.start = MpiClockSample{host, "front", 1'000'000'000, startOffset, 2 * bound};
    c.end = MpiClockSample{host, "front", 11'000'000'000, endOffset, 2 * bound};
    c.errorBoundNs = bound;
    return c;
}

std::vector<HostClock> fourHosts()
{
    std::vector<HostClock> clocks{measured("A", 800, 900, 1'000),
                                  measured("B", -3'000'000, -3'100'000, 12'000), HostClock{},
                                  measured("D", 40'000, 40'000, 9'000)};
    clocks[2].host = "C";
    clocks[2].master = "front";
    clocks[0].residual = ResidualSkew{0, 0, 160};
    clocks[1].residual = ResidualSkew{0, 0, 320};
    clocks[2].residual = ResidualSkew{2'500'000, 80, 160};
    clocks[3].residual = ResidualSkew{15'000, 3, 160};
    return clocks;
}

std::vector<ClockCorrection> correctionsOf(const std::vector<HostClock>& clocks)
{
    std::vector<ClockCorrection> out;
    for (const HostClock& c : clocks) {
        out.push_back(clockCorrection(c, true));
    }
    return out;
}

QString cell(const TreeClockModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

} // namespace

class TestTreeClockView : public QObject
{
    Q_OBJECT

private slots:
    void tableOfEveryHost()
    {
        TreeClockModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto clocks = fourHosts();
        model.setClocks(clocks, correctionsOf(clocks));
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(TreeClockModel::ColumnCount));
        QCOMPARE(cell(model, 1, TreeClockModel::StartOffset), QStringLiteral("−3.000 ms"));
        QCOMPARE(cell(model, 1, TreeClockModel::EndOffset), QStringLiteral("−3.100 ms"));
        QCOMPARE(model.data(model.index(1, TreeClockModel::EndOffset), TreeClockModel::kRawRole)
                     .toLongLong(),
                 -3'100'000);
        QCOMPARE(cell(model, 1, TreeClockModel::Drift), QStringLiteral("-10.00"));
        QCOMPARE(cell(model, 0, TreeClockModel::Tuples),
                 QStringLiteral("as they are: the offset is within its error bound"));
        QCOMPARE(cell(model, 1, TreeClockModel::Tuples), QStringLiteral("corrected onto front"));
        QCOMPARE(cell(model, 2, TreeClockModel::Tuples),
                 QStringLiteral("as they are: the host was never measured"));
        QCOMPARE(cell(model, 2, TreeClockModel::StartOffset), QStringLiteral("not measured"));
        QCOMPARE(cell(model, 2, TreeClockModel::ErrorBound), QStringLiteral("not measured"));
        QCOMPARE(cell(model, 3, TreeClockModel::Violations), QStringLiteral("3 of 160"));
        // D's residual is above its bound: the model does not describe its clock.
        QVERIFY(!cell(model, 3, TreeClockModel::Host, Qt::ToolTipRole).isEmpty());
        QVERIFY(cell(model, 0, TreeClockModel::Host, Qt::ToolTipRole).isEmpty());
        HostClock unchecked = measured("E", 0, 0, 10);
        model.setClocks({unchecked}, {ClockCorrection::WithinBound});
        QCOMPARE(cell(model, 0, TreeClockModel::Residual), QStringLiteral("not checked"));
    }

    void summaryAndPictures()
    {
        TreeClockView view;
        view.resize(1280, 800);
        const auto clocks = fourHosts();
        view.setClocks(clocks, correctionsOf(clocks), true);
        QVERIFY2(view.summary().contains(QStringLiteral("Never measured: C")),
                 qPrintable(view.summary()));
        QVERIFY2(view.summary().contains(QStringLiteral("Largest residual skew 2.500 ms on C")),
                 qPrintable(view.summary()));
        QVERIFY(!view.table()->isHidden());
        const QString withModels =
            QString::fromStdString(testing::picturePath("xylem-clocks-tree-run.png"));
        QVERIFY(view.grab().save(withModels));
        qInfo("picture: %s", qPrintable(withModels));

        view.setClocks({}, {}, true);
        QVERIFY2(view.summary().contains(QStringLiteral("No clock model is stored")),
                 qPrintable(view.summary()));
        QVERIFY(view.table()->isHidden());
        QCOMPARE(view.model()->rowCount(), 0);
        const QString without =
            QString::fromStdString(testing::picturePath("xylem-clocks-no-model.png"));
        QVERIFY(view.grab().save(without));
        qInfo("picture: %s", qPrintable(without));
    }
};

QTEST_MAIN(TestTreeClockView)
#include "tst_treeclockview.moc"
