// Several sessions open at once (issue 23 item 6) and the analysis window chosen on the timeline
// (item 5), in the main window: the sample session and a generated one side by side, both
// holding a run 1 and a run 2; a run of each analysed and compared, a run of the other session
// analysed for the comparison without being shown, a rename written to its own file, a session
// closed with its runs; a range chosen on the timeline analysed, shown in every view and named
// in the title, and the whole run again.

#include "app/gui/mainwindow.h"
#include "app/gui/runpanel.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "tests/app/examplesession.h"
#include "tests/support/testpictures.h"
#include "views/comparisonview.h"
#include "views/overviewpage.h"
#include "views/overtimeview.h"
#include "views/timelineview.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QListWidget>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>
#include <QtTest>

#include <algorithm>

using namespace xylem;

namespace {

// The sample session that ships in the program, copied into dir (writable, like the user's).
QString sampleSession(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("sample.xylem"));
    if (!QFile::copy(QStringLiteral(":/sessions/sample.xylem"), path)) {
        return {};
    }
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

store::RunInfo storedRun(const QString& path, qint64 run)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    return session ? store::runInfo(session.value(), run).value() : store::RunInfo{};
}

QString statusText(const gui::MainWindow& window)
{
    const auto labels = window.statusBar()->findChildren<QLabel*>();
    return labels.isEmpty() ? QString() : labels.first()->text();
}

// The sample opened and its first run shown, then the generated session added and its first
// run shown: both analysed.
bool openBoth(gui::MainWindow& window, const QString& sample, const QString& examples)
{
    QSignalSpy shown(&window, &gui::MainWindow::reportShown);
    window.openSession(sample);
    if (!shown.wait(20000)) {
        return false;
    }
    window.addSession(examples);
    return shown.wait(20000) && window.shownRun() == gui::RunKey{examples, 1};
}

// The window as grabbed, with its title written above it (a grab has no title bar), saved as
// name in the test pictures' folder.
bool saveWithTitle(QWidget& window, const char* name)
{
    const QPixmap grabbed = window.grab();
    QImage picture(grabbed.width(), grabbed.height() + 28, QImage::Format_RGB32);
    picture.fill(QColor(0xe8, 0xe8, 0xe8));
    QPainter painter(&picture);
    painter.drawText(QRect(0, 0, picture.width(), 28), Qt::AlignCenter, window.windowTitle());
    painter.drawPixmap(0, 28, grabbed);
    painter.end();
    const QString path = QString::fromStdString(testing::picturePath(name));
    qInfo("picture: %s", qPrintable(path));
    return picture.save(path);
}

// The runs the comparison offers for A (its first picker, the view's own child), as labelled.
QStringList comparedRuns(const views::ComparisonView& comparison)
{
    QStringList labels;
    const auto pickers = comparison.findChildren<QComboBox*>(Qt::FindDirectChildrenOnly);
    for (int i = 0; !pickers.isEmpty() && i < pickers.first()->count(); ++i) {
        labels << pickers.first()->itemText(i);
    }
    return labels;
}

} // namespace

class TestMultiSession : public QObject
{
    Q_OBJECT

private slots:
    void twoSessionsAreListedSideBySideAndCompared()
    {
        QTemporaryDir dir;
        const QString sample = sampleSession(dir);
        const QString examples = testing::exampleSession(dir);
        QVERIFY(!sample.isEmpty() && !examples.isEmpty());
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(openBoth(window, sample, examples));

        // Each session's runs under a header naming its file; run 1 of each, not one run 1.
        gui::RunPanel* runs = window.runPanel();
        QCOMPARE(runs->sessions(), (QStringList{sample, examples}));
        QCOMPARE(window.runList()->count(), 2 + 2 + 2);
        QCOMPARE(window.runList()->item(0)->text(), QStringLiteral("sample.xylem"));
        QCOMPARE(window.runList()->item(3)->text(), QStringLiteral("examples.xylem"));
        QVERIFY(!(window.runList()->item(3)->flags() & Qt::ItemIsSelectable));
        QCOMPARE(runs->runKeys().size(), size_t(4));
        QCOMPARE(runs->currentKey(), (gui::RunKey{examples, 1}));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("examples.xylem")));
        QCOMPARE(window.report()->calls, storedRun(examples, 1).calls);

        // The comparison has every run of both, labelled with its session; the two analysed
        // are A and B, and their comparison is shown.
        auto* comparison = window.findChild<views::ComparisonView*>();
        QVERIFY(comparison);
        QTRY_VERIFY_WITH_TIMEOUT(comparison->comparison().has_value(), 10000);
        const QStringList offered = comparedRuns(*comparison);
        QCOMPARE(offered.size(), 4);
        QVERIFY2(offered[0].startsWith(QStringLiteral("sample.xylem · run 1: ")) &&
                     offered[1].startsWith(QStringLiteral("sample.xylem · run 2: ")) &&
                     offered[2] == QStringLiteral("examples.xylem · run 1: two-hosts") &&
                     offered[3].startsWith(QStringLiteral("examples.xylem · run 2: flat-mpi")),
                 qPrintable(offered.join(QLatin1Char('|'))));
        // A is the run analysed first; B defaulted to another, the sample's run 2, which was
        // analysed for it. The generated session's run 1 against the sample's run 1:
        QCOMPARE(comparison->currentA(), 0);
        QVERIFY(comparison->compare(0, 2));
        QVERIFY(comparison->comparison().has_value());
        QCOMPARE(comparison->currentB(), 2);
        window.showView(gui::MainWindow::View::Comparison);
        QVERIFY(saveWithTitle(window, "xylem-two-sessions.png"));

        // A run not analysed yet, chosen for B, is analysed in the background: the shown run
        // stays the generated session's run 1.
        QSignalSpy forComparison(&window.controller(),
                                 &gui::SessionController::comparisonReportAvailable);
        QVERIFY(!comparison->compare(0, 3)); // the generated session's run 2
        QVERIFY(forComparison.wait(20000));
        QCOMPARE(forComparison.first().at(0).value<gui::RunKey>(), (gui::RunKey{examples, 2}));
        QTRY_VERIFY_WITH_TIMEOUT(comparison->comparison().has_value(), 10000);
        QCOMPARE(comparison->currentB(), 3);
        QCOMPARE(window.shownRun(), (gui::RunKey{examples, 1}));
        QCOMPARE(runs->currentKey(), (gui::RunKey{examples, 1}));
    }

    // Run 1 of each session: the rename goes to the file of the run chosen, not the other's.
    void aRenameGoesToTheRunsOwnFile()
    {
        QTemporaryDir dir;
        const QString sample = sampleSession(dir);
        const QString examples = testing::exampleSession(dir);
        gui::MainWindow window;
        window.show();
        QVERIFY(openBoth(window, sample, examples));
        const std::string sampleName = storedRun(sample, 1).metadata.name;
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        QVERIFY(window.runPanel()->chooseRun(gui::RunKey{sample, 1}));
        QVERIFY(shown.wait(20000));
        QCOMPARE(window.shownRun(), (gui::RunKey{sample, 1}));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("sample.xylem")));

        QVERIFY(window.runPanel()->chooseRun(gui::RunKey{examples, 1}));
        QVERIFY(shown.wait(20000));
        QSignalSpy renamed(&window.controller(), &gui::SessionController::runRenamed);
        QTimer::singleShot(0, &window, [] {
            QTRY_VERIFY(qobject_cast<QInputDialog*>(QApplication::activeModalWidget()));
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            dialog->setTextValue(QStringLiteral("renamed in examples"));
            dialog->accept();
        });
        window.runList()->setFocus();
        QTest::keyClick(window.runList(), Qt::Key_F2);
        QVERIFY(renamed.wait(10000));
        QCOMPARE(renamed.first().at(0).value<gui::RunKey>(), (gui::RunKey{examples, 1}));
        QCOMPARE(storedRun(examples, 1).metadata.name, std::string("renamed in examples"));
        QCOMPARE(storedRun(sample, 1).metadata.name, sampleName);
        QCOMPARE(window.runPanel()->nameOf({examples, 1}), QStringLiteral("renamed in examples"));
        QCOMPARE(window.runPanel()->nameOf({sample, 1}), QString::fromStdString(sampleName));

        // Notes too.
        QSignalSpy kept(&window.controller(), &gui::SessionController::runNotesKept);
        QTest::keyClicks(window.runPanel()->notes(), QStringLiteral("examples only"));
        QVERIFY(kept.wait(10000));
        QCOMPARE(storedRun(examples, 1).metadata.notes, std::string("examples only"));
        QVERIFY(storedRun(sample, 1).metadata.notes != "examples only");
    }

    // Closing the shown run's session takes its runs off the list and out of the comparison,
    // and shows a run of the session left.
    void closingASessionRemovesItsRuns()
    {
        QTemporaryDir dir;
        const QString sample = sampleSession(dir);
        const QString examples = testing::exampleSession(dir);
        gui::MainWindow window;
        window.show();
        QVERIFY(openBoth(window, sample, examples));
        QAction* close = window.runPanel()->closeSessionAction();
        QVERIFY(close->isEnabled());
        QVERIFY(window.runList()->actions().contains(close));
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        close->trigger(); // on the current run's session: the generated one
        QCOMPARE(window.controller().sessions(), QStringList{sample});
        QCOMPARE(window.runList()->count(), 2); // one session: no header
        QCOMPARE(window.runPanel()->sessions(), QStringList{sample});
        QVERIFY(!close->isEnabled());
        QVERIFY(shown.wait(20000));
        QCOMPARE(window.shownRun(), (gui::RunKey{sample, 1}));
        QCOMPARE(window.windowTitle(), QStringLiteral("sample.xylem — Xylem"));
        auto* comparison = window.findChild<views::ComparisonView*>();
        const QStringList offered = comparedRuns(*comparison);
        QCOMPARE(offered.size(), 2);
        QVERIFY2(offered[0].startsWith(QStringLiteral("run 1: ")), qPrintable(offered[0]));
    }

    // A file dropped with Ctrl held opens beside the open ones. Save As with two sessions open
    // copies the shown run's session, which the copy replaces; the other stays.
    void aDropAddsAndSaveAsKeepsTheOtherSession()
    {
        QTemporaryDir dir;
        const QString sample = sampleSession(dir);
        const QString examples = testing::exampleSession(dir);
        const QString copy = dir.filePath(QStringLiteral("copy.xylem"));
        gui::MainWindow window;
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSession(sample);
        QVERIFY(shown.wait(20000));

        // Dropped with Ctrl held: beside the sample. (The application sends a drop to the widget
        // that accepted the drag's entering.)
        QMimeData files;
        files.setUrls({QUrl::fromLocalFile(examples)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &files, Qt::LeftButton,
                              Qt::ControlModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &files, Qt::LeftButton,
                        Qt::ControlModifier);
        QApplication::sendEvent(&window, &drop);
        QTRY_COMPARE_WITH_TIMEOUT(window.controller().sessions(), (QStringList{sample, examples}),
                                  20000);
        QTRY_COMPARE_WITH_TIMEOUT(window.shownRun(), (gui::RunKey{examples, 1}), 20000);
        QVERIFY(window.runPanel()->chooseRun(gui::RunKey{examples, 2}));
        QVERIFY(shown.wait(20000));

        window.saveSessionAs(copy);
        QTRY_COMPARE_WITH_TIMEOUT(window.controller().sessions(), (QStringList{sample, copy}),
                                  20000);
        QTRY_COMPARE_WITH_TIMEOUT(window.shownRun(), (gui::RunKey{copy, 2}), 20000);
        QCOMPARE(window.runPanel()->sessions(), (QStringList{sample, copy}));
        QCOMPARE(storedRun(copy, 2).metadata.name, std::string("flat-mpi"));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("copy.xylem")));
    }

    // A range of the timeline is the analysis window of every view: the report has the calls
    // that start in it, the title and the status line name it, the overview's findings are of
    // it, the comparison lists it apart from the run; the whole run comes back.
    void aRangeOfTheTimelineIsAnalysed()
    {
        QTemporaryDir dir;
        const QString sample = sampleSession(dir);
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy shown(&window, &gui::MainWindow::reportShown);
        window.openSession(sample);
        QVERIFY(shown.wait(20000));
        const qint64 wholeCalls = window.report()->calls;
        const store::RunInfo info = storedRun(sample, 1);
        QVERIFY(info.firstNs && info.lastNs);
        const std::int64_t first = *info.firstNs;
        const std::int64_t span = *info.lastNs - first;
        const std::pair<std::int64_t, std::int64_t> range{first + span / 4, first + span * 3 / 4};
        // The calls whose earliest down lies in the range, from the stored call records.
        auto session = store::Session::open(sample.toStdString(), store::OpenMode::ReadOnly);
        auto calls = store::loadCalls(session.value(), 1);
        QVERIFY(calls);
        std::vector<std::int64_t> seqs;
        for (const CallTimes& call : calls.value()) {
            if (call.startNs >= range.first && call.startNs < range.second) {
                seqs.push_back(call.seq);
            }
        }
        QVERIFY(!seqs.empty() && static_cast<qint64>(seqs.size()) < wholeCalls);

        auto* timeline = window.findChild<views::TimelineView*>();
        window.showView(gui::MainWindow::View::Timeline);
        emit timeline->analysisWindowChosen(range);
        QSignalSpy drawn(&window.controller(), &gui::SessionController::timelineAvailable);
        QVERIFY(shown.wait(20000));
        QVERIFY(drawn.wait(10000)); // the run's span in view is asked for again, and drawn
        QCoreApplication::processEvents(); // the plot's queued replot
        QCOMPARE(window.report()->calls, static_cast<qint64>(seqs.size()));
        const QString window_ = QStringLiteral("calls #%1–#%2")
                                    .arg(*std::min_element(seqs.begin(), seqs.end()))
                                    .arg(*std::max_element(seqs.begin(), seqs.end()));
        QVERIFY2(window.windowTitle().contains(window_), qPrintable(window.windowTitle()));
        QVERIFY2(window.windowTitle().endsWith(QStringLiteral("sample.xylem — Xylem")),
                 qPrintable(window.windowTitle()));
        QVERIFY2(statusText(window).contains(window_), qPrintable(statusText(window)));
        QVERIFY(timeline->analysisWindow());
        QCOMPARE(timeline->analysisWindow()->first, range.first);
        QCOMPARE(timeline->analysisWindow()->second, range.second);
        auto* comparison = window.findChild<views::ComparisonView*>();
        const QStringList offered = comparedRuns(*comparison);
        QCOMPARE(offered.size(), 3); // the two runs and the window
        QVERIFY2(offered[2].startsWith(QStringLiteral("run 1: ")) && offered[2].contains(window_),
                 qPrintable(offered[2]));
        QVERIFY(saveWithTitle(window, "xylem-analysis-window.png"));
        // Over time follows the window: its calls are the window's complete calls.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto data = window.overTime()->data();
                return data && data->windowed;
            },
            20000));
        QCOMPARE(window.overTime()->data()->analysis.series.calls.size() > 0, true);
        std::int64_t overTimeCalls = 0;
        for (const std::int64_t n : window.overTime()->data()->analysis.series.calls) {
            overTimeCalls += n;
        }
        QCOMPARE(overTimeCalls, window.report()->calls);

        // The whole run again, at once from the report at hand.
        emit timeline->analysisWindowChosen(std::nullopt);
        QCOMPARE(shown.count(), 3);
        QCOMPARE(window.report()->calls, wholeCalls);
        QCOMPARE(window.windowTitle(), QStringLiteral("sample.xylem — Xylem"));

        // Another run drops the window.
        emit timeline->analysisWindowChosen(range);
        QVERIFY(shown.wait(20000));
        QVERIFY(window.runPanel()->chooseRun(2));
        QVERIFY(shown.wait(20000));
        QCOMPARE(window.shownRun(), (gui::RunKey{sample, 2}));
        QCOMPARE(window.windowTitle(), QStringLiteral("sample.xylem — Xylem"));
        QVERIFY(!timeline->analysisWindow());
    }
};

QTEST_MAIN(TestMultiSession)
#include "tst_multisession.moc"
