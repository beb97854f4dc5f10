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
#include "views/scaledtimemapplot.h"
#include "views/tablemodel.h"

#include <QComboBox>
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
    // comparison appears when setReports brings its report, the choice kept by key.
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
        QSignalSpy asked(&fresh, &ComparisonView::analysisWanted);
        fresh.setReports({candidate(QStringLiteral("run 1: flat"), QStringLiteral("1")),
                          candidate(QStringLiteral("run 2: deep"), QStringLiteral("2"))});
        QCOMPARE(fresh.currentA(), 0);
        QCOMPARE(fresh.currentB(), 1);
        QCOMPARE(asked.size(), 2);
        QVERIFY2(fresh.summary().contains(QStringLiteral("Analysing run 1: flat and run 2: deep…")),
                 qPrintable(fresh.summary()));
    }
};

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
