// The wait-state view over a hand-made 4-rank trace in which rank 2 enters every allreduce late:
// its model (checked by QAbstractItemModelTester), the stacked bars, rank selection emitting the
// thread-selection signal, and a rendered PNG (XYLEM_WAITSTATE_PNG names where, else a temp file).

#include "core/analysis/waitstates.h"
#include "core/model/mpiruns.h"
#include "tests/support/mpitracebuilder.h"
#include "views/waitpatternpanel.h"
#include "views/waitstatemodel.h"
#include "views/waitstateview.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardItemModel>
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

// Rank 3 sends late to rank 1's Waitall (Late Sender, 2 µs, across clusters); rank 0's Ssend
// waits 1 µs for rank 1's late Recv (Late Receiver); ranks 0 and 1 wait at a barrier of
// communicator 5 for rank 1.
Shown plantedPointToPoint()
{
    testing::MpiTraceBuilder b;
    b.rank("a", "c0").rank("b", "c0").rank("c", "c1").rank("d", "c1").world();
    b.communicator(5, "pair", {0, 1});
    b.p2p(1, MpiCall::Irecv, 3, 7, 0, 10);
    b.p2p(1, MpiCall::Irecv, 0, 7, 10, 20);
    b.completion(1, MpiCall::Waitall, MpiCompletion::Receive, 3, 7, 100, 3000);
    b.completion(1, MpiCall::Waitall, MpiCompletion::Receive, 0, 7, 100, 3000);
    b.p2p(3, MpiCall::Send, 1, 7, 2100, 2110);
    b.p2p(0, MpiCall::Send, 1, 7, 50, 60);
    b.p2p(0, MpiCall::Ssend, 1, 8, 4000, 5500);
    b.p2p(1, MpiCall::Recv, 0, 8, 5000, 5600);
    b.collective(0, MpiCall::Barrier, 0, 6000, 6400, -1, 5);
    b.collective(1, MpiCall::Barrier, 0, 6300, 6400, -1, 5);
    Shown s;
    s.trace = b.trace();
    s.report = analyzeWaitStates(s.trace).value();
    s.wrapperOfRank = {-1, -1, -1, -1};
    return s;
}

QString cell(const QTableView* table, int row, int column)
{
    return table->model()->index(row, column).data().toString();
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

    // Pick a pattern: its ranks (who waited, who caused it, the causes first), call sites and
    // communicators; a rank picked there is the view's rank selection.
    void pickingAPatternShowsItsRanksAndCallSites()
    {
        WaitStateView view;
        const Shown s = plantedPointToPoint();
        view.setReport(s.report, s.trace.ranks, s.wrapperOfRank);
        WaitPatternPanel* panel = view.patternPanel();
        QCOMPARE(panel->patterns()->model()->rowCount(), kWaitPatternCount);
        QCOMPARE(panel->pattern(), WaitPattern::LateSender); // the most waiting
        QCOMPARE(cell(panel->patterns(), int(WaitPattern::LateReceiver), 0),
                 QString("Late Receiver"));
        QCOMPARE(cell(panel->patterns(), int(WaitPattern::LateSender), 4), QString("rank 3"));
        QVERIFY2(panel->heading().startsWith("Late Sender: 2.000 µs waited in 1 call, 100.0 %"),
                 qPrintable(panel->heading()));
        QTableView* ranks = panel->ranks();
        QCOMPARE(ranks->model()->rowCount(), 2); // rank 3 caused, rank 1 waited
        QCOMPARE(cell(ranks, 0, WaitPatternPanel::RankId), QString("3"));
        QCOMPARE(ranks->model()
                     ->index(0, WaitPatternPanel::Caused)
                     .data(WaitPatternPanel::kRawRole)
                     .toDouble(),
                 2000.0);
        QCOMPARE(cell(ranks, 1, WaitPatternPanel::RankId), QString("1"));
        QCOMPARE(cell(ranks, 1, WaitPatternPanel::GridShare), QString("100.0 %"));
        QCOMPARE(panel->callSites()->model()->rowCount(), 1);
        QCOMPARE(cell(panel->callSites(), 0, 0), QString("MPI_Waitall"));
        QCOMPARE(cell(panel->callSites(), 0, 3), QString("1")); // one call, not two requests

        panel->patterns()->setCurrentIndex(
            panel->patterns()->model()->index(int(WaitPattern::LateReceiver), 0));
        QCOMPARE(panel->pattern(), WaitPattern::LateReceiver);
        QCOMPARE(cell(panel->callSites(), 0, 0), QString("MPI_Ssend"));
        QCOMPARE(cell(panel->ranks(), 0, WaitPatternPanel::RankId), QString("1"));

        panel->showPattern(WaitPattern::WaitAtBarrier);
        QCOMPARE(panel->communicators()->model()->rowCount(), 1);
        QCOMPARE(cell(panel->communicators(), 0, 0), QString("5"));
        QCOMPARE(cell(panel->communicators(), 0, 1), QString("300.0 ns"));

        QSignalSpy picked(&view, &WaitStateView::rankSelected);
        panel->ranks()->setCurrentIndex(panel->ranks()->model()->index(0, 0));
        QCOMPARE(picked.size(), 1);
        QCOMPARE(picked.at(0).at(0).toInt(), 1);

        view.clear("gone");
        QCOMPARE(panel->ranks()->model()->rowCount(), 0);
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
