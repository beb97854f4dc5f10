// The wait-state view over a hand-made 4-rank trace in which rank 2 enters every allreduce late:
// its model (checked by QAbstractItemModelTester), the stacked bars, rank selection emitting the
// thread-selection signal, and a rendered PNG (XYLEM_WAITSTATE_PNG names where, else a temp file).

#include "core/analysis/waitstates.h"
#include "core/model/mpiruns.h"
#include "tests/support/mpitracebuilder.h"
#include "views/waitstatemodel.h"
#include "views/waitstateview.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using namespace xylem::views;

namespace {

struct Shown
{
    MpiTrace trace;
    WaitStateReport report;
    std::vector<int> wrapperOfRank;
};

Shown lateRank()
{
    Shown s;
    s.trace = testing::lateRankTrace(4, 2, 500, 10);
    s.report = analyzeWaitStates(s.trace).value();
    const Run run = collectiveRun(s.trace, 0, RunShape::Hierarchy).value();
    for (const MpiRank& r : s.trace.ranks) {
        s.wrapperOfRank.push_back(run.configuration.indexOf(rankWrapperId(r.rank)));
    }
    return s;
}

} // namespace

class TestWaitStateView : public QObject
{
    Q_OBJECT

private slots:
    void modelShowsSeverityAndGridShare()
    {
        WaitStateModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Shown s = lateRank();
        model.setReport(s.report, s.trace.ranks);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), 3 + 2 * kWaitPatternCount);
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QString("Wait at N×N"));
        QCOMPARE(model.data(model.index(0, 3), WaitStateModel::kRawRole).toLongLong(), 5000);
        QCOMPARE(model.data(model.index(2, 3), WaitStateModel::kRawRole).toLongLong(), 0);
        QCOMPARE(model.data(model.index(1, 4), WaitStateModel::kRawRole).toDouble(), 1.0);
        QCOMPARE(model.data(model.index(3, 4), WaitStateModel::kRawRole).toDouble(), 0.0);
        QCOMPARE(model.data(model.index(1, 4)).toString(), QString("100.0 %"));
        QCOMPARE(model.data(model.index(3, 2)).toString(), QString("c1"));
        model.setReport({}, {});
        QCOMPARE(model.rowCount(), 0);
    }

    void barsStackPerRankAndSelectionEmitsTheThread()
    {
        WaitStateView view;
        const Shown s = lateRank();
        view.setReport(s.report, s.trace.ranks, s.wrapperOfRank);
        QCOMPARE(view.plot()->plottableCount(), kWaitPatternCount);
        auto* nxn = qobject_cast<QCPBars*>(view.plot()->plottable(0));
        QVERIFY(nxn);
        QCOMPARE(nxn->data()->size(), 4);
        QCOMPARE((nxn->data()->begin() + 0)->value, 5.0); // µs
        QCOMPARE((nxn->data()->begin() + 2)->value, 0.0);
        QVERIFY(view.summary().contains("10 collective instances"));

        QSignalSpy threads(&view, &WaitStateView::threadSelected);
        QSignalSpy ranks(&view, &WaitStateView::rankSelected);
        view.selectRank(3);
        QCOMPARE(ranks.size(), 1);
        QCOMPARE(ranks.at(0).at(0).toInt(), 3);
        QCOMPARE(threads.size(), 1);
        QCOMPARE(threads.at(0).at(0).toInt(), s.wrapperOfRank[3]);
        QVERIFY(s.wrapperOfRank[3] >= 0);
    }

    void clearedViewSaysWhy()
    {
        WaitStateView view;
        const Shown s = lateRank();
        view.setReport(s.report, s.trace.ranks, s.wrapperOfRank);
        view.clear("This run has no MPI data.");
        QCOMPARE(view.model()->rowCount(), 0);
        QCOMPARE(view.plot()->plottableCount(), 0);
        QCOMPARE(view.summary(), QString("This run has no MPI data."));
    }

    void rendersToPng()
    {
        WaitStateView view;
        const Shown s = lateRank();
        view.setReport(s.report, s.trace.ranks, s.wrapperOfRank);
        view.resize(900, 640);
        view.show();
        view.selectRank(2);
        QTemporaryDir dir;
        const QString path = qEnvironmentVariableIsSet("XYLEM_WAITSTATE_PNG")
                                 ? qEnvironmentVariable("XYLEM_WAITSTATE_PNG")
                                 : dir.filePath("waitstates.png");
        const QImage image = view.grab().toImage();
        QVERIFY(image.save(path));
        QCOMPARE(image.width(), 900);
        QVERIFY(!image.isNull());
    }
};

QTEST_MAIN(TestWaitStateView)
#include "tst_waitstateview.moc"
