// The Timeline view while the window records (issue 22): a live demo recorded in the window's
// process. With every status LiveController hands over the run's timeline so far (the writer's
// summaries, coarse) and the Timeline view draws it with the code it draws a stored run with:
// the calls drawn grow while recording, the view follows the run's end (its newest part, whose
// calls are still being assembled, shaded), the system panel says its samples come with the
// stored run. Stopped, the view shows the stored run's series, as
// the session answers its window.
// A picture of the window at 1280x800 while recording, the timeline shown.

#include "app/gui/mainwindow.h"
#include "core/model/durationunits.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "tests/app/livedemorecording.h"
#include "tests/support/testpictures.h"
#include "views/timelineview.h"

#include <QSignalSpy>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;

namespace {

using Timeline = std::shared_ptr<const store::LiveTimeline>;

Timeline newest(const QSignalSpy& spy)
{
    return spy.isEmpty() ? nullptr : spy.last().at(1).value<Timeline>();
}

// The operation series' mean line (the graphs are made in a fixed order: min, max, mean).
QCPGraph* operationMean(views::TimelineView& view)
{
    for (int i = 0; i < view.plot()->graphCount(); ++i) {
        if (view.plot()->graph(i)->name() ==
            views::TimelineView::tr("operation time, mean (band: min..max)")) {
            return view.plot()->graph(i);
        }
    }
    return nullptr;
}

// The per-call axis's unit: durationunits.h's for the highest max of the two series drawn.
DurationUnit axisUnit(const store::TimelineSlice& operation, const store::TimelineSlice& slowest)
{
    std::vector<double> maxima;
    for (const store::TimelineSlice* slice : {&operation, &slowest}) {
        for (const store::TimelineBucket& b : slice->buckets) {
            maxima.push_back(static_cast<double>(b.max));
        }
    }
    return durationUnitFor(maxima);
}

// The view's per-call axis is in the unit the series ask for (the live demo's calls take
// milliseconds), and says so; the mean line holds the operation's buckets, each at its middle,
// in that unit.
void compareLine(views::TimelineView& view, QCPGraph& line, const store::TimelineSlice& operation,
                 const store::TimelineSlice& slowest, std::int64_t originNs)
{
    const DurationUnit unit = axisUnit(operation, slowest);
    QCOMPARE(view.yUnit(), unit);
    const std::string_view symbol = unitSymbol(unit);
    QCOMPARE(view.plot()->yAxis->label(),
             QStringLiteral("per call (%1)")
                 .arg(QString::fromUtf8(symbol.data(), static_cast<qsizetype>(symbol.size()))));
    QCOMPARE(line.data()->size(), static_cast<int>(operation.buckets.size()));
    for (int i = 0; i < line.data()->size(); ++i) {
        const store::TimelineBucket& b = operation.buckets[static_cast<size_t>(i)];
        QCOMPARE(line.data()->at(i)->key,
                 static_cast<double>((b.startNs + b.endNs) / 2 - originNs) / 1e9);
        QCOMPARE(line.data()->at(i)->value, inUnit(b.mean, unit));
    }
}

} // namespace

class TestLiveTimeline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_livetimeline"));
    }

    void theTimelineFollowsTheRecording()
    {
        testing::LiveDemoRecording recording;
        // Quick calls: they leave the writer's assembly window soon.
        recording.settings.noise.clear();
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.showView(gui::MainWindow::View::Timeline);
        auto* view = window.findChild<views::TimelineView*>();
        QVERIFY(view);
        QCPGraph* mean = operationMean(*view);
        QVERIFY(mean);
        QSignalSpy timelines(&window.live(), &gui::LiveController::timeline);
        recording.start(window);
        QVERIFY(!view->showsLive());
        QCOMPARE(view->callsDrawn(), std::int64_t{0});

        // Calls are summarised as soon as they are complete: the first come with the first
        // snapshots. The window's slot runs before the spy's.
        // Drawn: the view shows the newest snapshot (its calls and its buckets; the first
        // snapshots may come before the window shows the live report, and are not drawn).
        const auto drawn = [&](std::int64_t above) {
            const Timeline t = newest(timelines);
            return t && t->calls > above && view->showsLive() && view->callsDrawn() == t->calls &&
                   mean->data()->size() == static_cast<int>(t->operation.buckets.size());
        };
        for (int i = 0; i < 60 && !drawn(0); ++i) {
            QVERIFY(timelines.wait(15000));
        }
        QVERIFY(drawn(0));
        QVERIFY(window.live().running());
        QCOMPARE(timelines.last().at(0).toString(), recording.session());
        const Timeline first = newest(timelines);
        QVERIFY(first->operation.buckets.size() <= 2048);
        compareLine(*view, *mean, first->operation, first->slowest, first->firstNs);
        // The window shows the run's span so far.
        QCOMPARE(view->window().first, first->firstNs);
        QVERIFY(std::abs(view->window().second - first->lastNs) < 1000);
        // The calls not summarised yet (still waiting for a tuple) are the shaded end of the
        // span: from the newest drawn bucket's end (which may reach past the span's end: then
        // nothing is shaded) to the span's end.
        QVERIFY(view->pendingSpan());
        const double spanEnd = static_cast<double>(first->lastNs - first->firstNs) / 1e9;
        QCOMPARE(view->pendingSpan()->first,
                 std::min(static_cast<double>(first->operation.buckets.back().endNs -
                                              first->firstNs) /
                              1e9,
                          spanEnd));
        QCOMPARE(view->pendingSpan()->second, spanEnd);
        QVERIFY(view->systemRect()
                    ->axis(QCPAxis::atBottom)
                    ->label()
                    .contains(QStringLiteral("stored run")));

        view->plot()->replot();
        const QString picture =
            QString::fromStdString(testing::picturePath("xylem-live-timeline-calls.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));

        // And again, grown, the window following the run's end.
        for (int i = 0; i < 60 && !drawn(first->calls); ++i) {
            QVERIFY(timelines.wait(15000));
        }
        QVERIFY(drawn(first->calls));
        const Timeline grown = newest(timelines);
        QVERIFY(grown->lastNs > first->lastNs);
        QCOMPARE(grown->firstNs, first->firstNs);
        compareLine(*view, *mean, grown->operation, grown->slowest, grown->firstNs);
        QVERIFY(std::abs(view->window().second - grown->lastNs) < 1000);

        // The stored run's series come as the view asks for them: its window and points.
        QSignalSpy requests(view, &views::TimelineView::windowRequested);
        const QString stopped = recording.stop(window);
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
        // Then the stored run's series, as the session answers the view's window.
        auto session =
            store::Session::open(recording.session().toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session.ok());
        auto run = store::runInfo(session.value(), 1);
        QVERIFY(run.ok() && run->firstNs && run->calls > grown->calls);
        QTRY_VERIFY_WITH_TIMEOUT(!view->showsLive() && view->callsDrawn() == run->calls, 20000);
        QCOMPARE(view->window().first, *run->firstNs);
        QVERIFY(!view->pendingSpan());
        QVERIFY(!requests.isEmpty());
        const QList<QVariant> asked = requests.last();
        const store::TimeWindow askedWindow{asked.at(0).value<std::int64_t>(),
                                            asked.at(1).value<std::int64_t>()};
        auto stored = store::queryTimeline(session.value(), 1, store::kOperationSeries, askedWindow,
                                           static_cast<size_t>(asked.at(2).toInt()));
        QVERIFY(stored.ok());
        auto storedSlowest =
            store::queryTimeline(session.value(), 1, store::kSlowestThreadSeries, askedWindow,
                                 static_cast<size_t>(asked.at(2).toInt()));
        QVERIFY(storedSlowest.ok());
        // The view may have asked again (its layout settled) after an answer it drew already:
        // the answer to its last request comes in its turn.
        QTRY_COMPARE_WITH_TIMEOUT(mean->data()->size(),
                                  static_cast<int>(stored->buckets.size()), 20000);
        compareLine(*view, *mean, stored.value(), storedSlowest.value(), *run->firstNs);
    }
};

QTEST_MAIN(TestLiveTimeline)
#include "tst_livetimeline.moc"
