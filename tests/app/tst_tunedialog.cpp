// Tune ▸ Find a Faster Tree: the dialog runs the real tuner on a worker thread (real recordings
// of xylem-gsum into a real session) while its table fills in live, one row per try; Stop ends
// the try under way and keeps its run. A 1280x800 picture of the finished table is left for a
// person to look at.

#include "app/gui/mainwindow.h"
#include "app/gui/tunedialog.h"
#include "core/model/treegenerator.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/support/testpictures.h"

#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

namespace {

// Two hosts of one cluster, two threads each, as generated: the tuner's neighbours are the
// moves the analysis of such a tree points at.
Configuration start()
{
    return generateTree(
               TreeSpec{"two hosts", {{"A", "c0"}, {"B", "c0"}}, 2, TreeShape::HierarchyAware})
        .value();
}

} // namespace

class TestTuneDialog : public QObject
{
    Q_OBJECT

private slots:
    void tableFillsInAsTheTunerTries()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("tune.xylem");
        gui::TuneDialog dialog(start(), session);
        dialog.setIterations(150);
        dialog.setMaxTries(3);
        dialog.resize(1280, 800);
        dialog.show();
        QSignalSpy finished(&dialog, &gui::TuneDialog::finished);
        QSignalSpy rows(dialog.tries(), &QAbstractItemModel::rowsInserted);
        dialog.startTuning();
        QVERIFY(dialog.running());
        // The start's row comes while it records, before anything has finished.
        QVERIFY(rows.wait(20000));
        QCOMPARE(finished.count(), 0);
        QVERIFY(finished.wait(90000));
        const qint64 bestRun = finished.first().first().toLongLong();
        QVERIFY2(bestRun > 0, qPrintable(dialog.summary()));
        QVERIFY(!dialog.running());

        const gui::TuneTriesModel& model = *dialog.tries();
        QVERIFY(model.rowCount() >= 2 && model.rowCount() <= 3);
        auto s = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(s.ok());
        auto runs = store::listRuns(s.value());
        QVERIFY(runs.ok());
        QCOMPARE(int(runs->size()), model.rowCount());
        for (int row = 0; row < model.rowCount(); ++row) {
            const tune::TuneTry& t = model.attempt(row);
            QVERIFY(t.result);
            QCOMPARE(QString::fromStdString((*runs)[size_t(row)].metadata.name),
                     QString::fromStdString(t.label));
            QCOMPARE(model.data(model.index(row, gui::TuneTriesModel::Run)).toLongLong(),
                     (*runs)[size_t(row)].id);
            QVERIFY(!model.data(model.index(row, gui::TuneTriesModel::Mean)).toString().isEmpty());
        }
        QCOMPARE(model.data(model.index(0, gui::TuneTriesModel::Outcome)).toString(),
                 QStringLiteral("start"));
        QVERIFY(!model.data(model.index(1, gui::TuneTriesModel::Speedup)).toString().isEmpty());
        QVERIFY2(dialog.summary().startsWith("Best: ") && dialog.summary().contains("Ended: "),
                 qPrintable(dialog.summary()));

        QCOMPARE(dialog.size(), QSize(1280, 800));
        const QString picture =
            QString::fromStdString(testing::picturePath("xylem-tune-dialog.png"));
        QVERIFY(dialog.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));
    }

    void stopEndsTheTryUnderWayAndKeepsItsRun()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("tune.xylem");
        gui::TuneDialog dialog(start(), session);
        dialog.setIterations(1 << 20); // far longer than the test waits
        QSignalSpy finished(&dialog, &gui::TuneDialog::finished);
        QSignalSpy rows(dialog.tries(), &QAbstractItemModel::rowsInserted);
        dialog.startTuning();
        QVERIFY(rows.wait(20000));
        dialog.stopTuning();
        QVERIFY(finished.wait(60000));
        QCOMPARE(dialog.tries()->rowCount(), 1);
        QVERIFY(!dialog.running());
    }

    void theWindowOffersItInTheTuneMenu()
    {
        gui::MainWindow window;
        QAction* tune = nullptr;
        for (QAction* menu : window.menuBar()->actions()) {
            if (menu->text() == QStringLiteral("T&une")) {
                tune = menu;
            }
        }
        QVERIFY(tune && tune->menu());
        const auto actions = tune->menu()->actions();
        QVERIFY(std::any_of(actions.begin(), actions.end(), [](QAction* a) {
            return a->text() == QStringLiteral("&Find a Faster Tree…");
        }));
    }

    void badLinkIsRefusedNamingIt()
    {
        QTemporaryDir dir;
        gui::TuneDialog dialog(start(), dir.filePath("tune.xylem"));
        dialog.setClusterLink("2 parsecs");
        dialog.startTuning();
        QVERIFY(!dialog.running());
        QVERIFY2(dialog.summary().contains("2 parsecs"), qPrintable(dialog.summary()));
        QVERIFY(!QFile::exists(dir.filePath("tune.xylem")));
    }
};

QTEST_MAIN(TestTuneDialog)
#include "tst_tunedialog.moc"
