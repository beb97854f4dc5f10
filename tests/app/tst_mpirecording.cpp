// Live ▸ Record an MPI Program as a user runs it: a real mpirun of 4 ranks of xylem-mpiloop
// (two "hosts" of two ranks, rank 2 late) recorded by the window through LiveController, in its
// own process (core/record's MpiRecording, as xylem-cli mpi records it). The status line follows
// the recording; when it ends the window opens the session and shows the MPI run: the weighted
// tree's imbalance path ends at rank 2, the wait-state view names rank 2 the main cause of Wait at
// N×N, and its clock table lists both hosts' clock models as the recording stored them.

#include "app/gui/mainwindow.h"
#include "app/gui/mpirecorddialog.h"
#include "app/gui/recordingtext.h"
#include "core/model/mpiruns.h"
#include "views/clockskewmodel.h"
#include "views/clockskewview.h"
#include "views/waitstatemodel.h"
#include "views/waitstateview.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

class TestMpiRecording : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mpirecording"));
    }

    void dialogOffersTheBuiltLoop()
    {
        gui::MpiRecordDialog dialog;
        const gui::MpiRecordSettings s = dialog.settings();
        QCOMPARE(s.command.value(0), QStringLiteral("mpirun"));
        QVERIFY2(s.command.contains(QStringLiteral(XYLEM_MPILOOP)),
                 qPrintable(s.command.join(' ')));
        QCOMPARE(s.command.mid(s.command.indexOf(QStringLiteral("-np")), 2),
                 QStringList({QStringLiteral("-np"), QStringLiteral("4")}));
        QCOMPARE(s.shape, QStringLiteral("hierarchy"));
        QVERIFY(s.session.endsWith(QStringLiteral(".xylem")));
    }

    void recordsAndShowsTheMpiRun()
    {
        QTemporaryDir dir;
        gui::MainWindow window;
        window.show();
        QSignalSpy finished(&window.live(), &gui::LiveController::finished);
        QSignalSpy status(&window.live(), &gui::LiveController::status);
        // 20 ms late: 4 busy-polling ranks on 2 cores beside other suites leave an Allreduce's
        // ranks up to 10-15 ms apart (100 ms at worst), and a rank 2 ms late failed to end the
        // imbalance path at load 10-13; 20 ms late it was the last to arrive in every call.
        constexpr int kIterations = 150;
        const QStringList loop{QStringLiteral(XYLEM_MPILOOP),
                               "--iterations",
                               QString::number(kIterations),
                               "--late-rank",
                               "2",
                               "--late-us",
                               "20000"};
        gui::MpiRecordSettings s;
        s.command = QStringList{"mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2",
                                "-x",     "XYLEM_MPI_HOST=hosta"} +
                    loop + QStringList{":", "-np", "2", "-x", "XYLEM_MPI_HOST=hostb"} + loop;
        s.shape = QStringLiteral("flat");
        s.session = dir.filePath(QStringLiteral("mpi.xylem"));
        window.startMpiRecording(s);
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QVERIFY(!status.isEmpty());
        QCOMPARE(status.first().first().toString(),
                 gui::RecordingText::phase(record::Phase::StartingTree));
        const QString recording = gui::RecordingText::mpiStatus(0, 0, 0).section(':', 0, 0);
        QVERIFY(std::any_of(status.begin(), status.end(), [&](const QList<QVariant>& line) {
            return line.first().toString().startsWith(recording);
        }));

        // A run per collective kind (Allreduce, the start Barrier, Comm_split on the world); the
        // window opens on the first, the kind with the most time.
        QTRY_VERIFY_WITH_TIMEOUT(window.runList()->count() == 3, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(window.report() && window.report()->calls >= kIterations, 30000);
        const auto report = window.report();
        QVERIFY(!report->imbalancePath.empty());
        QCOMPARE(report->configuration->wrapper(report->imbalancePath.back()).id, rankWrapperId(2));

        views::WaitStateView* waits = window.waitStates();
        QTRY_VERIFY_WITH_TIMEOUT(waits->model()->rowCount() == 4, 15000);
        QCOMPARE(waits->model()->report().of(WaitPattern::WaitAtNxN).mainCause, 2);
        const views::ClockSkewModel* clocks = waits->clockSkew()->model();
        QCOMPARE(clocks->rowCount(), 2);
        QCOMPARE(clocks->clocks().at(0).host, std::string("hosta"));
        QVERIFY(clocks->clocks().at(0).reference);
        QCOMPARE(clocks->clocks().at(1).host, std::string("hostb"));
        QVERIFY(clocks->clocks().at(1).measured);
        QVERIFY(clocks->clocks().at(1).errorBoundNs.has_value());
    }
};

QTEST_MAIN(TestMpiRecording)
#include "tst_mpirecording.moc"
