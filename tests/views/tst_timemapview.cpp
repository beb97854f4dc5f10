// Timemaps rendered offscreen: each thread's bars span its mean call time with x = 0 where the
// path reaches the root, down stages before it and up stages after; hiding arrival waits
// closes them up; hovering names stage, wrapper and mean; a picture is saved to look at.

#include "core/analysis/analyzer.h"
#include "tests/support/testdata.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/timemapview.h"

#include <QtTest>

#include <cmath>

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
        const QString text =
            view.describeAt((bar.x0 + bar.x1) / 2e3, bar.stage.depth - 0.4 + height / 2);
        QVERIFY2(text.contains(QString::fromStdString(report->idOf(bar.stage.wrapper))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("mean")), qPrintable(text));
        QVERIFY(view.describeAt(1e9, 1).isEmpty());
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-timemap.png"));
        QVERIFY(view.grab().save(file));
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
            const QString text =
                view.describeAt((b.x0 + b.x1) / 2e3, b.stage.depth - 0.4 + height * (b.row + 0.5));
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
