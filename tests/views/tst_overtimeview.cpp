// The view over time on simulated runs: the culprit strip changes colour in the bucket where the
// planted culprit changes, the sentence names the planted daemon's period and victim and the
// comb's teeth are marked, the panels keep one time axis through a zoom, an empty run says so,
// and 4 096 threads get a heatmap of bounded rows. Pictures at 1280x800 are saved to look at.

#include "core/model/treegenerator.h"
#include "tests/support/plantedrun.h"
#include "tests/support/testpictures.h"
#include "views/culpritstrip.h"
#include "views/overtimeview.h"
#include "views/threadheatmap.h"

#include <QRegularExpression>
#include <QToolTip>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const OverTimeData>
overTime(const Configuration& config, const testing::SimulationSpec& spec, size_t buckets = 64)
{
    return std::make_shared<const OverTimeData>(
        makeOverTimeData(config, analyzeOverTime(config, testing::simulateTrace(config, spec),
                                                 {.maxBuckets = buckets})));
}

int wrapperOf(const Configuration& config, const std::string& id)
{
    for (int w = 0; w < config.collectorCount(); ++w) {
        if (config.wrapper(w).id == id) {
            return w;
        }
    }
    return -1;
}

// A culprit that hands over to another at call 2500, and a daemon stalling h1.t1 every 100 ms.
testing::SimulationSpec storySpec()
{
    testing::SimulationSpec spec{.calls = 5000, .seed = 3};
    spec.culprit = "h0.t1";
    spec.laterCulprit = "h2.t0";
    spec.culpritSwitchSeq = 2500;
    spec.culpritDelay = 30'000;
    spec.stall = testing::daemon("h1.t1", 100'000'000, 30'000'000, 2'000'000);
    return spec;
}

QString save(QWidget& view, const char* name)
{
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    return view.grab().save(file) ? file : QString();
}

} // namespace

class TestOverTimeView : public QObject
{
    Q_OBJECT

private slots:
    void culpritStripChangesWhereTheCulpritChanges()
    {
        const Configuration config = testing::hierarchyTree("simulated", "4", 2);
        testing::SimulationSpec spec{.calls = 400, .seed = 5};
        spec.culprit = "h1.t0";
        spec.laterCulprit = "h3.t1";
        spec.culpritSwitchSeq = 200;
        spec.culpritDelay = 50'000;
        const auto data = overTime(config, spec, 32);
        OverTimeView view;
        view.setData(data);
        QVERIFY(view.showsPlot());
        const OverTime& s = data->analysis.series;
        QVERIFY(s.bucketCount() >= 10);
        const CulpritColours colours = culpritColours(s);
        const QColor before = colours.colourOf(wrapperOf(config, "h1.t0"));
        const QColor after = colours.colourOf(wrapperOf(config, "h3.t1"));
        QVERIFY(before.isValid() && after.isValid() && before != after);
        // The switch is at call 200's start, 200 call periods after the first, within the
        // threads' arrival spread.
        const double switchNs = 200.0 * static_cast<double>(spec.period);
        const auto lastBefore = static_cast<size_t>((switchNs - 5'000) / s.widthNs);
        const auto firstAfter = static_cast<size_t>((switchNs + 5'000) / s.widthNs);
        for (size_t b = 0; b < s.bucketCount(); ++b) {
            if (b < lastBefore) {
                QCOMPARE(view.culpritColour(b), before);
            } else if (b > firstAfter) {
                QCOMPARE(view.culpritColour(b), after);
            }
        }
        QVERIFY(view.culpritText().contains(QStringLiteral("h1.t0")));
        QVERIFY(view.culpritText().contains(QStringLiteral("h3.t1")));
        QVERIFY(view.culpritText().contains(QStringLiteral("changes 1 time(s) over")));
        QVERIFY(view.tip(OverTimeView::Panel::Culprit, 0).contains(QStringLiteral("h1.t0")));
        QVERIFY(view.tip(OverTimeView::Panel::Culprit, s.bucketCount() - 1)
                    .contains(QStringLiteral("h3.t1")));
        QVERIFY(!view.heatmapShown()); // 8 threads: a line each
    }

    void oneCulpritAllRun()
    {
        const Configuration config = testing::hierarchyTree("simulated", "4", 2);
        OverTimeView view;
        view.setData(overTime(config, {.calls = 300, .culprit = "h2.t1", .culpritDelay = 40'000}));
        QVERIFY(view.culpritText().contains(QStringLiteral("h2.t1 in every bucket")));
        QVERIFY(view.periodicText().startsWith(QStringLiteral("No periodic pattern")));
    }

    // A daemon every 20 ms over 800 ms of calls (tst_periodicity's case): the sentence names
    // its period and victim, and the teeth of the comb are on the strip 20 ms apart.
    void periodicLineNamesThePlantedPeriod()
    {
        const Configuration config = testing::hierarchyTree("simulated", "2", 2);
        testing::SimulationSpec spec{.calls = 4000, .seed = 7};
        spec.stall = testing::daemon("h1.t0", 20'000'000, 1'000'000, 2'000'000);
        OverTimeView view;
        view.setData(overTime(config, spec));
        const QString text = view.periodicText();
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("^Slow calls every ([0-9.]+) ms")).match(text);
        QVERIFY2(m.hasMatch(), qPrintable(text));
        QVERIFY(std::abs(m.captured(1).toDouble() - 20.0) < 0.05);
        QVERIFY(text.contains(QStringLiteral("victim h1.t0")));
        QCPGraph* teeth = nullptr;
        for (int i = 0; i < view.plot()->graphCount(); ++i) {
            if (view.plot()->graph(i)->name() == QStringLiteral("periodic slow calls")) {
                teeth = view.plot()->graph(i);
            }
        }
        QVERIFY(teeth && teeth->data()->size() >= 39);
        QCOMPARE(teeth->keyAxis(),
                 view.panel(OverTimeView::Panel::Culprit)->axis(QCPAxis::atBottom));
        QCOMPARE(view.timeUnit(), DurationUnit::Milliseconds);
        const double gap = (teeth->data()->at(1)->key - teeth->data()->at(0)->key);
        QVERIFY(std::abs(gap - 20.0) < 0.05);
    }

    void panelsShareTheTimeAxisAfterAZoom()
    {
        const Configuration config = testing::hierarchyTree("simulated", "4", 2);
        OverTimeView view;
        view.resize(1280, 800);
        view.setData(overTime(config, storySpec()));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Hovering the strip names the bucket's culprit.
        view.plot()->replot();
        QTest::mouseMove(view.plot(),
                         view.panel(OverTimeView::Panel::Culprit)->rect().center() + QPoint(0, 5));
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::text().contains(QStringLiteral("culprit h")), 5000);
        QCPAxisRect* stages = view.panel(OverTimeView::Panel::Stages);
        const QCPRange before = stages->axis(QCPAxis::atBottom)->range();
        const QPointF at = stages->rect().center();
        QWheelEvent wheel(at, view.plot()->mapToGlobal(at), {}, {0, 240}, Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.plot(), &wheel);
        const QCPRange after = stages->axis(QCPAxis::atBottom)->range();
        QVERIFY(after.size() < before.size() * 0.9);
        for (auto p : {OverTimeView::Panel::Culprit, OverTimeView::Panel::Threads}) {
            QCOMPARE(view.panel(p)->axis(QCPAxis::atBottom)->range(), after);
        }
        // A pan in another panel moves the zoomed window in all of them.
        view.panel(OverTimeView::Panel::Culprit)->axis(QCPAxis::atBottom)->moveRange(10);
        QCOMPARE(stages->axis(QCPAxis::atBottom)->range(),
                 QCPRange(after.lower + 10, after.upper + 10));
        QCOMPARE(view.panel(OverTimeView::Panel::Threads)->rect().left(), stages->rect().left());
        QCOMPARE(view.panel(OverTimeView::Panel::Culprit)->rect().right(), stages->rect().right());
    }

    void emptyRunSaysSo()
    {
        const Configuration config = testing::hierarchyTree("simulated", "2", 2);
        OverTimeView view;
        QVERIFY(!view.message().isEmpty());
        view.setData(std::make_shared<const OverTimeData>(
            makeOverTimeData(config, analyzeOverTime(config, {}))));
        QVERIFY(!view.showsPlot());
        QVERIFY(view.message().contains(QStringLiteral("no complete call")));
        QVERIFY(view.periodicText().isEmpty());
        view.setData(overTime(config, {.calls = 50}));
        QVERIFY(view.showsPlot() && view.message().isEmpty());
        view.clear(QStringLiteral("Cannot read"));
        QCOMPARE(view.message(), QStringLiteral("Cannot read"));
    }

    void pictureOfASwitchingCulpritAndADaemon()
    {
        const Configuration config = testing::hierarchyTree("simulated", "4", 2);
        OverTimeView view;
        view.resize(1280, 800);
        view.setData(overTime(config, storySpec(), 512));
        QVERIFY(view.periodicText().contains(QStringLiteral("victim h1.t1")));
        const QString file = save(view, "xylem-overtime-1280x800.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }

    // A binary tree of 64 threads has a long path: its stages' legend must fit beside them.
    void aLongPathKeepsItsLegendBesideIt()
    {
        const Configuration config = generateTree(TreeSpec{"deep", parseHostList("16").value(), 4,
                                                           TreeShape::KAry, 2, RootKind::Core})
                                         .value();
        OverTimeView view;
        view.resize(1280, 800);
        const auto data =
            overTime(config, {.calls = 600, .culprit = "h9.t2", .culpritDelay = 30'000}, 256);
        view.setData(data);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        QCOMPARE(data->analysis.series.stages.size(), size_t(29));
        // The 8 longest stages and one entry for the other 21: the threads keep their height.
        QCPLegend* legend = nullptr;
        for (int i = 0; i < view.plot()->plotLayout()->elementCount(); ++i) {
            if (auto* l = qobject_cast<QCPLegend*>(view.plot()->plotLayout()->elementAt(i));
                l &&
                l->outerRect().top() >=
                    view.panel(OverTimeView::Panel::Stages)->outerRect().top() - 1 &&
                l->outerRect().top() <
                    view.panel(OverTimeView::Panel::Threads)->outerRect().top()) {
                legend = l;
            }
        }
        QVERIFY(legend);
        QCOMPARE(legend->itemCount(), 9);
        auto* others = qobject_cast<QCPPlottableLegendItem*>(legend->item(8));
        QVERIFY(others && others->plottable()->name().startsWith(QStringLiteral("21 other stage")));
        QVERIFY(view.panel(OverTimeView::Panel::Threads)->rect().height() > 200);
        const QString file = save(view, "xylem-overtime-deep-1280x800.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }

    // 512 hosts x 8 threads: a heatmap of 256 rows of 16 threads, in bounded time.
    void fourThousandThreads()
    {
        const Configuration config = testing::hierarchyTree("simulated", "512", 8);
        testing::SimulationSpec spec{.calls = 300, .seed = 11};
        spec.culprit = "h17.t3";
        spec.laterCulprit = "h400.t5";
        spec.culpritSwitchSeq = 150;
        spec.culpritDelay = 60'000;
        QElapsedTimer clock;
        clock.start();
        const auto data = overTime(config, spec, 512);
        const qint64 analysed = clock.restart();
        OverTimeView view;
        view.resize(1280, 800);
        view.setData(data);
        view.plot()->replot();
        const qint64 shown = clock.elapsed();
        qInfo("4096 threads, %lld calls: analysis %lld ms, setData+replot %lld ms",
              static_cast<long long>(spec.calls), static_cast<long long>(analysed),
              static_cast<long long>(shown));
        QVERIFY(view.heatmapShown());
        QCOMPARE(threadsPerHeatmapRow(4096), size_t(16));
        QVERIFY(data->analysis.series.bucketCount() <= 256);
        QVERIFY(view.culpritText().contains(QStringLiteral("h17.t3")));
        QVERIFY(view.culpritText().contains(QStringLiteral("h400.t5")));
        // Row 1 of the heatmap is h2.t0 .. h3.t7, 16 threads in the tooltip.
        const QString tip = view.tip(OverTimeView::Panel::Threads, 0, 1);
        QVERIFY(tip.contains(QStringLiteral("h2.t0:")) && tip.contains(QStringLiteral("h3.t7:")));
        QCOMPARE(tip.count(QLatin1Char('\n')), 16);
        const QString file = save(view, "xylem-overtime-4096-1280x800.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }
};

QTEST_MAIN(TestOverTimeView)
#include "tst_overtimeview.moc"
