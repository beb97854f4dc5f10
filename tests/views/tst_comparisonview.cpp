// The comparison view over two simulated runs of one configuration, one with a delayed thread:
// the view shows core's comparison (speedup, stages of the compared threads, slowest shares)
// and says which run is faster; a picture is saved to look at.

#include "core/analysis/analyzer.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/comparisonview.h"
#include "views/distributionplot.h"
#include "views/scaledtimemapplot.h"
#include "views/tablemodel.h"

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
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-comparison-dist.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));

        view.setReports({{QStringLiteral("no calls"), slow, nullptr}}); // a run without records
        QCOMPARE(view.distribution()->histograms().size(), size_t{2});
        QCOMPARE(view.distribution()->histograms()[0].count, std::int64_t{0});
    }
};

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
