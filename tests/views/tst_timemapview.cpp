// Timemaps rendered offscreen: each thread's bars span its mean call time with x = 0 where the
// path reaches the root, down stages before it and up stages after; hiding arrival waits
// closes them up; hovering names stage, wrapper and mean; bars are coloured by stage kind with
// a legend of the kinds drawn, named where they fit, on an axis in the unit of the widest path;
// the culprit's row stands out; pictures are saved to look at, of a small and a big run.

#include "core/analysis/analyzer.h"
#include "tests/support/testdata.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/palette.h"
#include "views/plotlegend.h"
#include "views/timemapview.h"

#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <set>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> simulated()
{
    return testing::simulatedReport(
        {"A:c0,B:c0,C:c1,D:c1", 2, {.calls = 80, .culprit = "C.t1", .culpritDelay = 40'000}});
}

// The same run analysed as one whose stored clock models cover only `modelled`.
std::shared_ptr<const AnalysisReport> simulatedWithClocks(std::vector<std::string> modelled)
{
    const auto config =
        generateTree(TreeSpec{"simulated", parseHostList("A:c0,B:c0,C:c1,D:c1").value(), 2,
                              TreeShape::HierarchyAware, 2, RootKind::Core})
            .value();
    const auto tuples =
        testing::simulateTrace(config, {.calls = 80, .culprit = "C.t1", .culpritDelay = 40'000});
    AnalysisOptions options;
    options.clocks = ClockCoverage{true, std::move(modelled)};
    return std::make_shared<const AnalysisReport>(analyze(config, tuples, options));
}

QString savePicture(QWidget& view, const std::string& name)
{
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    return view.grab().save(file) ? file : QString();
}

} // namespace

class TestTimemapView : public QObject
{
    Q_OBJECT

private slots:
    void barsSpanTheMeanCallTime()
    {
        const auto report = simulated();
        TimemapView view;
        view.setReport(report);
        QVERIFY(!view.bars().empty());
        std::map<int, std::pair<double, double>> extent; // thread -> first x0, last x1
        for (const TimemapBar& b : view.bars()) {
            auto [it, fresh] = extent.try_emplace(b.thread, b.x0, b.x1);
            it->second.second = b.x1;
            QVERIFY(b.x1 >= b.x0);
            if (b.stage.direction == Direction::Down) {
                QVERIFY2(b.x1 <= 1e-6, "down stages end where the root is reached");
            } else {
                QVERIFY2(b.x0 >= -1e-6, "root and up stages start there");
            }
        }
        for (const auto& [thread, span] : extent) {
            const double callTime = report->thread(thread)->callTime.mean;
            QVERIFY2(std::fabs((span.second - span.first) - callTime) < 1e-6 * callTime,
                     qPrintable(QString("%1: %2 vs %3")
                                    .arg(thread)
                                    .arg(span.second - span.first)
                                    .arg(callTime)));
        }
        // The culprit is shown first.
        QCOMPARE(view.bars().front().thread, report->imbalancePath.back());
    }

    void hidingArrivalWaitsClosesTheGaps()
    {
        const auto report = simulated();
        TimemapView view;
        view.setReport(report);
        const size_t withWaits = view.bars().size();
        view.setArrivalWaitsShown(false);
        QVERIFY(view.bars().size() < withWaits);
        for (const TimemapBar& b : view.bars()) {
            QVERIFY(b.stage.stage != Stage::ArrivalWait);
        }
    }

    void hoverNamesStageWrapperAndMean()
    {
        const auto report = simulated();
        TimemapView view;
        view.resize(900, 500);
        view.setReport(report);
        const TimemapBar& bar = view.bars().front();
        const double height = 0.8 / double(defaultTimemapThreads(*report).size());
        QCOMPARE(view.rowY(bar), bar.stage.depth - 0.4 + height / 2);
        const QString text = view.describeAt(view.plotX((bar.x0 + bar.x1) / 2), view.rowY(bar));
        QVERIFY2(text.contains(QString::fromStdString(report->idOf(bar.stage.wrapper))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("mean")), qPrintable(text));
        QVERIFY(view.describeAt(1e9, 1).isEmpty());
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-timemap.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }

    // The legend lists exactly the stage kinds drawn (full name and initials), then the culprit's
    // path; every bar has its kind's colour.
    void legendListsTheStagesShown()
    {
        const auto report = simulated();
        TimemapView view;
        view.resize(1280, 800);
        view.setReport(report);
        const auto expected = [&](const TimemapView& v) {
            std::set<Stage> kinds;
            for (const TimemapBar& b : v.bars()) {
                kinds.insert(b.stage.stage);
            }
            QStringList names;
            for (const Stage k : kinds) {
                names << QString::fromStdString(std::string(toString(k)) + " (" +
                                                stageAbbreviation(k) + ")");
            }
            names << QStringLiteral("culprit's path: ") +
                         QString::fromStdString(report->idOf(report->imbalancePath.back()));
            return names;
        };
        QCOMPARE(legendNames(view.plot()), expected(view));
        QVERIFY(legendNames(view.plot()).contains(QStringLiteral("arrival wait (AW)")));
        QVERIFY(legendNames(view.plot()).contains(QStringLiteral("down (D)")));
        view.setArrivalWaitsShown(false);
        QCOMPARE(legendNames(view.plot()), expected(view));
        QVERIFY(!legendNames(view.plot()).contains(QStringLiteral("arrival wait (AW)")));
        // Bars by stage kind, the same colour in every row.
        QList<QCPItemRect*> rects;
        for (int i = 0; i < view.plot()->itemCount(); ++i) {
            if (auto* r = qobject_cast<QCPItemRect*>(view.plot()->item(i));
                r && r->brush().style() == Qt::SolidPattern &&
                r->topLeft->type() == QCPItemPosition::ptPlotCoords) {
                rects << r;
            }
        }
        QCOMPARE(rects.size(), qsizetype(view.bars().size()));
        for (qsizetype i = 0; i < rects.size(); ++i) {
            QCOMPARE(rects[i]->brush().color(), stageColour(view.bars()[size_t(i)].stage.stage));
        }
    }

    // Wide bars carry their stage's name, narrower ones its initials, the narrowest nothing
    // (the tooltip still names them); zooming in names more.
    void stagesAreNamedWhereTheyFit()
    {
        const auto report = simulated();
        TimemapView view;
        view.resize(1280, 800);
        view.setReport(report);
        QVERIFY(!view.grab().isNull()); // lays out: labels are fitted to the bars' pixels
        const auto widthPx = [&](const TimemapBar& b) {
            return std::abs(view.plot()->xAxis->coordToPixel(view.plotX(b.x1)) -
                            view.plot()->xAxis->coordToPixel(view.plotX(b.x0)));
        };
        int full = 0, initials = 0, none = 0;
        for (size_t i = 0; i < view.bars().size(); ++i) {
            const TimemapBar& b = view.bars()[i];
            const QString name = QString::fromUtf8(toString(b.stage.stage).data());
            const QString label = view.stageLabel(i);
            if (label == name) {
                ++full;
            } else if (label == QString::fromStdString(stageAbbreviation(b.stage.stage))) {
                ++initials;
                QVERIFY(widthPx(b) < QFontMetricsF(QFont()).horizontalAdvance(name) + 6);
            } else {
                QVERIFY2(label.isEmpty(), qPrintable(label));
                ++none;
                QVERIFY(widthPx(b) < 40);
            }
        }
        QVERIFY2(
            full >= 3 && none >= 1,
            qPrintable(QString("%1 full, %2 initials, %3 none").arg(full).arg(initials).arg(none)));
        // The culprit's long arrival wait in the first band: wide, named in full.
        size_t longest = 0;
        for (size_t i = 0; i < view.bars().size(); ++i) {
            if (view.bars()[i].x1 - view.bars()[i].x0 >
                view.bars()[longest].x1 - view.bars()[longest].x0) {
                longest = i;
            }
        }
        QCOMPARE(view.stageLabel(longest),
                 QString::fromUtf8(toString(view.bars()[longest].stage.stage).data()));
        // Zoomed on x = 0, the short stages there get names too.
        const int before = full + initials;
        view.plot()->xAxis->setRange(-1.5, 1.5);
        view.plot()->replot();
        int named = 0;
        for (size_t i = 0; i < view.bars().size(); ++i) {
            named += view.stageLabel(i).isEmpty() ? 0 : 1;
        }
        QVERIFY2(named > before, qPrintable(QString("%1 vs %2").arg(named).arg(before)));
    }

    // The culprit (the end of the imbalance path) is shown first, called so, outlined in bold on
    // a shaded row.
    void theCulpritsPathStandsOut()
    {
        const auto report = simulated();
        TimemapView view;
        view.resize(1280, 800);
        view.setReport(report);
        QCOMPARE(view.culprit(), report->imbalancePath.back());
        QCOMPARE(report->idOf(view.culprit()), std::string("C.t1"));
        bool labelled = false;
        int strips = 0;
        for (int i = 0; i < view.plot()->itemCount(); ++i) {
            if (auto* t = qobject_cast<QCPItemText*>(view.plot()->item(i))) {
                labelled |=
                    t->text().startsWith(QStringLiteral("C.t1 (culprit)")) && t->font().bold();
            }
            if (auto* r = qobject_cast<QCPItemRect*>(view.plot()->item(i));
                r && r->topLeft->typeX() == QCPItemPosition::ptAxisRectRatio) {
                ++strips;
            }
        }
        QVERIFY(labelled);
        std::set<int> culpritDepths; // a strip in every band the culprit's path passes
        for (const TimemapBar& b : view.bars()) {
            if (b.thread == view.culprit()) {
                culpritDepths.insert(b.stage.depth);
            }
        }
        QCOMPARE(strips, int(culpritDepths.size()));
        // Without the culprit among the threads shown there is nothing to stand out.
        view.setThreads({report->classes.front().representative == view.culprit()
                             ? report->classes.back().representative
                             : report->classes.front().representative});
        QCOMPARE(view.culprit(), -1);
        QVERIFY(
            !legendNames(view.plot()).join(QLatin1Char(' ')).contains(QStringLiteral("culprit")));
    }

    // The axis takes the unit of the widest path: a culprit 40 µs late is drawn in µs, one 5 ms
    // late in ms; the bars' coordinates follow.
    void theAxisIsInTheUnitOfTheWidestPath()
    {
        TimemapView micro;
        micro.setReport(simulated());
        QCOMPARE(micro.xUnit(), DurationUnit::Microseconds);
        QVERIFY(
            micro.plot()->xAxis->label().startsWith(QStringLiteral("time along the path (µs)")));
        TimemapView milli;
        milli.resize(1280, 800);
        milli.setReport(testing::simulatedReport(
            {"A:c0,B:c0,C:c1,D:c1",
             2,
             {.calls = 40, .culprit = "C.t1", .culpritDelay = 5'000'000}}));
        QCOMPARE(milli.xUnit(), DurationUnit::Milliseconds);
        QVERIFY(
            milli.plot()->xAxis->label().startsWith(QStringLiteral("time along the path (ms)")));
        const TimemapBar& bar = *std::max_element(
            milli.bars().begin(), milli.bars().end(),
            [](const TimemapBar& a, const TimemapBar& b) { return a.x1 - a.x0 < b.x1 - b.x0; });
        QCOMPARE(milli.plotX(bar.x0), bar.x0 / 1e6);
        QVERIFY(milli.plot()->xAxis->range().lower <= bar.x0 / 1e6);
        QVERIFY(milli.describeAt(milli.plotX((bar.x0 + bar.x1) / 2), milli.rowY(bar))
                    .contains(QStringLiteral(" ms")));
        const QString file = savePicture(milli, "xylem-timemap-ms.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }

    // 64 hosts x 8 threads, a culprit 200 µs late: the picture to look at.
    void aBigRunStaysReadable()
    {
        const auto report = testing::simulatedReport(
            {"64", 8, {.calls = 30, .culprit = "h17.t3", .culpritDelay = 200'000}});
        TimemapView view;
        view.resize(1280, 800);
        view.setReport(report);
        QCOMPARE(report->idOf(view.culprit()), std::string("h17.t3"));
        QVERIFY(legendNames(view.plot()).last().endsWith(QStringLiteral("h17.t3")));
        const QString file = savePicture(view, "xylem-timemap-64x8.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }

    // The worked example "two-hosts" (the window suites' example session): the picture to look
    // at, with the legend of what it draws and the culprit named.
    void theTwoHostsExample()
    {
        const Run run = testing::exampleRun("two-hosts");
        const auto report =
            std::make_shared<const AnalysisReport>(analyze(run.configuration, run.tuples, {}));
        TimemapView view;
        view.resize(1280, 800);
        view.setReport(report);
        QVERIFY(!view.bars().empty());
        QCOMPARE(view.culprit(), report->imbalancePath.back());
        QVERIFY(legendNames(view.plot()).size() >= 3);
        const QString file = savePicture(view, "xylem-timemap-two-hosts.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }

    // With every host modelled the one-way stages are measured: no hatching, no note. With no
    // model for C, the proxy hops to and from C are hatched, say why when hovered, and a note
    // names C; the bars still span the call time.
    void stagesWithoutClockModelAreMarked()
    {
        TimemapView measured;
        measured.resize(1280, 800);
        measured.setReport(simulatedWithClocks({"A", "B", "C", "D"}));
        QVERIFY(measured.clockNote().isEmpty());
        for (const TimemapBar& b : measured.bars()) {
            QCOMPARE(b.stage.estimate, StageEstimate::Measured);
        }
        const QString measuredFile = savePicture(measured, "xylem-timemap-clock-models.png");
        QVERIFY(!measuredFile.isEmpty());
        qInfo("picture: %s", qPrintable(measuredFile));

        const auto report = simulatedWithClocks({"A", "B", "D"});
        TimemapView view;
        view.resize(1280, 800);
        view.setReport(report);
        QVERIFY2(view.clockNote().contains(QStringLiteral("C")), qPrintable(view.clockNote()));
        QVERIFY(!view.clockNote().contains(QStringLiteral("A,")));
        int estimated = 0;
        const double height = 0.8 / double(defaultTimemapThreads(*report).size());
        for (const TimemapBar& b : view.bars()) {
            if (b.stage.estimate != StageEstimate::HalfTwoWay) {
                continue;
            }
            ++estimated;
            QCOMPARE(b.stage.stage == Stage::Down || b.stage.stage == Stage::Up, true);
            QCOMPARE(view.rowY(b), b.stage.depth - 0.4 + height * (b.row + 0.5));
            const QString text = view.describeAt(view.plotX((b.x0 + b.x1) / 2), view.rowY(b));
            QVERIFY2(text.contains(QStringLiteral("half the two-way latency")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("host C")), qPrintable(text));
        }
        QVERIFY(estimated >= 2);
        for (const int thread : defaultTimemapThreads(*report)) {
            double sum = 0;
            for (const TimemapStage& s : report->thread(thread)->timemap) {
                sum += s.meanNs;
            }
            QVERIFY(std::fabs(sum - report->thread(thread)->callTime.mean) < 1e-6 * sum);
        }
        const QString file = savePicture(view, "xylem-timemap-no-clock-model.png");
        QVERIFY(!file.isEmpty());
        qInfo("picture: %s", qPrintable(file));
    }
};

QTEST_MAIN(TestTimemapView)
#include "tst_timemapview.moc"
