// The analysis window on the timeline (issue 23 item 5): a Shift-drag chooses a range, shown as
// a band with its bounds and reported in ns on the run's clock, while a plain drag still pans;
// the band stays on its times while zooming; the actions choose the span in view or the whole
// run; and a late answer for a window the user zoomed away from is not drawn.

#include "core/store/runcatalog.h"
#include "core/store/timeline.h"
#include "tests/support/plantedrun.h"
#include "tests/support/storedrun.h"
#include "tests/support/testpictures.h"
#include "views/timelineview.h"

#include <QAction>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using namespace xylem::views;
using Window = std::optional<std::pair<std::int64_t, std::int64_t>>;

namespace {

constexpr std::int64_t kOrigin = 1'700'000'000'000'000'000; // ns on the run's clock
constexpr std::int64_t kSecond = 1'000'000'000;

// Forty 100 ms buckets of calls between minNs and maxNs, their mean rising across the run.
store::TimelineSlice slice(std::int64_t minNs, std::int64_t maxNs)
{
    store::TimelineSlice s;
    for (int i = 0; i < 40; ++i) {
        const std::int64_t start = kOrigin + i * kSecond / 10;
        const double mean = minNs + (maxNs - minNs) * (0.3 + 0.4 * i / 40.0);
        s.buckets.push_back({start, start + kSecond / 10, 25, minNs, maxNs, mean});
    }
    return s;
}

// A run of 4 s drawn at 1280x800.
void showRun(TimelineView& view)
{
    view.resize(1280, 800);
    view.show();
    view.setRun(kOrigin, kOrigin + 4 * kSecond);
    view.setSlices(slice(200'000, 900'000), slice(150'000, 700'000));
    view.plot()->replot();
}

QPoint pixelAt(const TimelineView& view, double seconds)
{
    const QCPAxisRect* rect = view.plot()->axisRect();
    return {qRound(view.plot()->xAxis->coordToPixel(seconds)), rect->top() + rect->height() / 2};
}

void shiftDrag(TimelineView& view, double fromS, double toS)
{
    QWidget* plot = view.plot();
    QTest::mousePress(plot, Qt::LeftButton, Qt::ShiftModifier, pixelAt(view, fromS));
    QTest::mouseMove(plot, pixelAt(view, (fromS + toS) / 2));
    QTest::mouseMove(plot, pixelAt(view, toS));
    QTest::mouseRelease(plot, Qt::LeftButton, Qt::ShiftModifier, pixelAt(view, toS));
}

// The colour drawn at `seconds` on the x axis, a tenth of the plot's height from its bottom
// (under the series' band).
QColor colourAt(TimelineView& view, double seconds)
{
    view.plot()->replot();
    const QImage image = view.plot()->toPixmap().toImage();
    const QCPAxisRect* rect = view.plot()->axisRect();
    return image.pixelColor(qRound(view.plot()->xAxis->coordToPixel(seconds)),
                            rect->bottom() - rect->height() / 10);
}

bool shaded(const QColor& c)
{
    return c.blue() < c.red() - 20 && c.blue() < c.green() - 20; // the band's yellow on white
}

} // namespace

class TestTimelineWindow : public QObject
{
    Q_OBJECT

private slots:
    void aShiftDragChoosesARange()
    {
        TimelineView view;
        showRun(view);
        QSignalSpy chosen(&view, &TimelineView::analysisWindowChosen);
        const QCPRange before = view.plot()->xAxis->range();
        shiftDrag(view, 1.0, 3.0);
        QCOMPARE(chosen.count(), 1);
        const Window ns = chosen.at(0).at(0).value<Window>();
        QVERIFY(ns);
        // One pixel is 4 s / ~1200 px, about 3.5 ms.
        const std::int64_t pixelNs = 4 * kSecond / view.plot()->axisRect()->width() + 1;
        QVERIFY(std::llabs(ns->first - (kOrigin + kSecond)) <= pixelNs);
        QVERIFY(std::llabs(ns->second - (kOrigin + 3 * kSecond)) <= pixelNs);
        QCOMPARE(view.plot()->xAxis->range().lower, before.lower); // the drag did not pan
        QCOMPARE(view.plot()->xAxis->range().upper, before.upper);
        QVERIFY(view.analysisWindow());
        QCOMPARE(view.analysisWindow()->first, ns->first);
        QCOMPARE(view.analysisWindow()->second, ns->second);
        QVERIFY2(view.analysisWindowText().startsWith(QStringLiteral("analysis window: 1.0")) ||
                     view.analysisWindowText().startsWith(QStringLiteral("analysis window: 0.99")),
                 qPrintable(view.analysisWindowText()));
        QVERIFY(shaded(colourAt(view, 2.0)));
        QVERIFY(!shaded(colourAt(view, 0.5)));
        QVERIFY(!shaded(colourAt(view, 3.5)));
        // A Shift-click is no range: nothing chosen, the band stays.
        QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::ShiftModifier, pixelAt(view, 0.5));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(view.analysisWindow()->first, ns->first);
    }

    void aPlainDragStillPans()
    {
        TimelineView view;
        showRun(view);
        QSignalSpy chosen(&view, &TimelineView::analysisWindowChosen);
        QSignalSpy asked(&view, &TimelineView::windowRequested);
        QWidget* plot = view.plot();
        QTest::mousePress(plot, Qt::LeftButton, Qt::NoModifier, pixelAt(view, 2.0));
        QMouseEvent move(QEvent::MouseMove, pixelAt(view, 1.0),
                         plot->mapToGlobal(pixelAt(view, 1.0)), Qt::LeftButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(plot, &move);
        QTest::mouseRelease(plot, Qt::LeftButton, Qt::NoModifier, pixelAt(view, 1.0));
        QCOMPARE(chosen.count(), 0);
        QVERIFY(asked.count() >= 1);
        QVERIFY(view.plot()->xAxis->range().lower > 0.9); // panned right by about a second
        QVERIFY(!view.analysisWindow());
    }

    // Zooming and panning keep the band on its times; the window asked for follows the zoom.
    void theBandStaysWhileZooming()
    {
        TimelineView view;
        showRun(view);
        view.showAnalysisWindow(
            std::pair<qint64, qint64>(kOrigin + kSecond, kOrigin + 2 * kSecond));
        view.showWindow(kOrigin + kSecond / 2, kOrigin + 5 * kSecond / 2);
        QCOMPARE(view.analysisWindow()->first, kOrigin + kSecond);
        QVERIFY(shaded(colourAt(view, 1.5)));
        QVERIFY(shaded(colourAt(view, 1.05)));
        QVERIFY(!shaded(colourAt(view, 0.8)));
        QVERIFY(!shaded(colourAt(view, 2.2)));
        QVERIFY(view.analysisWindowText().contains(QStringLiteral("1.000 – 2.000 s")));
        const QString picture =
            QString::fromStdString(testing::picturePath("xylem-timeline-window.png"));
        QVERIFY(view.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));
        // Panned so that the band's start is out of view: its bounds are still written.
        view.showWindow(kOrigin + 3 * kSecond / 2, kOrigin + 3 * kSecond);
        QVERIFY(shaded(colourAt(view, 1.6)));
        QVERIFY(!view.analysisWindowText().isEmpty());
    }

    void theActionsChooseTheSpanInViewOrTheWholeRun()
    {
        TimelineView view;
        QCOMPARE(view.analysisActions().size(), 2);
        QAction* range = view.analysisActions().at(0);
        QAction* whole = view.analysisActions().at(1);
        QVERIFY(!range->isEnabled()); // nothing shown yet
        showRun(view);
        QVERIFY(range->isEnabled());
        QVERIFY(!whole->isEnabled());
        QSignalSpy chosen(&view, &TimelineView::analysisWindowChosen);
        view.showWindow(kOrigin + kSecond / 4, kOrigin + 3 * kSecond / 4);
        const auto [from, to] = view.window();
        range->trigger();
        QCOMPARE(chosen.count(), 1);
        const Window ns = chosen.at(0).at(0).value<Window>();
        QVERIFY(ns);
        QVERIFY(std::llabs(ns->first - from) <= 1 && std::llabs(ns->second - to) <= 1);
        QVERIFY(whole->isEnabled());
        whole->trigger();
        QCOMPARE(chosen.count(), 2);
        QVERIFY(!chosen.at(1).at(0).value<Window>());
        QVERIFY(!view.analysisWindow());
        QVERIFY(view.analysisWindowText().isEmpty());
        // A span in view wider than the run is the run's span.
        view.showWindow(kOrigin - kSecond, kOrigin + 5 * kSecond);
        range->trigger();
        const Window all = chosen.at(2).at(0).value<Window>();
        QCOMPARE(all->first, kOrigin);
        QCOMPARE(all->second, kOrigin + 4 * kSecond + 1);
        view.clear(QStringLiteral("recording"));
        QVERIFY(!range->isEnabled() && !whole->isEnabled());
        QVERIFY(!view.analysisWindow());
    }

    // The answer for the whole run arriving after the user zoomed is not drawn over the zoom;
    // the zoomed window's is.
    void aLateSliceOfAnOlderWindowIsNotDrawn()
    {
        TimelineView view;
        QSignalSpy asked(&view, &TimelineView::windowRequested);
        view.resize(1280, 800);
        view.show();
        view.setRun(kOrigin, kOrigin + 4 * kSecond);
        const auto whole =
            std::pair(asked.last().at(0).toLongLong(), asked.last().at(1).toLongLong());
        QCOMPARE(whole.first, kOrigin);
        view.showWindow(kOrigin + kSecond, kOrigin + 2 * kSecond);
        const auto zoomed =
            std::pair(asked.last().at(0).toLongLong(), asked.last().at(1).toLongLong());
        QCOMPARE(view.windowAsked()->first, zoomed.first);
        store::TimelineSlice fine = slice(100, 200);
        QVERIFY(view.setSlices(zoomed.first, zoomed.second, fine, fine));
        QCOMPARE(view.callsDrawn(), std::int64_t{40 * 25});
        const store::TimelineSlice coarse = slice(5'000, 9'000);
        QVERIFY(!view.setSlices(whole.first, whole.second, coarse, coarse));
        QCOMPARE(view.yUnit(), DurationUnit::Nanoseconds); // still the fine slice's
        QCOMPARE(view.plot()->graph(2)->data()->at(0)->value, fine.buckets.front().mean);
        QCOMPARE(view.plot()->xAxis->range().lower, 1.0);
    }

    // A stored run with a daemon, its band over the middle third as a user sees it: the
    // timeline's answer for the window asked is drawn, the band's pixels are shaded.
    void aStoredRunWithItsBand()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("band.xylem")).toStdString();
        const Configuration config = testing::hierarchyTree("band", "4", 2);
        const auto tuples = testing::simulateTrace(
            config, testing::culpritAndDaemon(2000, 5, "h1.t1", 20'000, "h3.t0"));
        const auto run = testing::storeRun(path, config, tuples, "band");
        QVERIFY(run);
        auto session = store::Session::open(path, store::OpenMode::ReadOnly);
        QVERIFY(session);
        const auto info = store::runInfo(session.value(), run.value()).value();
        TimelineView view;
        view.resize(1280, 800);
        view.show();
        QSignalSpy asked(&view, &TimelineView::windowRequested);
        view.setRun(*info.firstNs, *info.lastNs);
        const auto answer = [&](int series) {
            return store::queryTimeline(session.value(), run.value(), series,
                                        store::TimeWindow{asked.last().at(0).toLongLong(),
                                                          asked.last().at(1).toLongLong() + 1},
                                        size_t(asked.last().at(2).toInt()))
                .value();
        };
        QVERIFY(view.setSlices(asked.last().at(0).toLongLong(), asked.last().at(1).toLongLong(),
                               answer(store::kOperationSeries),
                               answer(store::kSlowestThreadSeries)));
        const std::int64_t span = *info.lastNs - *info.firstNs;
        view.showAnalysisWindow(
            std::pair<qint64, qint64>(*info.firstNs + span / 3, *info.firstNs + 2 * span / 3));
        const double third = static_cast<double>(span) / 3e9;
        QVERIFY(shaded(colourAt(view, 1.5 * third)));
        QVERIFY(!shaded(colourAt(view, 0.5 * third)));
        const QString picture =
            QString::fromStdString(testing::picturePath("xylem-timeline-window-run.png"));
        QVERIFY(view.grab().save(picture));
        qInfo("picture: %s (%s)", qPrintable(picture), qPrintable(view.analysisWindowText()));
    }

    // The same run shown again (its report in a window) keeps the zoom and the band; another
    // run starts from its whole span without a band.
    void theSameRunAgainKeepsZoomAndBand()
    {
        TimelineView view;
        showRun(view);
        view.showAnalysisWindow(
            std::pair<qint64, qint64>(kOrigin + kSecond, kOrigin + 2 * kSecond));
        view.showWindow(kOrigin + kSecond / 2, kOrigin + 3 * kSecond);
        QSignalSpy asked(&view, &TimelineView::windowRequested);
        view.setRun(kOrigin, kOrigin + 4 * kSecond);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.at(0).at(0).toLongLong(), view.window().first);
        QVERIFY(view.analysisWindow());
        QVERIFY(std::abs(view.plot()->xAxis->range().lower - 0.5) < 1e-9);
        view.setRun(kOrigin, kOrigin + 3 * kSecond);
        QVERIFY(!view.analysisWindow());
        QCOMPARE(view.plot()->xAxis->range().lower, 0.0);
    }
};

QTEST_MAIN(TestTimelineWindow)
#include "tst_timelinewindow.moc"
