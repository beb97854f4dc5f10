// The Monitors view in the main window (issue 22, item 3): opening a session recorded live with
// the load-balance and statistics monitors, the view of the open run has its collectors and
// statistics; the view is named "monitors" (xylem --tab monitors). A picture at 1280x800.

#include "app/gui/mainwindow.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/testpictures.h"
#include "views/monitors/monitorsview.h"
#include "views/monitors/monitortablemodel.h"

using namespace xylem;
using namespace xylem::testing;

class TestMonitorWindow : public QObject
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

    void theMainWindowShowsTheOpenRunsMonitors()
    {
        QCOMPARE(gui::MainWindow::viewNamed("monitors"), gui::MainWindow::View::Monitors);
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.openSession(m_session, 1);
        auto* view =
            qobject_cast<views::MonitorsView*>(window.viewWidget(gui::MainWindow::View::Monitors));
        QVERIFY(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->collectors()->rowCount(), 2, 20000);
        QVERIFY(view->statistics()->rowCount() > 0);
        window.showView(gui::MainWindow::View::Monitors);
        QCOMPARE(window.currentView(), gui::MainWindow::View::Monitors);
        const QString file = QString::fromStdString(picturePath("xylem-monitors-window.png"));
        QVERIFY(window.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }

private:
    QTemporaryDir m_dir;
    QString m_session;
};

QTEST_MAIN(TestMonitorWindow)
#include "tst_monitorwindow.moc"
