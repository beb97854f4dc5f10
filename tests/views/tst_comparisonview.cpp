// The comparison view over two simulated runs of one configuration, one with a delayed thread:
// the view shows core's comparison (speedup, stages of the compared threads, slowest shares)
// and says which run is faster, with the speedup's bootstrap interval when the runs' per-call
// times are known (at once or off the GUI thread); B defaults to another run than A. Pictures
// are saved to look at.

#include "core/analysis/analyzer.h"
#include "core/analysis/callmatrix.h"
#include "core/analysis/calltimes.h"
#include "core/model/treegenerator.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/comparisonview.h"
#include "views/distributionplot.h"
#include "views/overlaytimemapplot.h"
#include "views/overlaytimemapview.h"
#include "views/palette.h"
#include "views/plotlegend.h"
#include "views/scaledtimemapplot.h"
#include "views/tablemodel.h"

#include <QComboBox>
#include <QCompleter>
#include <QListWidget>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> run(std::int64_t culpritDelay)
{
    return testing::simulatedReport(
        {"3", 2, {.calls = 120, .culprit = "h1.t1", .culpritDelay = culpritDelay}});
}

// A simulated run with its calls' operation times, as a session gives both.
LabelledReport runWithCalls(const QString& label, std::int64_t calls, std::int64_t culpritDelay,
                            std::uint64_t seed)
{
    const auto config = generateTree(TreeSpec{"simulated", parseHostList("4").value(), 2,
                                              TreeShape::HierarchyAware, 2, RootKind::Core})
                            .value();
    const auto tuples = testing::simulateTrace(
        config,
        {.calls = calls, .seed = seed, .culprit = "h1.t1", .culpritDelay = culpritDelay});
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    const Topology topology(config);
    auto times = std::make_shared<std::vector<std::int64_t>>();
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (matrix.isComplete(r)) {
            times->push_back(callTimes(topology, matrix.row(r)).operationTime);
        }
    }
    return {label, std::make_shared<const AnalysisReport>(analyze(config, tuples)),
            std::move(times)};
}

// A run of a tree of the given shape: paths of different lengths for the overlay.
LabelledReport shaped(const QString& label, TreeShape shape, const std::string& hosts,
                      int threadsPerHost, std::int64_t culpritDelay, std::int64_t calls = 80)
{
    const auto config = generateTree(TreeSpec{"simulated", parseHostList(hosts).value(),
                                              threadsPerHost, shape, 2, RootKind::Core})
                            .value();
    const auto tuples = testing::simulateTrace(
        config, {.calls = calls, .culprit = "h1.t1", .culpritDelay = culpritDelay});
    return {label, std::make_shared<const AnalysisReport>(analyze(config, tuples)), nullptr,
            label.section(QLatin1Char(':'), 0, 0)};
}

// Eight runs of one session: four tree shapes, some with h1.t1 late.
std::vector<LabelledReport> eightRuns()
{
    const auto h = TreeShape::HierarchyAware;
    return {shaped(QStringLiteral("run 1: hierarchy, 4 hosts"), h, "4", 2, 0),
            shaped(QStringLiteral("run 2: hierarchy, h1.t1 30 µs late"), h, "4", 2, 30'000),
            shaped(QStringLiteral("run 3: flat"), TreeShape::Flat, "4", 2, 0),
            shaped(QStringLiteral("run 4: binary tree"), TreeShape::KAry, "4", 2, 0),
            shaped(QStringLiteral("run 5: binomial"), TreeShape::Binomial, "4", 2, 0),
            shaped(QStringLiteral("run 6: hierarchy, 8 hosts"), h, "8", 2, 0),
            shaped(QStringLiteral("run 7: flat, h1.t1 10 µs late"), TreeShape::Flat, "4", 2, 10'000),
            shaped(QStringLiteral("run 8: hierarchy, 2 hosts"), h, "2", 2, 0)};
}

// Every drawn line's depths lie in [0, 1] and reach the root at 1.
void verifyScaledDepths(const OverlayTimemapPlot& plot)
{
    int lines = 0;
    for (int i = 0; i < plot.plot()->plottableCount(); ++i) {
        auto* curve = qobject_cast<QCPCurve*>(plot.plot()->plottable(i));
        if (!curve || curve->data()->isEmpty()) {
            continue;
        }
        ++lines;
        double top = 0;
        for (const QCPCurveData& point : *curve->data()) {
            QVERIFY2(point.value > 0 && point.value <= 1, qPrintable(curve->name()));
            top = std::max(top, point.value);
        }
        QCOMPARE(top, 1.0);
    }
    QCOMPARE(lines, plot.graphsDrawn());
}

} // namespace

class TestComparisonView : public QObject
{
    Q_OBJECT

private slots:
    void showsCoresComparison()
    {
        const auto slow = run(60'000);
        const auto fast = run(0);
        ComparisonView view;
        view.resize(1000, 560);
        view.setReports(
            {{QStringLiteral("run 1: delayed"), slow}, {QStringLiteral("run 2: balanced"), fast}});
        QVERIFY(view.comparison());
        const Comparison expected = compareRuns(*slow, *fast).value();
        QCOMPARE(view.comparison()->speedup, expected.speedup);
        QVERIFY(expected.speedup > 1);
        QVERIFY2(view.summary().contains(QStringLiteral("B is faster")),
                 qPrintable(view.summary()));
        QCOMPARE(view.comparison()->stages.size(), expected.stages.size());
        QCOMPARE(view.shares()->rowCount(), 6); // every thread of both runs
        QVERIFY(!view.comparison()->interval); // no per-call times given
        QVERIFY2(view.summary().contains(QStringLiteral("No confidence interval")),
                 qPrintable(view.summary()));
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-comparison.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));

        QVERIFY(view.compare(1, 0)); // the other way round
        QVERIFY(view.comparison()->speedup < 1);
        QVERIFY(view.summary().contains(QStringLiteral("A is faster")));
        QVERIFY(!view.compare(0, 5));
    }

    // Operation-time distributions over common bins, and the compared thread's timemap in each
    // run with its depth scaled to [0, 1], on one x range.
    void showsDistributionsAndScaledTimemaps()
    {
        const auto slow = run(60'000);
        const auto fast = run(0);
        // Per-call times as a session gives them: the delayed run's calls ~60 µs longer.
        auto slowTimes = std::make_shared<std::vector<std::int64_t>>();
        auto fastTimes = std::make_shared<std::vector<std::int64_t>>();
        for (int call = 0; call < 200; ++call) {
            fastTimes->push_back(40'000 + (call % 10) * 1'000);
            slowTimes->push_back(100'000 + (call % 10) * 1'000);
        }
        slowTimes->push_back(5'000'000); // one stalled call: beyond the axis, still counted
        ComparisonView view;
        view.resize(1200, 760);
        view.setReports(
            {{QStringLiteral("run 1: delayed thread h1.t1 by 40 µs, 4 hosts × 4 threads"), slow,
              slowTimes},
             {QStringLiteral("run 2: balanced, the same tree after the fix"), fast, fastTimes}});
        const auto& histograms = view.distribution()->histograms();
        QCOMPARE(histograms.size(), size_t{2});
        QCOMPARE(histograms[0].binNs, histograms[1].binNs);
        QCOMPARE(histograms[0].count, std::int64_t{201});
        QCOMPARE(histograms[0].above, std::int64_t{1});
        // Where half of each run's calls lie: the delayed run's to the right of the balanced's.
        const auto medianBin = [](const Histogram& h) {
            double seen = 0;
            for (size_t bin = 0; bin < h.fraction.size(); ++bin) {
                if ((seen += h.fraction[bin]) >= 0.5) {
                    return bin;
                }
            }
            return h.fraction.size();
        };
        QVERIFY(medianBin(histograms[0]) > medianBin(histograms[1]));
        // Both timemaps drawn, one bar per stage of the compared thread, on one x axis.
        const auto& c = *view.comparison();
        const ThreadReport* a = slow->thread(slow->configuration->indexOf(c.a.thread));
        QCOMPARE(view.timemapA()->barsDrawn(), static_cast<int>(a->timemap.size()));
        QVERIFY(view.timemapB()->barsDrawn() > 0);
        QCOMPARE(view.timemapA()->plot()->xAxis->range().lower,
                 view.timemapB()->plot()->xAxis->range().lower);
        QCOMPARE(view.timemapA()->plot()->xAxis->range().upper,
                 view.timemapB()->plot()->xAxis->range().upper);
        // The interval from those times, bootstrapped at once for runs this small.
        QVERIFY(c.interval);
        const auto expected = speedupInterval(*slowTimes, *fastTimes);
        QCOMPARE(c.interval->lower, expected->lower);
        QCOMPARE(c.interval->upper, expected->upper);
        QVERIFY2(view.summary().contains(QStringLiteral("B is significantly faster")),
                 qPrintable(view.summary()));
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-comparison-dist.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));

        view.setReports({{QStringLiteral("no calls"), slow, nullptr}}); // a run without records
        QCOMPARE(view.distribution()->histograms().size(), size_t{2});
        QCOMPARE(view.distribution()->histograms()[0].count, std::int64_t{0});
    }

    // At 1280 x 800 as a user opens it: a run with a thread 20 µs late against the same tree
    // balanced, with per-call times, and the verdict of the interval.
    void pictureWithTheInterval()
    {
        ComparisonView view;
        view.resize(1280, 800);
        view.setReports({runWithCalls(QStringLiteral("run 1: h1.t1 20 µs late"), 400, 20'000, 3),
                         runWithCalls(QStringLiteral("run 2: balanced"), 400, 0, 4)});
        QCOMPARE(view.currentA(), 0);
        QCOMPARE(view.currentB(), 1);
        QVERIFY(view.comparison() && view.comparison()->interval);
        QVERIFY(view.comparison()->interval->lower > 1);
        QVERIFY2(view.summary().contains(QStringLiteral("95 % interval")),
                 qPrintable(view.summary()));
        const QString file = QString::fromStdString(
            xylem::testing::picturePath("xylem-comparison-interval-1280x800.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }

    // Runs too large to resample on the GUI thread: the summary says so, and the interval comes
    // with intervalShown; an answer for runs no longer shown is dropped.
    void largeRunsAreResampledOffTheGuiThread()
    {
        const auto times = [](std::int64_t base, std::uint64_t seed) {
            auto v = std::make_shared<std::vector<std::int64_t>>();
            std::uint64_t x = seed;
            for (int i = 0; i < 30'000; ++i) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                v->push_back(base + static_cast<std::int64_t>((x >> 33) % 10'000));
            }
            return v;
        };
        const auto report = run(0);
        ComparisonView view;
        QSignalSpy shown(&view, &ComparisonView::intervalShown);
        view.setReports({{QStringLiteral("run 1"), report, times(50'000, 1)},
                         {QStringLiteral("run 2"), report, times(50'000, 2)}});
        QVERIFY2(view.summary().contains(QStringLiteral("resampling")), qPrintable(view.summary()));
        QVERIFY(!view.comparison()->interval);
        view.compare(1, 0); // asked again before the first answer: only the last one counts
        QVERIFY(shown.wait(60'000));
        QTRY_VERIFY_WITH_TIMEOUT(view.comparison()->interval.has_value(), 60'000);
        const auto expected = speedupInterval(*times(50'000, 2), *times(50'000, 1));
        QCOMPARE(view.comparison()->interval->lower, expected->lower);
        QCOMPARE(view.comparison()->interval->upper, expected->upper);
        QVERIFY(view.comparison()->interval->noSignificantDifference());
        QVERIFY2(view.summary().contains(QStringLiteral("no significant difference")),
                 qPrintable(view.summary()));
    }

    // One run analysed: A and B are that run and the summary says to analyse another; with two
    // B is the other one; choices stay when more runs are analysed.
    void bDefaultsToAnotherRun()
    {
        const auto one = run(0);
        const auto two = run(30'000);
        ComparisonView view;
        view.setReports({{QStringLiteral("run 1"), one}});
        QCOMPARE(view.currentA(), 0);
        QCOMPARE(view.currentB(), 0);
        QVERIFY(view.summary().contains(QStringLiteral("same run")));
        view.setReports({{QStringLiteral("run 1"), one}, {QStringLiteral("run 2"), two}});
        QCOMPARE(view.currentA(), 0);
        QCOMPARE(view.currentB(), 1);
        QVERIFY(!view.summary().contains(QStringLiteral("same run")));
        QVERIFY(view.compare(1, 0));
        view.setReports({{QStringLiteral("run 1"), one},
                         {QStringLiteral("run 2"), two},
                         {QStringLiteral("run 3"), one}});
        QCOMPARE(view.currentA(), 1);
        QCOMPARE(view.currentB(), 0);
    }

    // Runs not analysed yet are candidates: listed and marked; B is another run than A, an
    // analysed one first; a pair that needs one says so, asks for it once by its key, and the
    // comparison appears when setReports brings its report, the choice kept by key. A hidden
    // view asks when it is shown.
    void unanalysedRunsAreAskedFor()
    {
        const auto one = run(0);
        const auto three = run(30'000);
        const auto candidate = [](const QString& label, const QString& key,
                                  std::shared_ptr<const AnalysisReport> report = nullptr) {
            return LabelledReport{label, std::move(report), nullptr, key};
        };
        ComparisonView view;
        QSignalSpy wanted(&view, &ComparisonView::analysisWanted);
        // Only run 1 analysed: A is run 1, B the first other run, not yet analysed.
        view.setReports({candidate(QStringLiteral("run 1: flat"), QStringLiteral("1"), one),
                         candidate(QStringLiteral("run 2: deep"), QStringLiteral("2")),
                         candidate(QStringLiteral("run 3: flat"), QStringLiteral("3"))});
        QCOMPARE(view.currentA(), 0);
        QCOMPARE(view.currentB(), 1);
        const auto* comboB = view.findChildren<QComboBox*>().at(1);
        QCOMPARE(comboB->itemText(2), QStringLiteral("run 3: flat (not analysed)"));
        QCOMPARE(comboB->itemText(0), QStringLiteral("run 1: flat"));
        QVERIFY(!view.comparison());
        QVERIFY2(view.summary().contains(QStringLiteral("Analysing run 2: deep…")),
                 qPrintable(view.summary()));
        // Hidden (another page is shown), the view asks for nothing: nobody looks at it yet.
        QCOMPARE(wanted.size(), 0);
        view.show();
        QCOMPARE(wanted.size(), 1);
        QCOMPARE(wanted[0][0].toString(), QStringLiteral("2"));
        // The user picks run 3 as B: asked for too.
        QVERIFY(!view.compare(0, 2));
        QCOMPARE(wanted.size(), 2);
        QCOMPARE(wanted[1][0].toString(), QStringLiteral("3"));
        QVERIFY(view.summary().contains(QStringLiteral("Analysing run 3: flat…")));
        // The feeder re-sends the runs in another order, run 3 still pending: not asked again,
        // the choice kept by key.
        view.setReports({candidate(QStringLiteral("run 3: flat"), QStringLiteral("3")),
                         candidate(QStringLiteral("run 1: flat"), QStringLiteral("1"), one),
                         candidate(QStringLiteral("run 2: deep"), QStringLiteral("2"))});
        QCOMPARE(wanted.size(), 2);
        QCOMPARE(view.currentA(), 1);
        QCOMPARE(view.currentB(), 0);
        // Its report comes: the comparison shows without choosing again.
        view.setReports({candidate(QStringLiteral("run 3: flat"), QStringLiteral("3"), three),
                         candidate(QStringLiteral("run 1: flat"), QStringLiteral("1"), one),
                         candidate(QStringLiteral("run 2: deep"), QStringLiteral("2"))});
        QCOMPARE(wanted.size(), 2);
        QCOMPARE(view.currentA(), 1);
        QCOMPARE(view.currentB(), 0);
        QVERIFY(view.comparison());
        QCOMPARE(view.comparison()->speedup, compareRuns(*one, *three).value().speedup);
        QVERIFY(!view.summary().contains(QStringLiteral("Analysing")));
        // Nothing analysed: A is the first run, B the second, both asked for.
        ComparisonView fresh;
        fresh.show();
        QSignalSpy asked(&fresh, &ComparisonView::analysisWanted);
        fresh.setReports({candidate(QStringLiteral("run 1: flat"), QStringLiteral("1")),
                          candidate(QStringLiteral("run 2: deep"), QStringLiteral("2"))});
        QCOMPARE(fresh.currentA(), 0);
        QCOMPARE(fresh.currentB(), 1);
        QCOMPARE(asked.size(), 2);
        QVERIFY2(fresh.summary().contains(QStringLiteral("Analysing run 1: flat and run 2: deep…")),
                 qPrintable(fresh.summary()));
    }

    // The overlay: the chosen thread's timemap in every checked run, one line per run in its
    // own colour, depth scaled to [0, 1], the runs named in the legend; hovering names the run,
    // the stage and its duration. Two runs, then eight, at 1280 x 800.
    void overlayOfTwoRuns()
    {
        ComparisonView view;
        view.resize(1280, 800);
        auto runs = eightRuns();
        runs.resize(2);
        runs[1] = eightRuns()[2]; // hierarchy against flat: paths of different lengths
        view.setReports(runs);
        view.showOverlay();
        OverlayTimemapView* overlay = view.overlay();
        const OverlayTimemapPlot* plot = overlay->plot();
        QCOMPARE(plot->graphsDrawn(), 2);
        verifyScaledDepths(*plot);
        QCOMPARE(legendNames(plot->plot()),
                 (QStringList{QStringLiteral("run 1: hierarchy, 4 hosts"),
                              QStringLiteral("run 3: flat")}));
        // The default thread: the first run's slowest, the one compareRuns takes; the flat run
        // draws the same thread.
        const std::string thread = compareRuns(*runs[0].report, *runs[1].report).value().a.thread;
        QCOMPARE(overlay->thread(), QString::fromStdString(thread));
        QCOMPARE(plot->runs()[1].map.thread, thread);
        QVERIFY(plot->runs()[1].map.pathLength < plot->runs()[0].map.pathLength);
        // Colours: one per run, as the list's swatches.
        const auto* first = qobject_cast<QCPCurve*>(plot->plot()->plottable(0));
        const auto* second = qobject_cast<QCPCurve*>(plot->plot()->plottable(1));
        QCOMPARE(first->pen().color(), seriesColour(0));
        QCOMPARE(second->pen().color(), seriesColour(1));
        // Hover over the middle of the flat run's root stage.
        const OverlayTimemap& flat = plot->runs()[1].map;
        size_t rootStage = 0;
        for (size_t i = 0; i < flat.spans.size(); ++i) {
            if (flat.stages[i].direction == Direction::Root) {
                rootStage = i;
            }
        }
        const TimemapSpan& span = flat.spans[rootStage];
        const double unit = nanosecondsPer(plot->xUnit());
        const QPointF at(plot->plot()->xAxis->coordToPixel((span.startNs + span.endNs) / 2 / unit),
                         plot->plot()->yAxis->coordToPixel(span.scaledDepth) + 2);
        const QString tip = plot->tipAt(at);
        QVERIFY2(tip.contains(QStringLiteral("run 3: flat")), qPrintable(tip));
        QVERIFY2(tip.contains(formatNanoseconds(flat.stages[rootStage].meanNs)), qPrintable(tip));
        QVERIFY2(tip.contains(QString::fromStdString(flat.wrappers[rootStage])), qPrintable(tip));
        QVERIFY(plot->tipAt(QPointF(at.x(), at.y() - 40)).isEmpty() ||
                !plot->tipAt(QPointF(at.x(), at.y() - 40)).contains(QStringLiteral("run 3")));
        const QString file = QString::fromStdString(
            xylem::testing::picturePath("xylem-comparison-overlay-2-1280x800.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
        // Another thread picked: both runs draw it.
        QVERIFY(overlay->setThread(QStringLiteral("h3.t0")));
        QCOMPARE(plot->runs()[0].map.thread, std::string("h3.t0"));
        QCOMPARE(plot->runs()[1].map.thread, std::string("h3.t0"));
        QVERIFY(!overlay->setThread(QStringLiteral("no such thread")));
    }

    void overlayOfEightRuns()
    {
        ComparisonView view;
        view.resize(1280, 800);
        auto runs = eightRuns();
        runs.push_back(shaped(QStringLiteral("run 9: flat again"), TreeShape::Flat, "4", 2, 0));
        runs.push_back({QStringLiteral("run 10: binary tree, h1.t1 late"), nullptr, nullptr,
                        QStringLiteral("run 10")});
        QSignalSpy wanted(&view, &ComparisonView::analysisWanted);
        view.setReports(runs);
        view.showOverlay();
        OverlayTimemapView* overlay = view.overlay();
        // At most eight checked by default: the first eight analysed.
        QCOMPARE(overlay->plot()->graphsDrawn(), 8);
        verifyScaledDepths(*overlay->plot());
        // Named by run; a run without the thread chosen names the one it draws instead.
        const QStringList names = legendNames(overlay->plot()->plot());
        QCOMPARE(names.size(), 8);
        for (size_t i = 0; i < 8; ++i) {
            const OverlayRun& drawn = overlay->plot()->runs()[i];
            QCOMPARE(drawn.label, runs[i].label);
            QCOMPARE(names[qsizetype(i)],
                     drawn.map.thread == overlay->thread().toStdString()
                         ? runs[i].label
                         : runs[i].label + QStringLiteral(" (%1)")
                                               .arg(QString::fromStdString(drawn.map.thread)));
        }
        QCOMPARE(overlay->runList()->count(), 10);
        QCOMPARE(overlay->runList()->item(8)->checkState(), Qt::Unchecked);
        QCOMPARE(overlay->runList()->item(9)->text(),
                 QStringLiteral("run 10: binary tree, h1.t1 late (not analysed)"));
        const QString file = QString::fromStdString(
            xylem::testing::picturePath("xylem-comparison-overlay-8-1280x800.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
        // A ninth is refused; after unchecking one it is drawn.
        QVERIFY(!overlay->setChecked(8, true));
        QVERIFY2(overlay->state().contains(QStringLiteral("At most 8")),
                 qPrintable(overlay->state()));
        QVERIFY(overlay->setChecked(0, false));
        QVERIFY(overlay->setChecked(8, true));
        QCOMPARE(overlay->plot()->graphsDrawn(), 8);
        QCOMPARE(overlay->plot()->runs().back().label, runs[8].label);
        // Checking a run not analysed asks for it; its report brings its line.
        QVERIFY(overlay->setChecked(1, false));
        const int askedBefore = static_cast<int>(wanted.size());
        QVERIFY(overlay->setChecked(9, true));
        QCOMPARE(static_cast<int>(wanted.size()), askedBefore + 1);
        QCOMPARE(wanted.last()[0].toString(), QStringLiteral("run 10"));
        QVERIFY(overlay->state().contains(QStringLiteral("Analysing run 10")));
        QCOMPARE(overlay->plot()->graphsDrawn(), 7);
        runs[9] = shaped(QStringLiteral("run 10: binary tree, h1.t1 late"), TreeShape::KAry, "4",
                         2, 20'000);
        runs[9].key = QStringLiteral("run 10");
        view.setReports(runs);
        QCOMPARE(overlay->plot()->graphsDrawn(), 8);
        QCOMPARE(overlay->plot()->runs().back().label, runs[9].label);
        QVERIFY(overlay->runList()->item(1)->checkState() == Qt::Unchecked); // kept as chosen
    }

    // 4 096 threads: the picker lists them all and filters on what is typed.
    void threadPickerWithThousandsOfThreads()
    {
        ComparisonView view;
        view.resize(1280, 800);
        view.setReports({shaped(QStringLiteral("run 1: 64 hosts x 64 threads"),
                                TreeShape::HierarchyAware, "64", 64, 0, 12),
                         shaped(QStringLiteral("run 2: flat"), TreeShape::Flat, "64", 64, 0, 12)});
        view.showOverlay();
        QComboBox* picker = view.overlay()->threadPicker();
        QCOMPARE(picker->count(), 4096);
        QVERIFY(picker->isEditable());
        QCOMPARE(picker->completer()->filterMode(), Qt::MatchContains);
        picker->completer()->setCompletionPrefix(QStringLiteral("h63.t6"));
        QCOMPARE(picker->completer()->completionCount(), 5); // h63.t6, h63.t60 .. h63.t63
        QVERIFY(view.overlay()->setThread(QStringLiteral("h63.t62")));
        QCOMPARE(view.overlay()->plot()->runs()[1].map.thread, std::string("h63.t62"));
        QCOMPARE(view.overlay()->plot()->graphsDrawn(), 2);
        verifyScaledDepths(*view.overlay()->plot());
        const QString file = QString::fromStdString(
            xylem::testing::picturePath("xylem-comparison-overlay-4096-1280x800.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }
};

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
