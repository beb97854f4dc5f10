// The distribution chart of per-call times: its time axis in the unit of the bins' extent, the
// bins' edges scaled to it, and no chart at all when no run has a call time.

#include "tests/support/testpictures.h"
#include "views/distributionplot.h"

#include <QtTest>
#include <qcustomplot.h>

#include <vector>

using namespace xylem;
using namespace xylem::views;

class TestDistributionPlot : public QObject
{
    Q_OBJECT

private slots:
    void theAxisIsInTheUnitOfTheBins()
    {
        DistributionPlot plot;
        plot.resize(640, 360);
        const std::vector<std::int64_t> micro{1'000, 2'000, 2'500, 4'000};
        plot.setSeries({QStringLiteral("A")}, {micro});
        QCOMPARE(plot.xUnit(), DurationUnit::Microseconds);
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("operation time (µs)"));
        const Histogram& h = plot.histograms()[0];
        QCOMPARE(plot.plot()->graph(0)->data()->at(0)->key, h.lowNs / 1e3);
        std::vector<std::int64_t> milli;
        for (int i = 0; i < 200; ++i) {
            milli.push_back(2'000'000 + i * 10'000);
        }
        plot.setSeries({QStringLiteral("A"), QStringLiteral("B")}, {micro, milli});
        QCOMPARE(plot.xUnit(), DurationUnit::Milliseconds);
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("operation time (ms)"));
        QCOMPARE(plot.plot()->graph(1)->data()->at(0)->key, plot.histograms()[1].lowNs / 1e6);
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-distribution-ms.png"));
        QVERIFY(plot.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }

    // Runs without call times: nothing to chart, the chart leaves; it comes back with times.
    void hiddenWithoutCallTimes()
    {
        QWidget window;
        auto* plot = new DistributionPlot(&window);
        window.show();
        plot->setSeries({QStringLiteral("A"), QStringLiteral("B")}, {{}, {}});
        QVERIFY(!plot->isVisible());
        const std::vector<std::int64_t> times{1'000, 2'000};
        plot->setSeries({QStringLiteral("A"), QStringLiteral("B")}, {times, {}});
        QVERIFY(plot->isVisible());
    }
};

QTEST_MAIN(TestDistributionPlot)
#include "tst_distributionplot.moc"
