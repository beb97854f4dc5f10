// Departure-serialization curves offscreen: two runs of one configuration overlaid, each with
// the engine's curve and its least-squares fit; the run that serializes more has the steeper
// line; a gred missing from a run leaves that run out; the axis is in the unit of the highest
// point; runs are coloured from the Okabe–Ito palette; a picture is saved to look at.

#include "core/analysis/analyzer.h"
#include "core/analysis/serialization.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/palette.h"
#include "views/serializationview.h"

#include <QtTest>
#include <qcustomplot.h>

#include <set>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> run(int hosts, std::int64_t departureStep)
{
    return testing::simulatedReport(
        {std::to_string(hosts), 4, {.calls = 100, .departureStep = departureStep}});
}

} // namespace

class TestSerializationView : public QObject
{
    Q_OBJECT

private slots:
    void runsOverlaidWithTheirFits()
    {
        SerializationView view;
        view.resize(800, 450);
        const auto flat = run(2, 50);
        const auto steep = run(2, 800);
        view.setReports(
            {{QStringLiteral("run 1: flat"), flat}, {QStringLiteral("run 2: steep"), steep}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        QCOMPARE(view.curves().size(), size_t(2));
        const GredReport* gred = flat->gred(flat->configuration->indexOf("host.h0"));
        QVERIFY(gred);
        QCOMPARE(view.curves()[0].meanNs, gred->serialization);
        const LineFit fit = fitLine(gred->serialization);
        QCOMPARE(view.curves()[0].slopeNs, fit.slope);
        QCOMPARE(view.curves()[0].interceptNs, fit.intercept);
        QVERIFY2(
            view.curves()[1].slopeNs > view.curves()[0].slopeNs,
            qPrintable(
                QString("%1 vs %2").arg(view.curves()[1].slopeNs).arg(view.curves()[0].slopeNs)));
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-serialization.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }

    // A run of the session not analysed yet (no report) draws nothing and adds no gred.
    void unanalysedRunsAreLeftOut()
    {
        SerializationView view;
        const auto flat = run(2, 50);
        view.setReports({{QStringLiteral("run 1: flat"), flat},
                         {QStringLiteral("run 2: not analysed"), nullptr, nullptr,
                          QStringLiteral("2")}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        QCOMPARE(view.curves().size(), size_t(1));
        QCOMPARE(view.curves()[0].label, QStringLiteral("run 1: flat"));
        view.setReports({{QStringLiteral("run 2: not analysed"), nullptr}});
        QVERIFY(view.curves().empty());
        QVERIFY(view.currentGred().isEmpty());
    }

    // The y axis in the unit of the highest point or fitted point, the curves scaled to it: a
    // gred whose departures take microseconds reads in µs, one that takes milliseconds in ms.
    void theAxisIsInTheUnitOfTheHighestPoint()
    {
        SerializationView view;
        view.resize(800, 450);
        view.setReports({{QStringLiteral("run"), run(2, 400)}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        QCOMPARE(view.yUnit(), DurationUnit::Microseconds);
        auto* plot = view.findChild<QCustomPlot*>();
        QCOMPARE(plot->yAxis->label(), QStringLiteral("mean t4(r) − t3 (µs)"));
        QCOMPARE(plot->graph(0)->data()->at(1)->value, view.curves()[0].meanNs[1] / 1e3);
        view.setReports({{QStringLiteral("slow"), run(2, 2'000'000)}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        QCOMPARE(view.yUnit(), DurationUnit::Milliseconds);
        QCOMPARE(plot->yAxis->label(), QStringLiteral("mean t4(r) − t3 (ms)"));
        QCOMPARE(plot->graph(0)->data()->at(1)->value, view.curves()[0].meanNs[1] / 1e6);
        QVERIFY(plot->yAxis->range().upper > plot->graph(0)->data()->at(3)->value);
        QVERIFY(plot->yAxis->range().upper < 1000);
    }

    // The series colours are Okabe and Ito's eight, as published, each once in a cycle, and
    // every run's curve and fit take its colour.
    void runsAreColouredFromTheOkabeItoPalette()
    {
        const std::set<QRgb> published{0x000000, 0xE69F00, 0x56B4E9, 0x009E73,
                                       0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7};
        std::set<QRgb> cycle;
        for (size_t i = 0; i < 8; ++i) {
            cycle.insert(seriesColour(i).rgb() & 0xFFFFFF);
            QCOMPARE(seriesColour(i + 8), seriesColour(i));
        }
        QCOMPARE(cycle, published);
        std::set<QRgb> palette;
        for (const QColor& c : okabeIto()) {
            palette.insert(c.rgb() & 0xFFFFFF);
        }
        QCOMPARE(palette, published);
        QCOMPARE(seriesColour(0), QColor(0x00, 0x72, 0xB2)); // run A blue, run B orange
        QCOMPARE(seriesColour(1), QColor(0xE6, 0x9F, 0x00));
        SerializationView view;
        view.setReports({{QStringLiteral("A"), run(2, 50)}, {QStringLiteral("B"), run(2, 800)}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        auto* plot = view.findChild<QCustomPlot*>();
        QCOMPARE(plot->graphCount(), 4);
        for (int g = 0; g < 4; ++g) {
            QCOMPARE(plot->graph(g)->pen().color(), seriesColour(size_t(g / 2)));
        }
    }

    void aRunWithoutTheGredIsLeftOut()
    {
        SerializationView view;
        view.setReports({{QStringLiteral("two hosts"), run(2, 100)},
                         {QStringLiteral("four hosts"), run(4, 100)}});
        QVERIFY(view.showGred(QStringLiteral("host.h3"))); // only the four-host run has it
        QCOMPARE(view.curves().size(), size_t(1));
        QCOMPARE(view.curves()[0].label, QStringLiteral("four hosts"));
        QVERIFY(!view.showGred(QStringLiteral("nowhere")));
    }
};

QTEST_MAIN(TestSerializationView)
#include "tst_serializationview.moc"
