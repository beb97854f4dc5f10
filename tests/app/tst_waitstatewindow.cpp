// The main window's wait-state view: a session whose run 1 holds MPI data (4 ranks, rank 2
// late in every allreduce) shows that run's patterns once it is analysed, selecting a rank there
// highlights its thread in the timemap's signal path, and run 2 (no MPI data) says so.

#include "app/gui/mainwindow.h"
#include "app/gui/runpanel.h"
#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/testpictures.h"
#include "views/waitpatternpanel.h"
#include "views/waitstatemodel.h"
#include "views/waitstateview.h"

#include <QListWidget>
#include <QTableView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

namespace {

QString mpiSession(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("mpi.xylem");
    auto session = store::Session::create(path.toStdString());
    const MpiTrace trace = testing::lateRankTrace(4, 2, 500, 10);
    const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
    for (const char* name : {"late rank", "no MPI data"}) {
        if (!session || !store::importRun(session.value(), run.configuration, run.tuples,
                                          store::RunMetadata{name, "", "test", "", ""})) {
            return {};
        }
    }
    return store::addMpiTrace(session.value(), 1, trace) ? path : QString();
}

} // namespace

class TestWaitStateWindow : public QObject
{
    Q_OBJECT

private slots:
    void showsTheWaitStatesOfAnMpiRun()
    {
        QTemporaryDir dir;
        const QString path = mpiSession(dir);
        QVERIFY(!path.isEmpty());
        gui::MainWindow window;
        window.resize(1100, 700);
        window.show();
        window.openSession(path, 1);
        views::WaitStateView* view = window.waitStates();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 4, 10000);
        QCOMPARE(view->model()->report().of(WaitPattern::WaitAtNxN).mainCause, 2);
        QCOMPARE(gui::MainWindow::viewNamed("waitstates"), gui::MainWindow::View::WaitStates);
        window.showView(gui::MainWindow::View::WaitStates);
        QCOMPARE(window.viewWidget(gui::MainWindow::View::WaitStates), view);

        QSignalSpy threads(view, &views::WaitStateView::threadSelected);
        view->selectRank(2);
        QCOMPARE(threads.size(), 1);
        const int wrapper = threads.first().first().toInt();
        QCOMPARE(window.report()->idOf(wrapper), std::string("r2"));

        // The pattern tab opens on Wait at N x N with its cause, rank 2, first; picking that
        // row selects the same thread.
        views::WaitPatternPanel* panel = view->patternPanel();
        QCOMPARE(panel->pattern(), WaitPattern::WaitAtNxN);
        QCOMPARE(panel->ranks()->model()->index(0, 0).data().toString(), QString("2"));
        view->selectRank(0);
        threads.clear();
        panel->ranks()->setCurrentIndex(panel->ranks()->model()->index(0, 0));
        QCOMPARE(threads.size(), 1);
        QCOMPARE(window.report()->idOf(threads.first().first().toInt()), std::string("r2"));

        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-waitstates-window.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        window.runList()->setCurrentRow(1); // run 2 has no MPI data
        QTRY_VERIFY_WITH_TIMEOUT(view->summary().contains("Run 2 has no MPI data"), 10000);
        QCOMPARE(view->model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestWaitStateWindow)
#include "tst_waitstatewindow.moc"
