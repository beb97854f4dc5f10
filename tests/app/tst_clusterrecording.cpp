// Live ▸ Record on a Cluster as a user meets it: the dialog reads the host file (hosts, clusters
// and threads it names, or the error with its line), refuses a launcher without {host} or
// {command}, a malformed delayed thread or a file that is neither scope nor design, with Record
// disabled and the reason shown; the xylem-cli command line it leads to; a picture of the dialog;
// a real recording through the window on a host file of this machine's names, which the live
// views show as it grows, stopped with the session kept; and an unreachable host, named.

#include "app/gui/clusterrecorddialog.h"
#include "app/gui/languages.h"
#include "app/gui/mainwindow.h"
#include "tests/support/testpictures.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace xylem;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) {
        return {};
    }
    return path;
}

// The Live menu's actions, by their text with the mnemonic removed.
QList<QAction*> liveActions(gui::MainWindow& window)
{
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->text().remove(QLatin1Char('&')) == QLatin1String("Live")) {
            return menu->menu()->actions();
        }
    }
    return {};
}

} // namespace

class TestClusterRecording : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_clusterrecording"));
    }

    void theRequestSaysWhatWasChosen()
    {
        gui::ClusterRecordSettings s;
        s.hostFile = QStringLiteral("/site/hosts");
        s.launcher = QStringLiteral("ssh -F /site/ssh_config {host} {command}");
        s.listen = QStringLiteral("10.0.0.1");
        s.threadsPerHost = 3;
        s.iterations = 5000;
        s.benchmark = QStringLiteral("compute-gsum");
        s.noise = QStringLiteral("node02.t1:200:1");
        s.scope = QStringLiteral("/site/lb.scope.json");
        s.session = QStringLiteral("/site/run.xylem");
        const record::RecordRequest r = gui::clusterRequest(s);
        QCOMPARE(r.tree.hostFile.value_or(""), std::string("/site/hosts"));
        QCOMPARE(r.launcher.value_or(""), std::string("ssh -F /site/ssh_config {host} {command}"));
        QCOMPARE(r.listen, std::string("10.0.0.1"));
        QCOMPARE(r.tree.threads.value_or(0), 3);
        QCOMPARE(r.workload.iterations.value_or(0), 5000);
        QVERIFY(!r.duration);
        QCOMPARE(r.workload.benchmark, std::string("compute-gsum"));
        QCOMPARE(r.workload.noise, std::vector<std::string>{"node02.t1:200:1"});
        QCOMPARE(r.scopeFile.value_or(""), std::string("/site/lb.scope.json"));
        QVERIFY(!r.designFile);
        QCOMPARE(r.runName.value_or(""), std::string("cluster recording"));
        QCOMPARE(r.sessionPath, std::string("/site/run.xylem"));

        // The host file's slots, a duration, no culprit, a design.
        gui::ClusterRecordSettings d;
        d.hostFile = QStringLiteral("h");
        d.durationSeconds = 90;
        d.designFile = QStringLiteral("lb.design.json");
        d.session = QStringLiteral("s.xylem");
        const record::RecordRequest q = gui::clusterRequest(d);
        QVERIFY(!q.tree.threads);
        QCOMPARE(q.launcher.value_or(""), std::string("ssh {host} {command}"));
        QCOMPARE(q.listen, std::string("auto"));
        QVERIFY(!q.workload.iterations);
        QVERIFY(q.duration && *q.duration == std::chrono::seconds(90));
        QCOMPARE(q.workload.benchmark, std::string("gsum"));
        QVERIFY(q.workload.noise.empty());
        QCOMPARE(q.designFile.value_or(""), std::string("lb.design.json"));
        QVERIFY(!q.scopeFile);
    }

    void theDialogChecksWhatItIsGiven()
    {
        QTemporaryDir dir;
        const QString hosts = writeFile(dir, "hosts",
                                        "# two of this machine, two elsewhere\n"
                                        "localhost slots=2 cluster=a\n"
                                        "127.0.0.1 cluster=b\n"
                                        "node[01-02] slots=4 cluster=c\n");
        const QString broken = writeFile(dir, "broken", "node01 slots=2\nnode02 slots=many\n");
        const QString empty = writeFile(dir, "empty", "# nobody\n");
        const QString design = writeFile(dir, "lb.json", R"({"format": "xylem-scope-design/1"})");
        const QString scope = writeFile(dir, "raw.json", R"({"format": "xylem-scope/1"})");
        const QString other = writeFile(dir, "other.json", R"({"format": "xylem-tree/1"})");
        QVERIFY(!hosts.isEmpty() && !broken.isEmpty() && !design.isEmpty() && !other.isEmpty());

        gui::ClusterRecordDialog dialog;
        QPushButton* record = dialog.recordButton();
        QVERIFY(!record->isEnabled()); // no host file yet
        QVERIFY(dialog.problemLabel()->text().contains(QLatin1String("host file")));

        dialog.hostFileField()->setText(hosts);
        QVERIFY2(record->isEnabled(), qPrintable(dialog.problem()));
        QCOMPARE(dialog.hostsLabel()->text(),
                 QStringLiteral("Hosts: 4 · clusters: 3 · threads: 11 · started through the "
                                "launcher: 2"));
        dialog.threadsField()->setValue(3);
        QVERIFY2(dialog.hostsLabel()->text().contains(QStringLiteral("· threads: 12 ·")),
                 qPrintable(dialog.hostsLabel()->text()));

        dialog.hostFileField()->setText(broken);
        QVERIFY(!record->isEnabled());
        QVERIFY2(dialog.hostsLabel()->text().contains(broken + ":2:"),
                 qPrintable(dialog.hostsLabel()->text()));
        QVERIFY(dialog.problem().contains(QLatin1String("not valid")));
        dialog.hostFileField()->setText(empty);
        QVERIFY(!record->isEnabled());
        dialog.hostFileField()->setText(dir.filePath("missing"));
        QVERIFY(!record->isEnabled());
        QVERIFY2(dialog.hostsLabel()->text().contains(QLatin1String("missing")),
                 qPrintable(dialog.hostsLabel()->text()));
        dialog.hostFileField()->setText(hosts);
        QVERIFY(record->isEnabled());

        for (const char* bad : {"ssh {host}", "pdsh {command}", ""}) {
            dialog.launcherField()->setText(QString::fromLatin1(bad));
            QVERIFY2(!record->isEnabled(), bad);
            QVERIFY(dialog.problem().contains(QLatin1String("{command}")));
        }
        dialog.launcherField()->setText(QStringLiteral("ssh -p 2222 {host} {command}"));
        QVERIFY(record->isEnabled());

        dialog.listenField()->setText(QString());
        QVERIFY(!record->isEnabled());
        dialog.listenField()->setText(QStringLiteral("auto"));
        for (const char* bad : {"node02.t1", "node02.t1:x", "node02.t1:200:0", ":200"}) {
            dialog.noiseField()->setText(QString::fromLatin1(bad));
            QVERIFY2(!record->isEnabled(), bad);
        }
        dialog.noiseField()->setText(QStringLiteral("node02.t1:200:4"));
        QVERIFY(record->isEnabled());

        dialog.scopeField()->setText(other);
        QVERIFY(!record->isEnabled());
        QVERIFY(dialog.problem().contains(QLatin1String("neither")));
        dialog.scopeField()->setText(dir.filePath("nowhere.json"));
        QVERIFY(!record->isEnabled());
        dialog.scopeField()->setText(scope);
        QVERIFY(record->isEnabled());
        QCOMPARE(dialog.settings().scope, scope);
        QVERIFY(dialog.settings().designFile.isEmpty());
        dialog.scopeField()->setText(design);
        QVERIFY(record->isEnabled());
        QCOMPARE(dialog.settings().designFile, design);
        QVERIFY(dialog.settings().scope.isEmpty());

        dialog.sessionField()->setText(QString());
        QVERIFY(!record->isEnabled());
        dialog.sessionField()->setText(dir.path()); // a folder, not a file
        QVERIFY(!record->isEnabled());
        dialog.sessionField()->setText(dir.filePath("s.xylem"));
        QVERIFY(record->isEnabled());

        dialog.lengthUnitField()->setCurrentIndex(0); // iterations
        dialog.lengthField()->setValue(20000);
        dialog.benchmarkField()->setCurrentIndex(1);
        const record::RecordRequest r = gui::clusterRequest(dialog.settings());
        QCOMPARE(r.tree.hostFile.value_or(""), hosts.toStdString());
        QCOMPARE(r.launcher.value_or(""), std::string("ssh -p 2222 {host} {command}"));
        QCOMPARE(r.listen, std::string("auto"));
        QCOMPARE(r.tree.threads.value_or(0), 3);
        QCOMPARE(r.workload.iterations.value_or(0), 20000);
        QCOMPARE(r.workload.benchmark, std::string("compute-gsum"));
        QCOMPARE(r.workload.noise, std::vector<std::string>{"node02.t1:200:4"});
        QCOMPARE(r.designFile.value_or(""), design.toStdString());
        dialog.lengthUnitField()->setCurrentIndex(2); // minutes
        dialog.lengthField()->setValue(3);
        QCOMPARE(dialog.settings().iterations, 0);
        QCOMPARE(dialog.settings().durationSeconds, 180);
    }

    // The dialog at its natural size over a 1280x800 window, with a host file chosen and an
    // invalid launcher, so that the hosts line and the reason Record is disabled both show; in
    // English and in each translation (longer labels).
    void aPictureOfTheDialog_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("nb") << QStringLiteral("nb");
    }

    void aPictureOfTheDialog()
    {
        QFETCH(QString, language);
        QCOMPARE(gui::installLanguage(language), language);
        QTemporaryDir dir;
        const QString hosts = writeFile(dir, "cluster.hosts",
                                        "node[01-04] slots=4 cluster=siteA\n"
                                        "gpu[1-2]:2 cluster=siteB\n");
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        gui::ClusterRecordDialog dialog(&window);
        dialog.hostFileField()->setText(hosts);
        dialog.launcherField()->setText(QStringLiteral("ssh {host}"));
        dialog.noiseField()->setText(QStringLiteral("node03.t1:200:1"));
        dialog.show();
        dialog.adjustSize();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY2(dialog.width() <= 1280 && dialog.height() <= 800,
                 qPrintable(QStringLiteral("%1x%2").arg(dialog.width()).arg(dialog.height())));
        QVERIFY(!dialog.recordButton()->isEnabled());
        if (language == QLatin1String("en")) {
            QVERIFY2(dialog.hostsLabel()->text().startsWith(
                         QStringLiteral("Hosts: 6 · clusters: 2 · threads: 20")),
                     qPrintable(dialog.hostsLabel()->text()));
        }
        const QString name =
            language == QLatin1String("en")
                ? QStringLiteral("xylem-cluster-record-dialog.png")
                : QStringLiteral("xylem-cluster-record-dialog-%1.png").arg(language);
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath(name.toStdString()));
        QVERIFY(dialog.grab().save(picture));
        qInfo("picture: %s (%dx%d)", qPrintable(picture), dialog.width(), dialog.height());
        gui::installLanguage(QStringLiteral("en"));
    }

    // A host file of this machine's names: no launcher is used (one that would leave a mark and
    // fail stands there), the run is shown while it records, the menu's starts are disabled
    // meanwhile, and stopping keeps the session with the planted culprit at the path's end.
    void recordsOnTheHostsOfAFile()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("launched"));
        gui::ClusterRecordSettings s;
        s.hostFile =
            writeFile(dir, "hosts", "localhost slots=2 cluster=a\n127.0.0.1 slots=2 cluster=b\n");
        s.launcher = QStringLiteral("echo {host} >> '%1'; exit 7; {command}").arg(marker);
        s.iterations = 100000000; // until stopped
        s.noise = QStringLiteral("localhost.t1:8000:1");
        s.session = dir.filePath(QStringLiteral("new/cluster.xylem")); // its folder is made

        gui::MainWindow window;
        window.resize(1100, 700);
        window.show();
        const QList<QAction*> live = liveActions(window);
        QVERIFY(live.size() >= 4);
        QCOMPARE(live.at(1)->text(), QStringLiteral("Record on a &Cluster…"));
        QVERIFY(live.at(0)->text().contains(QLatin1String("Demo")));
        QVERIFY(live.at(2)->text().contains(QLatin1String("Monitor a Running Program")));
        QVERIFY(live.at(1)->isEnabled());

        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        QSignalSpy finished(&window.live(), &gui::LiveController::finished);
        QSignalSpy status(&window.live(), &gui::LiveController::status);
        window.startClusterRecording(s);
        QVERIFY(shown.wait(60000)); // shown while it records
        QVERIFY2(window.live().running(),
                 qPrintable(finished.isEmpty() ? QString() : finished.first().at(2).toString()));
        QVERIFY(!live.at(1)->isEnabled());
        QVERIFY(!live.at(0)->isEnabled());
        QVERIFY(!status.isEmpty());
        // The status in the user's words (here English), as the recording reports it.
        const auto said = [&status](const QString& start) {
            return std::any_of(status.begin(), status.end(), [&](const QList<QVariant>& line) {
                return line.first().toString().startsWith(start);
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(said(QStringLiteral("Recording: ")), 15000);
        const qint64 whileRunning = window.report()->calls;
        QVERIFY(shown.wait(15000)); // and again, grown
        QVERIFY(window.report()->calls >= whileRunning);
        window.live().stop();
        QVERIFY(finished.wait(30000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!window.live().running() && window.runList()->count() == 1, 10000);
        QVERIFY(live.at(1)->isEnabled());
        // The finished run, read from the session (a stored run's id, not the live one's).
        QTRY_VERIFY_WITH_TIMEOUT(shown.last().at(0).toLongLong() > 0, 10000);
        QVERIFY(window.report()->calls > 0);
        QVERIFY2(window.report()->incompleteCalls <= 1,
                 qPrintable(QString::number(window.report()->incompleteCalls)));
        QCOMPARE(
            QString::fromStdString(window.report()->idOf(window.report()->imbalancePath.back())),
            QStringLiteral("localhost.t1"));
        QVERIFY2(!QFile::exists(marker), "the launcher was used for a host of this machine");
        qInfo("%lld calls recorded; %s", static_cast<long long>(window.report()->calls),
              qPrintable(status.first().first().toString()));
    }

    // Another machine that the launcher cannot reach: the recording ends on its own, in time,
    // and the window is told why, naming the host.
    void anUnreachableHostIsNamed()
    {
        QTemporaryDir dir;
        gui::ClusterRecordSettings s;
        s.hostFile = writeFile(dir, "hosts", "localhost\nxylem-test-node-b slots=2\n");
        s.launcher = QStringLiteral("echo no route to {host} >&2; exit 7; {command}");
        s.iterations = 2000;
        s.session = dir.filePath(QStringLiteral("unreached.xylem"));
        gui::MainWindow window;
        QSignalSpy finished(&window.live(), &gui::LiveController::finished);
        window.startClusterRecording(s);
        QVERIFY(finished.wait(60000));
        QVERIFY(!finished.first().at(1).toBool());
        const QString message = finished.first().at(2).toString();
        QVERIFY2(message.contains(QLatin1String("xylem-test-node-b")), qPrintable(message));
        QVERIFY(!window.live().running());
        qInfo("%s", qPrintable(message));
    }
};

QTEST_MAIN(TestClusterRecording)
#include "tst_clusterrecording.moc"
