// The "Over time" job on session files: a stored run's series and periodic outliers are what
// core computes from the same tuples (and so are its slowest calls), in an analysis window what
// core computes from the run cut to it with the window's report, a run or file that is not
// there or a window without calls fails with a message, only the newest request reports, and a
// big run's time to show (read, analyse, draw) is printed.

#include "app/gui/mainwindow.h"
#include "app/gui/overtimejob.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/callwindow.h"
#include "core/analysis/outliers.h"
#include "tests/app/examplesession.h"
#include "tests/support/plantedrun.h"
#include "tests/support/storedrun.h"
#include "views/callview.h"
#include "views/tablemodel.h"
#include "views/tablepage.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using xylem::gui::OverTimeJob;
using Data = std::shared_ptr<const xylem::views::OverTimeData>;

class TestOverTimeJob : public QObject
{
    Q_OBJECT

private slots:
    void aStoredRunIsWhatCoreComputes()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        OverTimeJob job;
        QSignalSpy available(&job, &OverTimeJob::available);
        QSignalSpy failed(&job, &OverTimeJob::failed);
        job.compute(path, 1, 64);
        QVERIFY(available.wait(20'000));
        QCOMPARE(failed.count(), 0);
        QCOMPARE(available.at(0).at(0).toLongLong(), qint64(1));
        const Data data = available.at(0).at(1).value<Data>();
        QVERIFY(data);
        QVERIFY(!data->windowed); // the whole run: time from its first call
        const Run run = testing::exampleRun("two-hosts");
        const OverTimeAnalysis expected =
            analyzeOverTime(run.configuration, run.tuples, {.maxBuckets = 64});
        const OverTime& s = data->analysis.series;
        QVERIFY(s.widthNs > 0);
        QCOMPARE(s.widthNs, expected.series.widthNs);
        QCOMPARE(s.calls, expected.series.calls);
        QCOMPARE(s.pathThread, expected.series.pathThread);
        QCOMPARE(s.culprits.size(), expected.series.culprits.size());
        for (size_t b = 0; b < s.culprits.size(); ++b) {
            QCOMPARE(s.culprits[b].thread, expected.series.culprits[b].thread);
        }
        QCOMPARE(data->analysis.periodic.slowCalls, expected.periodic.slowCalls);
        QCOMPARE(data->idOf(s.pathThread),
                 QString::fromStdString(run.configuration.wrapper(s.pathThread).id));
        // The slowest calls: findOutliers on the run's own report (no clocks were stored).
        const AnalysisReport report = analyze(run.configuration, run.tuples);
        const Result<Outliers> outliers = findOutliers(report, run.tuples);
        QVERIFY(outliers);
        QVERIFY(!data->outliers.operationTime.empty());
        QCOMPARE(outliersToJson(data->outliers).dump(), outliersToJson(outliers.value()).dump());
    }

    // An analysis window (issue 23 item 5): the buckets, culprits, periodic outliers and slowest
    // calls are those of the run cut to the window, with the window's report as shown.
    void aWindowIsTheCutRun()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        const Run run = testing::exampleRun("two-hosts");
        const auto [low, high] =
            std::minmax_element(run.tuples.begin(), run.tuples.end(),
                                [](const Tuple& a, const Tuple& b) { return a.seq < b.seq; });
        CallWindow window;
        window.from = WindowBound{WindowBound::Kind::Seq, low->seq + (high->seq - low->seq) / 4};
        window.to = WindowBound{WindowBound::Kind::Seq, low->seq + (high->seq - low->seq) * 3 / 4};
        const Result<WindowCut> cut = cutToWindow(run.tuples, window);
        QVERIFY(cut);
        const auto report = std::make_shared<const AnalysisReport>(
            analyzeCut(run.configuration, cut.value(), window).value());
        OverTimeJob job;
        QSignalSpy available(&job, &OverTimeJob::available);
        QSignalSpy failed(&job, &OverTimeJob::failed);
        job.compute(path, 1, report, window, 64);
        QCOMPARE(job.lastReport(), report);
        QCOMPARE(job.lastWindow(), std::optional(window));
        QVERIFY(available.wait(20'000));
        QCOMPARE(failed.count(), 0);
        const Data data = available.at(0).at(1).value<Data>();
        const OverTimeAnalysis expected =
            analyzeOverTime(run.configuration, cut->tuples, {.maxBuckets = 64});
        const OverTimeAnalysis whole =
            analyzeOverTime(run.configuration, run.tuples, {.maxBuckets = 64});
        const OverTime& s = data->analysis.series;
        QCOMPARE(s.calls, expected.series.calls);
        QVERIFY(s.calls != whole.series.calls); // the window changed the buckets
        QVERIFY(data->windowed); // its time axis says it counts from the window's first call
        QCOMPARE(s.widthNs, expected.series.widthNs);
        QCOMPARE(s.pathThread, expected.series.pathThread);
        QCOMPARE(s.culprits.size(), expected.series.culprits.size());
        for (size_t b = 0; b < s.culprits.size(); ++b) {
            QCOMPARE(s.culprits[b].thread, expected.series.culprits[b].thread);
            QCOMPARE(s.culprits[b].lastAtRoot, expected.series.culprits[b].lastAtRoot);
        }
        QCOMPARE(data->analysis.periodic.slowCalls, expected.periodic.slowCalls);
        const Result<Outliers> outliers = findOutliers(*report, cut->tuples);
        QVERIFY(outliers);
        QCOMPARE(outliersToJson(data->outliers).dump(), outliersToJson(outliers.value()).dump());
        for (const auto& o : data->outliers.operationTime) {
            QVERIFY(o.seq >= cut->firstSeq && o.seq <= cut->lastSeq);
        }
        // A window that keeps no call says so.
        CallWindow none;
        none.from = WindowBound{WindowBound::Kind::Seq, high->seq + 1000};
        job.compute(path, 1, report, none, 64);
        QVERIFY(failed.wait(20'000));
        QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("keeps none")),
                 qPrintable(failed.at(0).at(0).toString()));
        job.cancel();
        QVERIFY(!job.lastReport() && !job.lastWindow() && job.lastRun() == -1);
    }

    // In the window: the shown run's slowest calls reach the Tables page, and Enter on a row
    // opens that call in One call.
    void aSlowestCallsRowOpensItsCallInTheWindow()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_overtimejob"));
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSession(path);
        QVERIFY(shown.wait(10'000));
        auto* page = window.findChild<views::TablePage*>();
        QVERIFY(page);
        QVERIFY(page->showTable(QStringLiteral("slowest calls")));
        QTRY_VERIFY_WITH_TIMEOUT(page->model()->rowCount() > 0, 20'000);
        const Run run = testing::exampleRun("two-hosts");
        const Result<Outliers> outliers =
            findOutliers(analyze(run.configuration, run.tuples), run.tuples);
        QVERIFY(outliers && outliers->operationTime.size() > 1);
        const qint64 seq = outliers->operationTime.back().seq; // not the slowest, opened anyway
        int row = -1;
        for (int r = 0; r < page->proxy()->rowCount() && row < 0; ++r) {
            if (page->proxy()->index(r, 3).data(views::TableModel::kRawRole).toLongLong() == seq) {
                row = r;
            }
        }
        QVERIFY(row >= 0);
        page->view()->setCurrentIndex(page->proxy()->index(row, 0));
        QTest::keyClick(page->view(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.callView()->detail() && window.callView()->detail()->times.seq == seq, 20'000);
        QCOMPARE(window.currentView(), gui::MainWindow::View::Call);
    }

    void aMissingRunOrFileFails()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        OverTimeJob job;
        QSignalSpy available(&job, &OverTimeJob::available);
        QSignalSpy failed(&job, &OverTimeJob::failed);
        job.compute(path, 99);
        QVERIFY(failed.wait(20'000));
        QVERIFY(failed.at(0).at(0).toString().startsWith(
            QStringLiteral("Cannot analyse run 99 over time: ")));
        job.compute(dir.filePath(QStringLiteral("absent.xylem")), 1);
        QVERIFY(failed.wait(20'000));
        QVERIFY(failed.at(1).at(0).toString().contains(QStringLiteral("run 1")));
        QCOMPARE(available.count(), 0);
    }

    void onlyTheNewestRequestReports()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        OverTimeJob job;
        QSignalSpy available(&job, &OverTimeJob::available);
        job.compute(path, 1);
        job.compute(path, 2);
        QVERIFY(available.wait(20'000));
        QVERIFY(QThreadPool::globalInstance()->waitForDone(20'000));
        QCoreApplication::processEvents(); // the older answer, had it been queued
        QCOMPARE(available.count(), 1);
        QCOMPARE(available.at(0).at(0).toLongLong(), qint64(2));
        job.compute(path, 1);
        job.cancel();
        QVERIFY(QThreadPool::globalInstance()->waitForDone(20'000));
        QCoreApplication::processEvents();
        QCOMPARE(available.count(), 1);
    }

    // 64 hosts x 8 threads, 2 000 calls (about 1.3 M tuples) with a daemon: from compute() to
    // the view drawn at 1280x800.
    void timeToShowABigRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.xylem"));
        const Configuration config = testing::hierarchyTree("big", "64", 8);
        const testing::SimulationSpec spec =
            testing::culpritAndDaemon(2000, 9, "h5.t2", 40'000, "h60.t1");
        const std::vector<Tuple> tuples = testing::simulateTrace(config, spec);
        QVERIFY(testing::storeRun(path.toStdString(), config, tuples, "big"));
        views::OverTimeView view;
        view.resize(1280, 800);
        OverTimeJob job;
        QSignalSpy available(&job, &OverTimeJob::available);
        QElapsedTimer clock;
        clock.start();
        job.compute(path, 1);
        QVERIFY(available.wait(60'000));
        const qint64 computed = clock.elapsed();
        view.setData(available.at(0).at(1).value<Data>());
        view.plot()->replot();
        const qint64 shown = clock.elapsed();
        qInfo("over time of %zu tuples (%zu threads, %lld calls): job %lld ms, shown %lld ms",
              tuples.size(), config.threads().size(), static_cast<long long>(spec.calls),
              static_cast<long long>(computed), static_cast<long long>(shown));
        QVERIFY(view.showsPlot() && view.heatmapShown());
        QVERIFY(view.periodicText().contains(QStringLiteral("victim h60.t1")));
    }
};

QTEST_MAIN(TestOverTimeJob)
#include "tst_overtimejob.moc"
