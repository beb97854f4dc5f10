// Live ▸ Monitor a Running Program: the window records collectors that attach through the
// address file it has record write, while a program started elsewhere runs; stopped, the
// session keeps the run with the program's calls.

#include "app/gui/mainwindow.h"
#include "tests/app/attachedprogram.h"

#include <QListWidget>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

class TestLiveMonitor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_livemonitor"));
    }

    void recordsAProgramStartedElsewhere()
    {
        QTemporaryDir dir;
        const QString config = testing::writeGeneratedConfiguration(dir, QStringLiteral(XYLEM_CLI));
        QVERIFY(!config.isEmpty());

        gui::MainWindow window;
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        QSignalSpy finished(&window.live(), &gui::LiveController::finished);
        QSignalSpy status(&window.live(), &gui::LiveController::status);
        gui::AttachSettings attach;
        attach.configuration = config;
        attach.addressFile = dir.filePath(QStringLiteral("tree.address"));
        attach.durationSeconds = 120;
        attach.session = dir.filePath(QStringLiteral("monitored.xylem"));
        window.startMonitoring(attach);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(attach.addressFile), 15000);

        const QString prefix =
            QStringLiteral("xylem-test-monitor-%1-").arg(QCoreApplication::applicationPid());
        const testing::AttachedCollectors collectors(
            QStringLiteral(XYLEM_COLLECTOR), attach.addressFile,
            {QStringLiteral("h0"), QStringLiteral("h1")}, prefix);
        // The status bar's live status.
        QTRY_VERIFY_WITH_TIMEOUT(testing::statusSaid(status, "nodes up"), 30000);

        QProcess gsum;
        testing::startProgram(gsum, QStringLiteral(XYLEM_GSUM), config, prefix, 3000);
        QVERIFY(gsum.waitForFinished(60000));
        QCOMPARE(gsum.exitCode(), 0);
        QVERIFY(shown.wait(15000)); // the growing run is shown
        window.live().stop();
        QVERIFY(finished.wait(30000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(window.runList()->count() == 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.report() && window.report()->calls >= 3000, 15000);
    }
};

QTEST_MAIN(TestLiveMonitor)
#include "tst_livemonitor.moc"
