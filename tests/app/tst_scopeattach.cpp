// Deploy to a Running Program (issue 10): the scope builder's design becomes the gather tree of
// a program started elsewhere. The link runs `xylem-cli record --attach ADDRESSFILE --config F
// --design D --figures-json`; collectors started by hand attach through the address file, the
// program (xylem-gsum) runs, and every collector's figures arrive on the canvas. A changed
// design (another buffer policy) deployed again is redeployed while the program keeps running;
// stopped, the session has the run with both designs linked to it.

#include "app/gui/livecontroller.h"
#include "app/gui/mainwindow.h"
#include "app/gui/scopebuilderlink.h"
#include "core/live/designstore.h"
#include "core/model/configurationjson.h"
#include "tests/app/attachedprogram.h"
#include "tests/app/reportingcollectors.h"
#include "tests/support/testpictures.h"
#include "views/scopebuilderpage.h"
#include "views/scopedocument.h"

#include <QDir>
#include <QListWidget>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

class TestScopeAttach : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_scopeattach"));
    }

    void aDesignDeploysToARunningProgramAndRedeploys()
    {
        QTemporaryDir dir;
        const QString config = testing::writeGeneratedConfiguration(dir, QStringLiteral(XYLEM_CLI));
        QVERIFY(!config.isEmpty());
        auto configuration = readConfigurationFile(config.toStdString());
        QVERIFY2(configuration, configuration ? "" : configuration.error().describe().c_str());
        gui::MainWindow window;
        window.resize(1200, 750);
        window.show();
        window.showView(gui::MainWindow::View::Scopes);
        auto* page = qobject_cast<views::ScopeBuilderPage*>(
            window.viewWidget(gui::MainWindow::View::Scopes));
        auto* link = window.findChild<gui::ScopeBuilderLink*>();
        QVERIFY(page && link);
        live::DesignSpec spec;
        spec.shape = gather::TopologyShape::Flat;
        spec.hosts = live::hostsOfConfiguration(configuration.value());
        spec.hosts.clusters.clear();
        spec.name = "attached";
        QVERIFY(page->generate(spec));
        QVERIFY(page->applyPreset(live::Monitor::Raw));
        QVERIFY(page->document()->issues().empty());

        QSignalSpy status(&window.live(), &gui::LiveController::status);
        QSignalSpy finished(&window.live(), &gui::LiveController::finished);
        gui::AttachSettings attach;
        attach.configuration = config;
        attach.addressFile = dir.filePath(QStringLiteral("tree.address"));
        attach.durationSeconds = 240;
        attach.session = dir.filePath(QStringLiteral("attached.xylem"));
        QVERIFY(link->deployToProgram(page->document()->design(), attach));
        QVERIFY(!page->deployToProgramAction()->isEnabled()); // deployed: Deploy redeploys
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(attach.addressFile), 20000);

        const QString prefix =
            QStringLiteral("xylem-test-scopeattach-%1-").arg(QCoreApplication::applicationPid());
        QStringList hosts;
        for (const std::string& host : spec.hosts.hosts) {
            hosts << QString::fromStdString(host);
        }
        const testing::AttachedCollectors collectors(QStringLiteral(XYLEM_COLLECTOR),
                                                     attach.addressFile, hosts, prefix);
        QTRY_VERIFY_WITH_TIMEOUT(testing::statusSaid(status, "nodes up"), 60000);
        QProcess gsum;
        testing::startProgram(gsum, QStringLiteral(XYLEM_GSUM), config, prefix, 100000000);
        QTRY_COMPARE_WITH_TIMEOUT(testing::collectorsReporting(*page->document()), 2, 60000);
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-scope-attached.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        live::RingSettings ring;
        ring.bufferPolicy = "replace-read";
        for (const live::DesignNode& n : live::ScopeDesign(page->document()->design()).nodes) {
            if (n.kind == live::DesignNodeKind::Collector) {
                QVERIFY(page->document()->setRing(n.id, ring));
            }
        }
        emit page->deployRequested(page->document()->design()); // the Redeploy button
        QTRY_VERIFY_WITH_TIMEOUT(testing::statusSaid(status, "redeployed"), 60000);
        QCOMPARE(gsum.state(), QProcess::Running); // the program kept running
        QTRY_COMPARE_WITH_TIMEOUT(testing::collectorsReporting(*page->document()), 2, 30000);

        gsum.terminate();
        gsum.waitForFinished(20000);
        window.live().stop();
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QVERIFY(page->document()->figures().empty());
        auto session =
            store::Session::open(attach.session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session);
        auto used = live::designsOfRun(session.value(), 1);
        QVERIFY2(used, used ? "" : used.error().describe().c_str());
        QCOMPARE(used->size(), size_t(2));
        QCOMPARE(used->at(1).design.nodes, page->document()->design().nodes);
    }
};

QTEST_MAIN(TestScopeAttach)
#include "tst_scopeattach.moc"
