// The scope builder in the window, against a real local tree: a design generated over two
// hosts is deployed (xylem-cli record --design through the live controller) and every
// collector's figures arrive on the canvas; tuned (more helper threads, a time-out, a max
// reduce and an equivalence filter) and deployed again, the recording redeploys it while gsum
// keeps running and the filters' results show on their nodes; stopped, the session opens with
// the run.

#include "app/gui/livecontroller.h"
#include "app/gui/mainwindow.h"
#include "app/gui/scopebuilderlink.h"
#include "tests/app/attachedprogram.h"
#include "tests/app/reportingcollectors.h"
#include "tests/support/testpictures.h"
#include "views/scopebuilderpage.h"
#include "views/scopecanvas.h"
#include "views/scopedocument.h"
#include "views/scopenodeitem.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

class TestScopeWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_scopewindow"));
    }

    void aDesignDeploysShowsFiguresAndRedeploys()
    {
        // The window's own link records into <Documents>: here a home of the test's own.
        QTemporaryDir dir;
        qputenv("HOME", dir.path().toUtf8());
        qunsetenv("XDG_CONFIG_HOME");
        const QDir documents(dir.filePath(QStringLiteral("Documents")));
        QVERIFY(documents.mkpath(QStringLiteral(".")));
        gui::MainWindow window;
        window.resize(1200, 750);
        window.show();
        window.showView(gui::MainWindow::View::Scopes);
        auto* page = qobject_cast<views::ScopeBuilderPage*>(
            window.viewWidget(gui::MainWindow::View::Scopes));
        QVERIFY(page);
        auto* link = window.findChild<gui::ScopeBuilderLink*>();
        QVERIFY(link);
        live::DesignSpec spec;
        spec.shape = gather::TopologyShape::Flat;
        spec.hosts.hosts = {"h0", "h1"};
        spec.name = "two hosts";
        QVERIFY(page->generate(spec));
        QVERIFY(page->applyPreset(live::Monitor::Raw));
        QVERIFY(page->document()->issues().empty());

        QSignalSpy status(&window.live(), &gui::LiveController::status);
        QSignalSpy finished(&window.live(), &gui::LiveController::finished);
        QVERIFY(link->deploy(page->document()->design()));
        QTRY_COMPARE_WITH_TIMEOUT(testing::collectorsReporting(*page->document()), 2, 60000);
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-scope-live.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        live::GatherSettings tuned;
        tuned.helperThreads = 4;
        tuned.sync.mode = gather::SyncMode::TimeOut;
        tuned.sync.timeout = std::chrono::seconds(2);
        const int root = page->document()->design().frontEnd()->id;
        QVERIFY(page->document()->setGather(root, tuned));
        live::DesignNode max;
        max.kind = live::DesignNodeKind::Filter;
        max.parent = root;
        max.filter.kind = live::FilterKind::Reduce;
        max.filter.reduce = live::ReduceOperator::Max;
        max.x = -230;
        max.y = -120;
        live::DesignNode classes = max;
        classes.filter = {live::FilterKind::EquivalenceClasses};
        classes.y = -250;
        const int maxId = page->document()->addNode(max).value();
        const int classesId = page->document()->addNode(classes).value();
        QVERIFY(page->document()->issues().empty());
        QVERIFY(link->deploy(page->document()->design()));
        QTRY_VERIFY_WITH_TIMEOUT(testing::statusSaid(status, "redeployed"), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(page->canvas()->itemOf(maxId)->hasOutput() &&
                                     page->canvas()->itemOf(classesId)->hasOutput(),
                                 60000);
        const auto& outputs = page->document()->filterOutputs();
        QVERIFY2(QString::fromStdString(outputs.at(maxId).text).startsWith("written "),
                 outputs.at(maxId).text.c_str());
        QVERIFY2(QString::fromStdString(outputs.at(classesId).text).contains(" %: h"),
                 outputs.at(classesId).text.c_str());
        page->canvas()->fitAll();
        const QString tunedPicture =
            QString::fromStdString(xylem::testing::picturePath("xylem-scope-live-filters.png"));
        QVERIFY(window.grab().save(tunedPicture));
        qInfo("picture: %s", qPrintable(tunedPicture));
        QVERIFY(window.live().running()); // the program kept running

        window.live().stop();
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(window.runList()->count() == 1, 20000);
        QVERIFY(page->document()->figures().empty()); // not deployed any more
        const QStringList recorded =
            documents.entryList({QStringLiteral("xylem-scope-*.xylem")}, QDir::Files);
        QCOMPARE(recorded.size(), 1);
    }
};

QTEST_MAIN(TestScopeWindow)
#include "tst_scopewindow.moc"
