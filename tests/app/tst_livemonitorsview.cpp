// The Monitors view while the window records (issue 22): a live demo recorded in the window's
// process. With every status LiveController hands over the accounting as the run will store it,
// and the Monitors view's collectors table has each collector's gather rate while the recording
// runs, cell for cell the accounting of the last status; the imbalance path so far is named.
// Stopped, the view shows the stored run's accounting instead, as read from the session.
// Pictures of the window at 1280x800 while recording: the Monitors view and the timeline.

#include "app/gui/mainwindow.h"
#include "core/store/monitortables.h"
#include "core/store/session.h"
#include "tests/app/livedemorecording.h"
#include "tests/support/testpictures.h"
#include "views/monitors/monitorsview.h"
#include "views/monitors/monitortablemodel.h"

#include <QSignalSpy>
#include <QtTest>

using namespace xylem;

namespace {

using Live = std::shared_ptr<const views::LiveMonitors>;

// Every cell of the model holds the table's raw value.
void compareModel(const views::MonitorTableModel& model, const Table& table)
{
    QCOMPARE(model.rowCount(), static_cast<int>(table.rows.size()));
    QCOMPARE(model.columnCount(), static_cast<int>(table.columns.size()));
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const Cell& cell = table.rows[static_cast<size_t>(row)][static_cast<size_t>(column)];
            const QVariant raw = model.data(model.index(row, column), views::TableModel::kRawRole);
            if (const auto* d = std::get_if<double>(&cell)) {
                QCOMPARE(raw.toDouble(), *d);
            } else if (const auto* i = std::get_if<std::int64_t>(&cell)) {
                QCOMPARE(raw.toLongLong(), *i);
            } else if (const auto* s = std::get_if<std::string>(&cell)) {
                QCOMPARE(raw.toString(), QString::fromStdString(*s));
            }
        }
    }
}

// The newest live monitors the spy saw (null before any).
Live newest(const QSignalSpy& spy)
{
    return spy.isEmpty() ? nullptr : spy.last().at(1).value<Live>();
}

} // namespace

class TestLiveMonitorsView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_livemonitorsview"));
    }

    void theMonitorsViewFollowsTheRecording()
    {
        testing::LiveDemoRecording recording;
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        auto* view = window.findChild<views::MonitorsView*>();
        QVERIFY(view);
        QSignalSpy monitors(&window.live(), &gui::LiveController::monitors);
        recording.start(window);
        QVERIFY(!view->showsLive()); // nothing of the run open before, nothing live yet

        // Statuses come once a second; the first may come before both collectors read.
        const auto bothRead = [&] {
            const Live live = newest(monitors);
            return live && live->accounting && live->accounting->collectors.size() == 2 &&
                   live->accounting->read > 0 && !live->imbalancePath.isEmpty();
        };
        for (int i = 0; i < 30 && !bothRead(); ++i) {
            QVERIFY(monitors.wait(15000));
        }
        QVERIFY(bothRead());
        QVERIFY(window.live().running());
        QCOMPARE(monitors.last().at(0).toString(), recording.session());
        const Live live = newest(monitors);
        QVERIFY(!live->final);
        QVERIFY(view->showsLive());
        // The collectors table is the last status's accounting, as core tabulates it.
        compareModel(*view->collectors(), store::collectorTable(*live->accounting));
        const int rate = static_cast<int>(view->collectors()->table().columns.size()) - 1;
        QCOMPARE(view->collectors()->table().columns[static_cast<size_t>(rate)],
                 std::string("gather_rate_pct"));
        for (int row = 0; row < 2; ++row) {
            const QVariant pct = view->collectors()->data(view->collectors()->index(row, rate),
                                                          views::TableModel::kRawRole);
            QVERIFY2(pct.toDouble() > 0 && pct.toDouble() <= 100, qPrintable(pct.toString()));
            QVERIFY(!view->collectors()
                         ->data(view->collectors()->index(row, rate))
                         .toString()
                         .isEmpty());
        }
        QVERIFY2(view->accountingSummary().contains(QString::number(live->accounting->tuples)),
                 qPrintable(view->accountingSummary()));
        QVERIFY2(view->loadBalanceSummary().contains(live->imbalancePath.last()),
                 qPrintable(view->loadBalanceSummary()));
        QCOMPARE(view->lastArrivals()->rowCount(), 0); // stored at the end only

        window.showView(gui::MainWindow::View::Monitors);
        const QString monitorsPicture =
            QString::fromStdString(testing::picturePath("xylem-live-monitors.png"));
        QVERIFY(window.grab().save(monitorsPicture));
        window.showView(gui::MainWindow::View::Timeline);
        const QString timelinePicture =
            QString::fromStdString(testing::picturePath("xylem-live-timeline.png"));
        QVERIFY(window.grab().save(timelinePicture));
        qInfo("pictures: %s %s", qPrintable(monitorsPicture), qPrintable(timelinePicture));

        // And again, grown.
        const std::int64_t tuples = live->accounting->tuples;
        QVERIFY(monitors.wait(15000));
        QVERIFY(newest(monitors)->accounting);
        QVERIFY(newest(monitors)->accounting->tuples >= tuples);
        compareModel(*view->collectors(), store::collectorTable(*newest(monitors)->accounting));

        const QString stopped = recording.stop(window);
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
        QVERIFY(newest(monitors)->final); // the last status: all gathered
        // Then the stored run's accounting, read from the session.
        QTRY_VERIFY_WITH_TIMEOUT(!view->showsLive() && view->collectors()->rowCount() == 2, 20000);
        auto session =
            store::Session::open(recording.session().toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session.ok());
        auto stored = store::storedAccounting(session.value(), 1);
        QVERIFY(stored.ok() && stored.value());
        compareModel(*view->collectors(), store::collectorTable(*stored.value()));
        QVERIFY(stored.value()->tuples >= tuples);
    }
};

QTEST_MAIN(TestLiveMonitorsView)
#include "tst_livemonitorsview.moc"
