// What the user changes in a session from the window: a run renamed (F2 and its dialog) and
// notes typed are written to the file; Save As copies the session and opens the copy; Cancel
// drops the analysis under way; the views are docks that can be raised, torn off and hidden.

#include "app/gui/mainwindow.h"
#include "app/gui/runpanel.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "tests/app/examplesession.h"
#include "tests/support/testdata.h"

#include <QDockWidget>
#include <QInputDialog>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include <vector>

using namespace xylem;

namespace {

store::RunInfo storedRun(const QString& path, qint64 run)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    return session ? store::runInfo(session.value(), run).value() : store::RunInfo{};
}

// Opens path in window and waits for its first run to be shown.
bool openAndShow(gui::MainWindow& window, const QString& path)
{
    QSignalSpy shown(&window, &gui::MainWindow::reportShown);
    window.openSession(path);
    return shown.wait(10000);
}

// A view's dock, by the view's name ("tree", "timeline", ...: MainWindow::viewNamed).
QDockWidget* viewDock(const gui::MainWindow& window, const QString& view)
{
    return window.findChild<QDockWidget*>(QStringLiteral("view-") + view);
}

// The title on the current tab of the tabbed views: the view the user sees.
QString raisedView(const gui::MainWindow& window)
{
    QWidget* area = viewDock(window, QStringLiteral("tree"))->parentWidget();
    // The main window's own tab bars of tabbed docks, not the tabs inside a view (the Wait
    // states view has its own).
    for (const QTabBar* tabs : area->findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (tabs->isVisible() && tabs->count() > 1) {
            return tabs->tabText(tabs->currentIndex());
        }
    }
    return {};
}

} // namespace

class TestSessionEdits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sessionedits"));
    }

    void renamingARunWritesTheSession()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        gui::MainWindow window;
        window.show();
        QVERIFY(openAndShow(window, path));
        QSignalSpy renamed(&window.controller(), &gui::SessionController::runRenamed);
        // The rename dialog is modal: answer it once it is up.
        QTimer::singleShot(0, &window, [] {
            QTRY_VERIFY(qobject_cast<QInputDialog*>(QApplication::activeModalWidget()));
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            dialog->setTextValue(QStringLiteral("before the fix"));
            dialog->accept();
        });
        window.runList()->setFocus();
        QTest::keyClick(window.runList(), Qt::Key_F2);
        QVERIFY(renamed.wait(10000));
        QCOMPARE(renamed.first().at(0).value<gui::RunKey>(), (gui::RunKey{path, 1}));
        QCOMPARE(storedRun(path, 1).metadata.name, std::string("before the fix"));
        QVERIFY(window.runList()->item(0)->text().contains(QStringLiteral("before the fix")));
    }

    void notesAreKeptOnceTypingPauses()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        gui::MainWindow window;
        window.show();
        QVERIFY(openAndShow(window, path));
        QSignalSpy kept(&window.controller(), &gui::SessionController::runNotesKept);
        QTest::keyClicks(window.runPanel()->notes(), QStringLiteral("rank2 was late"));
        QVERIFY(kept.wait(10000));
        QCOMPARE(kept.count(), 1); // once, after the pause, not per key
        QCOMPARE(storedRun(path, 1).metadata.notes, std::string("rank2 was late"));
        // Another run shows its own (empty) notes; coming back shows the kept ones.
        window.runList()->setCurrentRow(1);
        QVERIFY(window.runPanel()->notes()->toPlainText().isEmpty());
        window.runList()->setCurrentRow(0);
        QCOMPARE(window.runPanel()->notes()->toPlainText(), QStringLiteral("rank2 was late"));
    }

    void saveAsCopiesAndOpensTheCopy()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        const QString copy = dir.filePath(QStringLiteral("copy.xylem"));
        gui::MainWindow window;
        window.show();
        QVERIFY(openAndShow(window, path));
        QSignalSpy opened(&window.controller(), &gui::SessionController::sessionOpened);
        window.saveSessionAs(copy);
        QVERIFY(opened.wait(10000));
        QCOMPARE(opened.first().at(0).toString(), copy);
        QCOMPARE(window.controller().sessionPath(), copy);
        QCOMPARE(window.runList()->count(), 2);
        QVERIFY(window.windowTitle().contains(QStringLiteral("copy.xylem")));
        QCOMPARE(storedRun(copy, 2).metadata.name, std::string("flat-mpi"));

        QSignalSpy failed(&window.controller(), &gui::SessionController::failed);
        window.saveSessionAs(copy); // onto itself
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.first().first().toString().contains(QStringLiteral("already saved")),
                 qPrintable(failed.first().first().toString()));
    }

    void cancelDropsTheAnalysisUnderWay()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        gui::MainWindow window;
        window.show();
        QVERIFY(openAndShow(window, path));
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        QSignalSpy busy(&window.controller(), &gui::SessionController::busy);
        window.controller().analyzeRun(2);
        auto* cancel = window.findChild<QToolButton*>(QStringLiteral("cancel"));
        QVERIFY(cancel);
        QVERIFY(cancel->isVisibleTo(&window));
        cancel->click();
        QVERIFY(!cancel->isVisibleTo(&window));
        QCOMPARE(busy.last().first().toBool(), false);
        // The dropped analysis would have reported by now; a report that comes fails at once.
        QVERIFY(!shown.wait(500));
        QCOMPARE(shown.count(), 0);
        QCOMPARE(window.report()->calls, 3); // still run 1's
    }

    void viewsAreDocksThatCanBeRaisedTornOffAndHidden()
    {
        gui::MainWindow window;
        window.resize(1000, 700);
        window.show();
        using View = gui::MainWindow::View;
        QDockWidget* tree = viewDock(window, QStringLiteral("tree"));
        QVERIFY(tree);
        // Every view of MainWindow::View in a dock of its own, and the runs' dock.
        const std::vector<const char*> views{
            "overview",   "tree",   "timemap", "serialization", "comparison", "timeline", "tables",
            "waitstates", "scopes", "clocks",  "monitors",      "call",       "overtime"};
        QCOMPARE(window.findChildren<QDockWidget*>().size(), qsizetype(views.size() + 1));
        for (const char* name : views) {
            const auto v = gui::MainWindow::viewNamed(QLatin1String(name));
            QVERIFY2(v && viewDock(window, QLatin1String(name)), name);
            window.showView(*v);
            QCOMPARE(window.currentView(), *v);
            QCOMPARE(window.viewWidget(*v), viewDock(window, QLatin1String(name))->widget());
            QTRY_COMPARE(raisedView(window), viewDock(window, QLatin1String(name))->windowTitle());
        }
        QDockWidget* timeline = viewDock(window, QStringLiteral("timeline"));
        timeline->setFloating(true);
        window.showView(View::Tree);
        QTRY_COMPARE(raisedView(window), tree->windowTitle());
        QVERIFY(window.viewWidget(View::Timeline)->isVisible()); // beside it, in its own window
        timeline->toggleViewAction()->trigger();
        QTRY_VERIFY(!window.viewWidget(View::Timeline)->isVisible());
        QCOMPARE(gui::MainWindow::viewNamed(QStringLiteral("timeline")), View::Timeline);
        QVERIFY(!gui::MainWindow::viewNamed(QStringLiteral("nope")));
    }
};

QTEST_MAIN(TestSessionEdits)
#include "tst_sessionedits.moc"
