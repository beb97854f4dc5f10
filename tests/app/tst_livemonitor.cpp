// Live ▸ Monitor a Running Program: the window records collectors that attach through the
// address file it has record write, while a program started elsewhere runs; stopped, the
// session keeps the run with the program's calls.

#include "app/gui/mainwindow.h"

#include <QDir>
#include <QListWidget>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <vector>

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
        const QString config = dir.filePath(QStringLiteral("gsum.tree.json"));
        QProcess generate;
        generate.start(QStringLiteral(XYLEM_CLI),
                       {QStringLiteral("generate"), QStringLiteral("--hosts"), QStringLiteral("2"),
                        QStringLiteral("--threads"), QStringLiteral("2")});
        QVERIFY(generate.waitForFinished(10000));
        QFile file(config);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(generate.readAllStandardOutput());
        file.close();

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
        std::vector<std::unique_ptr<QProcess>> collectors;
        for (const QString& host : {QStringLiteral("h0"), QStringLiteral("h1")}) {
            collectors.push_back(std::make_unique<QProcess>());
            collectors.back()->start(QStringLiteral(XYLEM_COLLECTOR),
                                     {QStringLiteral("--attach"), attach.addressFile,
                                      QStringLiteral("--host"), host,
                                      QStringLiteral("--ring-prefix"), prefix + host + "-"});
        }
        const auto said = [&status](const char* text) {
            for (const auto& args : status) {
                if (args.first().toString().contains(QLatin1String(text))) {
                    return true;
                }
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(said("nodes up"), 30000); // the status bar's live status

        QProcess gsum;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XYLEM_RING_PREFIX"), prefix + QStringLiteral("{host}-"));
        gsum.setProcessEnvironment(env);
        gsum.start(QStringLiteral(XYLEM_GSUM),
                   {QStringLiteral("launch"), QStringLiteral("--config"), config,
                    QStringLiteral("--iterations"), QStringLiteral("3000")});
        QVERIFY(gsum.waitForFinished(60000));
        QCOMPARE(gsum.exitCode(), 0);
        QVERIFY(shown.wait(15000)); // the growing run is shown
        window.live().stop();
        QVERIFY(finished.wait(30000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(window.runList()->count() == 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.report() && window.report()->calls >= 3000, 15000);
        for (auto& c : collectors) {
            c->kill();
            c->waitForFinished(5000);
        }
        for (const QString& ring : QDir(QStringLiteral("/dev/shm")).entryList({prefix + "*"})) {
            QFile::remove(QStringLiteral("/dev/shm/") + ring);
        }
    }
};

QTEST_MAIN(TestLiveMonitor)
#include "tst_livemonitor.moc"
