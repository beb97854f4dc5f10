// The comparison view over two simulated runs of one configuration, one with a delayed thread:
// the view shows core's comparison (speedup, stages of the compared threads, slowest shares)
// and says which run is faster; a picture is saved to look at.

#include "core/analysis/analyzer.h"
#include "tests/views/viewtesthelpers.h"
#include "views/comparisonview.h"
#include "views/tablemodel.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> run(std::int64_t culpritDelay)
{
    return testing::simulatedReport(
        {"3", 2, {.calls = 120, .culprit = "h1.t1", .culpritDelay = culpritDelay}});
}

} // namespace

class TestComparisonView : public QObject
{
    Q_OBJECT

private slots:
    void showsCoresComparison()
    {
        const auto slow = run(60'000);
        const auto fast = run(0);
        ComparisonView view;
        view.resize(1000, 560);
        view.setReports(
            {{QStringLiteral("run 1: delayed"), slow}, {QStringLiteral("run 2: balanced"), fast}});
        QVERIFY(view.comparison());
        const Comparison expected = compareRuns(*slow, *fast).value();
        QCOMPARE(view.comparison()->speedup, expected.speedup);
        QVERIFY(expected.speedup > 1);
        QVERIFY2(view.summary().contains(QStringLiteral("B is faster")),
                 qPrintable(view.summary()));
        QCOMPARE(view.comparison()->stages.size(), expected.stages.size());
        QCOMPARE(view.shares()->rowCount(), 6); // every thread of both runs
        const QString file = QDir::temp().filePath(QStringLiteral("xylem-comparison.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));

        QVERIFY(view.compare(1, 0)); // the other way round
        QVERIFY(view.comparison()->speedup < 1);
        QVERIFY(view.summary().contains(QStringLiteral("A is faster")));
        QVERIFY(!view.compare(0, 5));
    }
};

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
