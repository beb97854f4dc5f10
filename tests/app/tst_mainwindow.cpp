// The desktop application's window over real session files: a session opens, its first run is
// analysed off the GUI thread and shown (the overview first, naming the culprit and leading to
// the view that shows it; the weighted tree, the tables, the verdict in the status bar), another
// run replaces it, a whole subtree's serialization is loaded on demand,
// and a corrupt file gives an error dialog, not a crash.

#include "app/gui/mainwindow.h"
#include "app/gui/overtimejob.h"
#include "app/gui/timelinecalllink.h"
#include "core/analysis/serialization.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "tests/app/examplesession.h"
#include "tests/app/livedemorecording.h"
#include "tests/support/plantedrun.h"
#include "tests/support/storedrun.h"
#include "tests/support/testdata.h"
#include "tests/support/testpictures.h"
#include "tests/support/tracesimulator.h"
#include "views/callview.h"
#include "views/overtimeview.h"
#include "views/overviewpage.h"
#include "views/serializationview.h"
#include "views/tablemodel.h"
#include "views/tablepage.h"
#include "views/timelineview.h"
#include "views/weightedtreeview.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

using namespace xylem;

namespace {

// The window's one widget of type T (null when there is none or several).
template <typename T> T* only(const QWidget& window)
{
    const auto all = window.findChildren<T*>();
    return all.size() == 1 ? all.first() : nullptr;
}

// Clicks the first occurrence of text on the overview page, as a user would.
bool clickOnOverview(gui::MainWindow& window, const QString& text)
{
    QTextBrowser* browser = window.overview()->browser();
    const QTextCursor found = browser->document()->find(text);
    if (found.isNull()) {
        return false;
    }
    QTextCursor middle(browser->document());
    middle.setPosition((found.selectionStart() + found.selectionEnd()) / 2);
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {},
                      browser->cursorRect(middle).center());
    return true;
}

QString sampleCopy()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
        .filePath(QStringLiteral("xylem-sample.xylem"));
}

void removeSampleCopy()
{
    QFile::remove(sampleCopy());
}

// The seq of the call the One call view shows, -1 while it shows none.
std::int64_t shownSeq(const gui::MainWindow& window)
{
    const CallDetail* detail = window.callView()->detail();
    return detail ? detail->times.seq : -1;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    }

    void opensAnalysesAndShowsARun()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        gui::MainWindow window;
        window.resize(1100, 700);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSession(path);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.first().first().toLongLong(), 1LL);
        QCOMPARE(window.runList()->count(), 2);
        QVERIFY(only<views::WeightedTreeView>(window) && only<views::TablePage>(window));
        QCOMPARE(only<views::WeightedTreeView>(window)->graph().nodes.size(),
                 size_t(5)); // two-hosts: 2 greds, 3 threads
        QVERIFY(only<views::TablePage>(window)->model()->rowCount() > 0);
        const QString culprit =
            QString::fromStdString(window.report()->idOf(window.report()->imbalancePath.back()));
        bool verdictShown = false;
        for (const QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
            verdictShown =
                verdictShown || label->text().contains(QStringLiteral("ends at ") + culprit);
        }
        QVERIFY2(verdictShown, "the status bar names the culprit");
        QVERIFY(window.windowTitle().contains(QStringLiteral("examples.xylem")));

        window.runList()->setCurrentRow(1); // flat-mpi
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.last().first().toLongLong(), 2LL);
        QCOMPARE(window.report()->incompleteCalls, 1);

        window.showView(gui::MainWindow::View::Tree);
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-main-window.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s (culprit of run 1: %s)", qPrintable(picture), qPrintable(culprit));
    }

    // Serialization of a whole subtree: the view asks, the window loads the run's tuples off
    // the GUI thread and the curve is the engine's subtreeSerialization over them — for the
    // root gred of two-hosts that ranks all three threads, where its children are only two.
    void theWholeSubtreeCurveComesFromTheRunsTuples()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        gui::MainWindow window;
        window.resize(1000, 600);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSession(path);
        QVERIFY(shown.wait(10000));
        window.showView(gui::MainWindow::View::Serialization);
        auto* view = only<views::SerializationView>(window);
        QVERIFY(view);
        QVERIFY(view->showGred(QStringLiteral("gB")));
        QCOMPARE(view->curves().size(), size_t(1));
        QCOMPARE(view->curves()[0].meanNs.size(), size_t(2)); // pA and T3

        view->setScope(views::SerializationView::Scope::WholeSubtree);
        QTRY_COMPARE_WITH_TIMEOUT(
            view->curves().size() == 1 && view->curves()[0].meanNs.size() == 3, true, 10000);
        const Run run = testing::exampleRun("two-hosts");
        const auto expected =
            subtreeSerialization(run.configuration, run.tuples, run.configuration.indexOf("gB"));
        QVERIFY(expected.ok());
        QCOMPARE(view->curves()[0].meanNs, expected.value());
        QVERIFY(view->curves()[0].label.startsWith(QStringLiteral("run 1")));
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-subtree.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        view->setScope(views::SerializationView::Scope::Children);
        QCOMPARE(view->curves()[0].meanNs.size(), size_t(2));
    }

    // The sample session inside the program opens from Help: two recorded runs, and the
    // planted culprit (h1.t1) ends the imbalance path of the first.
    void theSampleSessionOpens()
    {
        gui::MainWindow window;
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSampleSession();
        QVERIFY(shown.wait(10000));
        QCOMPARE(window.runList()->count(), 2);
        QCOMPARE(
            QString::fromStdString(window.report()->idOf(window.report()->imbalancePath.back())),
            QStringLiteral("h1.t1"));
        QCOMPARE(window.report()->calls, 400);
        // The copy stays for the user to edit; not for a test (a leak, xylem-leakcheck).
        window.close();
        QFile::remove(QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                          .filePath(QStringLiteral("xylem-sample.xylem")));
    }

    // A session opens on the overview, the first tab: the sample's planted culprit is named with
    // its numbers, and its link raises the weighted tree. Another run of the same session keeps
    // the view the user chose; the next session opens on the overview again.
    void theOverviewIsTheFirstPageOfASession()
    {
        using View = gui::MainWindow::View;
        QCOMPARE(gui::MainWindow::viewNamed(QStringLiteral("overview")), View::Overview);
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSampleSession();
        QVERIFY(shown.wait(10000));
        QCOMPARE(window.currentView(), View::Overview);
        QTRY_VERIFY(window.overview()->isVisible());
        const QString text = window.overview()->plainText();
        QVERIFY2(text.contains(QStringLiteral("Culprit: h1.t1")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("h1.t1 (host h1) is the last to arrive at the root")),
                 qPrintable(text));
        // The over-time analysis's periodic outliers join the findings of the run they are of
        // (the window's own analysis of the sample first, so that it does not come after these).
        QTRY_VERIFY_WITH_TIMEOUT(window.overTime()->showsPlot(), 10000);
        PeriodicOutliers periodic;
        periodic.periodic = true;
        periodic.slowCalls = 4;
        periodic.matchedCalls = 4;
        periodic.periodNs = 1e8;
        periodic.victim = window.report()->configuration->indexOf("h1.t1");
        window.showPeriodicOutliers(2, periodic); // not the run shown
        QVERIFY(!window.overview()->plainText().contains(QStringLiteral("Periodic")));
        window.showPeriodicOutliers(1, periodic);
        QVERIFY2(window.overview()->plainText().contains(
                     QStringLiteral("Periodic slow calls: every 100.0 ms")),
                 qPrintable(window.overview()->plainText()));
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-overview.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        // The periodic finding links to the run over time, where its slow calls are drawn.
        QVERIFY(clickOnOverview(window, QStringLiteral("Show in Over time")));
        QTRY_COMPARE(window.currentView(), View::OverTime);
        QTRY_VERIFY(window.overTime()->isVisible());
        window.showView(View::Overview);
        QTRY_VERIFY(window.overview()->isVisible());
        QVERIFY(clickOnOverview(window, QStringLiteral("Show in Weighted tree")));
        QTRY_COMPARE(window.currentView(), View::Tree);
        QTRY_VERIFY(window.viewWidget(View::Tree)->isVisible());
        window.runList()->setCurrentRow(1);
        QVERIFY(shown.wait(10000));
        QCOMPARE(window.currentView(), View::Tree);
        QVERIFY(window.overview()->plainText().contains(QStringLiteral("run 2")));

        window.openSampleSession();
        QVERIFY(shown.wait(10000));
        QTRY_COMPARE(window.currentView(), View::Overview);
        window.close();
        removeSampleCopy();
    }

    // One call (issue 23, item 2): raised, it shows the run's slowest call; a call of the
    // sample's first run asked for by its seq raises the One call dock on it; a double-click on
    // the timeline opens the slowest call of the bucket under the pointer, found in the
    // session's per-call records: it starts in that bucket, and its operation time is the
    // bucket's max the timeline draws.
    void aCallOpensBySeqAndFromTheTimeline()
    {
        using View = gui::MainWindow::View;
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSampleSession();
        QVERIFY(shown.wait(10000));
        auto session = store::Session::open(sampleCopy().toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session.ok());
        const auto calls = store::loadCalls(session.value(), 1);
        QVERIFY(calls.ok() && calls->size() == 400);
        // Raised with no call of the run, the view opens the run's slowest: the largest
        // (operation time, seq) of the session's per-call records.
        const auto slowest = std::max_element(
            calls->begin(), calls->end(), [](const CallTimes& a, const CallTimes& b) {
                return std::pair(a.operationTime, a.seq) < std::pair(b.operationTime, b.seq);
            });
        window.showView(View::Call);
        QTRY_COMPARE_WITH_TIMEOUT(shownSeq(window), slowest->seq, 10000);
        QVERIFY(!window.callView()->slowerButton()->isEnabled());

        const CallTimes asked = (*calls)[17];
        window.showCall(1, asked.seq);
        QCOMPARE(window.currentView(), View::Call);
        QTRY_COMPARE_WITH_TIMEOUT(shownSeq(window), asked.seq, 10000);
        QTRY_VERIFY(window.callView()->isVisible());
        QCOMPARE(window.callView()->detail()->times.operationTime, asked.operationTime);
        QVERIFY2(window.callView()->errorText().isEmpty(),
                 qPrintable(window.callView()->errorText()));
        QVERIFY2(window.callView()->headerText().contains(QString::number(asked.seq)),
                 qPrintable(window.callView()->headerText()));
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-one-call.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        // The view asks for another call of the same run (its Slower call button).
        window.callView()->slowerButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(shownSeq(window) != asked.seq, 10000);
        QVERIFY(window.callView()->detail()->times.operationTime >= asked.operationTime);

        store::TimelineSlice drawn; // the operation series of the timeline's last window
        connect(&window.controller(), &gui::SessionController::timelineAvailable, &window,
                [&drawn](qint64, const store::TimelineSlice& operation) { drawn = operation; });
        window.showView(View::Timeline);
        auto* timeline = window.findChild<views::TimelineView*>();
        QTRY_VERIFY(timeline->isVisible());
        const auto [from, to] = timeline->window(); // a zoom asks for the buckets of a window
        timeline->showWindow(from + (to - from) / 8, to - (to - from) / 8);
        QTRY_VERIFY_WITH_TIMEOUT(!drawn.buckets.empty(), 10000);
        auto* link = window.findChild<gui::TimelineCallLink*>();
        QVERIFY(link);
        QWidget* surface = link->surface();
        // The pixel nearest the middle that has a drawn bucket under it: the sample's run has
        // spans without calls, and which pixels fall in them depends on the buckets' width,
        // which follows the plot's width (and so its axes' labels).
        const auto bucketAt = [&](int x) {
            const std::int64_t at = link->timeAt(x);
            return std::find_if(
                drawn.buckets.begin(), drawn.buckets.end(),
                [at](const store::TimelineBucket& b) { return b.startNs <= at && at < b.endNs; });
        };
        int x = surface->width() / 2;
        for (int dx = 1; dx < surface->width() / 8 && bucketAt(x) == drawn.buckets.end(); ++dx) {
            x = surface->width() / 2 + (dx % 2 == 1 ? (dx + 1) / 2 : -dx / 2);
        }
        const auto bucket = bucketAt(x);
        QVERIFY2(bucket != drawn.buckets.end(), "a bucket in the middle of the sample's run");
        const std::int64_t before = shownSeq(window);
        QTest::mouseDClick(surface, Qt::LeftButton, {}, QPoint(x, surface->height() / 3));
        QTRY_COMPARE(window.currentView(), View::Call);
        QTRY_VERIFY_WITH_TIMEOUT(shownSeq(window) != before, 10000);
        const CallTimes& opened = window.callView()->detail()->times;
        QVERIFY(bucket->startNs <= opened.startNs && opened.startNs < bucket->endNs);
        QCOMPARE(opened.operationTime, bucket->max);
        window.close();
        removeSampleCopy();
    }

    // Over time (issue 23, item 3): a run shown is analysed over time off the GUI thread, the
    // Over time view draws core's analysis of its tuples, and the overview names the periodic
    // slow calls it found: a daemon planted every 40 ms on h3.t0 of 4 hosts x 2 threads.
    void theRunOverTimeAndItsPeriodicOutliersAreShown()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("daemon.xylem"));
        const Configuration config = testing::hierarchyTree("daemon", "4", 2);
        const std::vector<Tuple> tuples = testing::simulateTrace(
            config, testing::culpritAndDaemon(2000, 5, "h1.t1", 20'000, "h3.t0"));
        QVERIFY(testing::storeRun(path.toStdString(), config, tuples, "daemon"));
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSession(path);
        QVERIFY(shown.wait(20000));
        QTRY_VERIFY_WITH_TIMEOUT(window.overTime()->showsPlot(), 20000);
        views::OverTimeView reference;
        reference.setData(std::make_shared<const views::OverTimeData>(views::makeOverTimeData(
            config,
            analyzeOverTime(config, tuples, {.maxBuckets = gui::OverTimeJob::kDefaultBuckets}))));
        QCOMPARE(window.overTime()->periodicText(), reference.periodicText());
        QCOMPARE(window.overTime()->culpritText(), reference.culpritText());
        QVERIFY2(reference.periodicText().contains(QStringLiteral("h3.t0")),
                 qPrintable(reference.periodicText()));
        const QString overview = window.overview()->plainText();
        QVERIFY2(overview.contains(QStringLiteral("Periodic slow calls: every 40")),
                 qPrintable(overview));
        QVERIFY2(overview.contains(QStringLiteral("h3.t0")), qPrintable(overview));
        window.showView(gui::MainWindow::View::OverTime);
        QTRY_VERIFY(window.overTime()->isVisible());
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-over-time.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));
    }

    // A view chosen before the first session opens (xylem --tab) is the one its run shows.
    void aViewChosenFirstIsKept()
    {
        using View = gui::MainWindow::View;
        gui::MainWindow window;
        window.show();
        window.showView(View::Timemap);
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSampleSession();
        QVERIFY(shown.wait(10000));
        QCOMPARE(window.currentView(), View::Timemap);
        QTRY_VERIFY(window.viewWidget(View::Timemap)->isVisible());
        window.close();
        removeSampleCopy();
    }

    // Live mode: a local demo cluster recorded in the window's process while the views show the
    // live analysis growing; stopped, the session keeps the complete run and the planted culprit
    // ends the imbalance path.
    void aLiveDemoFillsTheViewsAndKeepsTheSession()
    {
        testing::LiveDemoRecording recording;
        gui::MainWindow window;
        window.resize(1100, 700);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        recording.start(window);
        // Recorded in this process: the streaming engine's report comes to the views as it
        // is, and the session is not read back while it records.
        QSignalSpy reports(&window.live(), &gui::LiveController::liveReport);
        QVERIFY(reports.wait(30000));
        QVERIFY(window.live().running());
        using Report = std::shared_ptr<const AnalysisReport>;
        const Report first = reports.last().at(1).value<Report>();
        QVERIFY(first);
        QCOMPARE(window.report(), first);
        QCOMPARE(shown.count(), reports.count()); // each report shown as it came
        QCOMPARE(window.runList()->count(), 0);
        QVERIFY(reports.wait(15000)); // and again, grown
        QCOMPARE(window.report(), reports.last().at(1).value<Report>());
        QVERIFY(window.report()->calls >= first->calls);
        QCOMPARE(window.runList()->count(), 0);
        const QString stopped = recording.stop(window);
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
        QTRY_VERIFY_WITH_TIMEOUT(!window.live().running() && window.runList()->count() == 1, 10000);
        // The finished run, read from the session (a stored run's id, not the live one's).
        QTRY_VERIFY_WITH_TIMEOUT(shown.last().at(0).toLongLong() > 0, 10000);
        // Stopping interrupts the program mid-call: that one call may lack some of its tuples,
        // and is counted as incomplete (never guessed); every other call is whole.
        QVERIFY2(window.report()->incompleteCalls <= 1,
                 qPrintable(QString::number(window.report()->incompleteCalls)));
        QVERIFY(window.report()->calls > 0);
        QCOMPARE(
            QString::fromStdString(window.report()->idOf(window.report()->imbalancePath.back())),
            QStringLiteral("h1.t1"));
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-live.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s (%lld calls)", qPrintable(picture),
              static_cast<long long>(window.report()->calls));
    }

    void aCorruptFileShowsAnErrorDialog()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.xylem"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray("SQLite format 3\0", 16) + QByteArray(4096, '\x5a'));
        file.close();
        gui::MainWindow window;
        window.show();
        QSignalSpy failed(&window.controller(), &gui::SessionController::failed);
        window.openSession(path);
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.first().first().toString().contains(path),
                 qPrintable(failed.first().first().toString()));
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = window.findChild<QMessageBox*>()) != nullptr);
        QVERIFY(box->text().contains(QStringLiteral("Cannot open")));
        QVERIFY(window.isVisible());
        box->accept();
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
