// The GUI's busy bar counts where the work can be counted (issue 20): analysing a stored run
// reports the share of its chunks read, rising, from the worker thread to the GUI thread, then
// -1 while the engine works; the bar shows "reading N%" or Qt's moving bar. A picture of the
// bar at a percentage is saved.

#include "app/gui/busybar.h"
#include "app/gui/sessioncontroller.h"
#include "core/model/treegenerator.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "tests/support/testpictures.h"
#include "tests/support/tracesimulator.h"

#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace xylem;
using namespace xylem::gui;

class TestBusyBar : public QObject
{
    Q_OBJECT

private slots:
    void analysisReportsTheChunksRead()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.xylem"));
        const auto config = generateTree(TreeSpec{"t", parseHostList("4").value(), 4,
                                                  TreeShape::HierarchyAware, 2, RootKind::Core})
                                .value();
        testing::SimulationSpec spec;
        spec.calls = 16'000;
        const auto tuples = testing::simulateTrace(config, spec);
        QVERIFY2(tuples.size() > 5 * store::kTuplesPerChunk,
                 qPrintable(QString::number(tuples.size())));
        std::int64_t run = 0;
        {
            auto session = store::Session::create(path.toStdString());
            QVERIFY(session);
            auto id = store::importRun(session.value(), config, tuples,
                                       store::RunMetadata{"big", "", "test", "", ""});
            QVERIFY(id);
            run = id.value();
        }
        SessionController controller;
        QSignalSpy opened(&controller, &SessionController::sessionOpened);
        controller.openSession(path);
        QVERIFY(opened.wait(20'000));

        QProgressBar bar;
        followProgress(&bar, &controller);
        QList<int> seen;
        QList<bool> onGuiThread;
        connect(&controller, &SessionController::progress, this, [&](int percent) {
            seen << percent;
            onGuiThread << (QThread::currentThread() == qApp->thread());
            if (percent >= 0) {
                QCOMPARE(bar.maximum(), 100);
                QCOMPARE(bar.value(), percent);
            }
        });
        QSignalSpy analysed(&controller, &SessionController::reportAvailable);
        controller.analyzeRun(run);
        QCOMPARE(bar.maximum(), 0); // moving until the first count
        QVERIFY(analysed.wait(60'000));
        QVERIFY2(seen.size() >= 4, qPrintable(QString::number(seen.size())));
        QCOMPARE(seen.last(), -1); // all read: the engine's part is not counted
        QCOMPARE(bar.maximum(), 0);
        for (qsizetype i = 0; i + 1 < seen.size(); ++i) {
            QVERIFY(seen[i] >= 0 && seen[i] <= 99);
            QVERIFY(i == 0 || seen[i] > seen[i - 1]); // rising, each percent once
        }
        QVERIFY(!onGuiThread.contains(false));
    }

    void barShowsThePercent()
    {
        QProgressBar bar;
        bar.resize(160, 22);
        showProgress(bar, 45);
        QCOMPARE(bar.value(), 45);
        QCOMPARE(bar.text(), QStringLiteral("reading 45%"));
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-busybar.png"));
        QVERIFY(bar.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
        showProgress(bar, -1);
        QCOMPARE(bar.maximum(), 0);
        QCOMPARE(bar.minimum(), 0);
    }
};

QTEST_MAIN(TestBusyBar)
#include "tst_busybar.moc"
