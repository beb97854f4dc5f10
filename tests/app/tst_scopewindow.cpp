// The scope builder in the window, against a real local tree: a design generated over two
// hosts is deployed (xylem-cli record --design through the live controller) and every
// collector's figures arrive on the canvas; tuned (more helper threads, a time-out) and
// deployed again, the recording redeploys it while gsum keeps running; stopped, the session
// opens with the run.

#include "app/gui/livecontroller.h"
#include "app/gui/mainwindow.h"
#include "app/gui/scopebuilderlink.h"
#include "tests/app/reportingcollectors.h"
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
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("scope.xylem"));
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
        gui::ScopeBuilderLink custom(page, &window.live(), [session] { return session; });
        QVERIFY(custom.deploy(page->document()->design()));
        QTRY_COMPARE_WITH_TIMEOUT(testing::collectorsReporting(*page->document()), 2, 60000);
        const QString picture = QDir::temp().filePath(QStringLiteral("xylem-scope-live.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        live::GatherSettings tuned;
        tuned.helperThreads = 4;
        tuned.sync.mode = gather::SyncMode::TimeOut;
        tuned.sync.timeout = std::chrono::seconds(2);
        QVERIFY(page->document()->setGather(page->document()->design().frontEnd()->id, tuned));
        QVERIFY(custom.deploy(page->document()->design()));
        const auto redeployed = [&status] {
            for (const QList<QVariant>& s : status) {
                if (s.first().toString().contains(QStringLiteral("redeployed"))) {
                    return true;
                }
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(redeployed(), 60000);
        QVERIFY(window.live().running()); // the program kept running

        window.live().stop();
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(window.runList()->count() == 1, 20000);
        QVERIFY(page->document()->figures().empty()); // not deployed any more
    }
};

QTEST_MAIN(TestScopeWindow)
#include "tst_scopewindow.moc"
