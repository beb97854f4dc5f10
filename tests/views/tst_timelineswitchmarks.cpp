// The switches of --adapt's tuner on the timeline (issue 24 item 4): an MPI run of 40
// MPI_Allreduce calls stored with its trace and a tuner's record (three trial blocks, then the
// settling switch), read back from the session as the GUI reads it (store::mpiTreeSwitches)
// and drawn at 1280x800: a thin line of the mark's colour at each switch's call start, to a
// pixel where the time axis puts that start (taken from the trace's events here, not from the
// store), labelled "→ TREE" ("→ TREE (settled)" bold), with a tooltip naming the call; nothing
// between the marks; another run drops them.

#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/mpitreeadapt.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "core/store/timeline.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/testpictures.h"
#include "views/timelineswitchmarks.h"
#include "views/timelineview.h"

#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using namespace xylem::views;

namespace {

constexpr int kCalls = 40;

// The earliest enter of world collective `seq`, straight from the trace's events.
std::int64_t callStart(const MpiTrace& trace, std::int64_t seq)
{
    std::int64_t start = std::numeric_limits<std::int64_t>::max();
    for (const MpiEvent& e : trace.events) {
        if (e.communicator == 0 && e.seq == seq) {
            start = std::min(start, e.enter);
        }
    }
    return start;
}

struct StoredAdaptedRun
{
    std::int64_t firstNs = 0;
    std::int64_t lastNs = 0;
    std::vector<store::TreeSwitchAt> switches;
};

// The run of the trace's Allreduce stored with its trace and the record; read back.
Result<StoredAdaptedRun> storeAdaptedRun(const std::string& path, const MpiTrace& trace,
                                         const MpiTreeAdapt& adapt)
{
    XYLEM_TRY(session, store::Session::create(path));
    XYLEM_TRY(run, collectiveRun(trace, 0, MpiCall::Allreduce, RunShape::Hierarchy));
    XYLEM_TRY(id, store::importRun(session.value(), run->configuration, run->tuples,
                                   store::RunMetadata{"adapted", "", "test", "", ""}));
    XYLEM_TRY(mpi, store::addMpiTrace(session.value(), id.value(), trace));
    XYLEM_TRY(added, store::addMpiTreeAdapt(session.value(), id.value(), adapt, trace));
    XYLEM_TRY(runs, store::listRuns(session.value()));
    XYLEM_TRY(switches, store::mpiTreeSwitches(session.value(), id.value()));
    return StoredAdaptedRun{*runs->front().firstNs, *runs->front().lastNs,
                            std::move(switches).value()};
}

// One bucket per call: the run's timeline as the store would give it.
store::TimelineSlice slice(const MpiTrace& trace, std::int64_t durationNs)
{
    store::TimelineSlice s;
    for (std::int64_t seq = 0; seq < kCalls; ++seq) {
        const std::int64_t start = callStart(trace, seq);
        s.buckets.push_back({start, start + durationNs, 1, durationNs, durationNs,
                             static_cast<double>(durationNs)});
    }
    return s;
}

bool near(const QColor& a, const QColor& b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <
           40;
}

// Rows of the axis rect (from 30 % to 95 % of its height, below the labels) whose pixel in
// column x (or the one beside it) has the colour.
int rowsWithColour(const QImage& image, const QRect& rect, int x, const QColor& colour)
{
    int rows = 0;
    for (int i = 0; i < 20; ++i) {
        const int y = rect.top() + rect.height() * (30 + 65 * i / 20) / 100;
        for (int dx = -1; dx <= 1; ++dx) {
            if (near(image.pixelColor(x + dx, y), colour)) {
                ++rows;
                break;
            }
        }
    }
    return rows;
}

} // namespace

class TestTimelineSwitchMarks : public QObject
{
    Q_OBJECT

private slots:
    void switchesAreMarkedAtTheirCallsStarts()
    {
        QTemporaryDir dir;
        const MpiTrace trace = testing::lateRankTrace(4, 2, 500, kCalls);
        MpiTreeAdapt adapt;
        adapt.candidates = {"native", "flat", "binomial"};
        adapt.block = 8;
        adapt.rounds = 1;
        adapt.settled = "binomial";
        adapt.switches = {{4, 4, "native", false},
                          {12, 12, "flat", false},
                          {20, 20, "binomial", false},
                          {28, 28, "binomial", true}};
        auto stored = storeAdaptedRun(dir.filePath("s.xylem").toStdString(), trace, adapt);
        QVERIFY2(stored.ok(), stored ? "" : stored.error().describe().c_str());
        QCOMPARE(stored->switches.size(), size_t(4));

        TimelineView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setRun(stored->firstNs, stored->lastNs);
        view.setSlices(slice(trace, 600), slice(trace, 500));
        view.setTreeSwitches(stored->switches);
        const TimelineSwitchMarks* marks = view.switchMarks();
        QCOMPARE(marks->shown().size(), size_t(4));
        view.plot()->replot();
        const QImage image = view.grab().toImage();
        const QString path = QString::fromStdString(testing::picturePath("timeline-switches.png"));
        QVERIFY(image.save(path));
        qInfo("picture: %s", qPrintable(path));
        QCOMPARE(image.size(), QSize(1280, 800) * image.devicePixelRatio());
        QCOMPARE(image.devicePixelRatio(), 1.0);

        const QRect rect = view.plot()->axisRect()->rect();
        const QStringList labels{"→ native", "→ flat", "→ binomial", "→ binomial (settled)"};
        for (size_t i = 0; i < adapt.switches.size(); ++i) {
            const MpiTreeSwitch& s = adapt.switches[i];
            const double seconds =
                static_cast<double>(callStart(trace, s.seq) - stored->firstNs) / 1e9;
            const double want = view.plot()->xAxis->coordToPixel(seconds);
            QVERIFY2(want > rect.left() && want < rect.right(), qPrintable(QString::number(want)));
            // The line is drawn there, a pixel either side at most.
            const double drawn = marks->lines()[i]->point1->pixelPosition().x();
            QVERIFY2(std::abs(drawn - want) <= 1,
                     qPrintable(
                         QString("mark %1 at %2 px, its call at %3").arg(i).arg(drawn).arg(want)));
            const QColor colour =
                s.settle ? TimelineSwitchMarks::settleColour() : TimelineSwitchMarks::trialColour();
            QVERIFY2(rowsWithColour(image, rect, qRound(want), colour) >= 15,
                     qPrintable(QString("mark %1 at x %2").arg(i).arg(want)));
            // And not beside it (the marks are 8 calls, about 50 px, apart).
            QCOMPARE(rowsWithColour(image, rect, qRound(want) + 12, colour), 0);
            QCOMPARE(marks->labels()[i]->text(), labels[int(i)]);
            QCOMPARE(marks->labels()[i]->font().bold(), s.settle);
            QCOMPARE(marks->toolTipAt(want + 2),
                     QString("call %1: switched to %2 (%3)")
                         .arg(s.call)
                         .arg(QString::fromStdString(s.to), s.settle ? "settled" : "trial block"));
        }
        QVERIFY(marks
                    ->toolTipAt(view.plot()->xAxis->coordToPixel(
                        static_cast<double>(callStart(trace, 8) - stored->firstNs) / 1e9))
                    .isEmpty());

        // Panned so that the first mark is left of the view: its label is not drawn either.
        view.showWindow(callStart(trace, 8), stored->lastNs);
        QVERIFY(!marks->labels()[0]->visible());
        QVERIFY(marks->labels()[1]->visible());

        // Another run (a span not this one's) drops them; so does a recording.
        view.setRun(stored->firstNs, stored->lastNs + 1000);
        QVERIFY(marks->shown().empty());
        QVERIFY(marks->lines().empty());
        view.setTreeSwitches(stored->switches);
        QCOMPARE(marks->lines().size(), size_t(4));
        view.clear(QStringLiteral("recording"));
        QVERIFY(marks->lines().empty());
    }

    void switchWithoutStartIsLeftOut()
    {
        TimelineView view;
        view.setRun(1000, 2000);
        view.setTreeSwitches({{{0, -1, "flat", false}, std::nullopt},
                              {{5, 5, "binomial", true}, std::int64_t(1500)}});
        QCOMPARE(view.switchMarks()->shown().size(), size_t(1));
        QCOMPARE(view.switchMarks()->shown()[0].seconds, 500e-9);
        QCOMPARE(view.switchMarks()->shown()[0].tree, QString("binomial"));
    }
};

QTEST_MAIN(TestTimelineSwitchMarks)
#include "tst_timelineswitchmarks.moc"
