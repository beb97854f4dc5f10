// The timeline over a stored run: the overview draws about one bucket per pixel whatever the
// run's size, its line is the store's bucket means, and zooming asks for the new window; the
// per-call axis takes the unit of its highest value; the system panel shows only with samples.

#include "core/model/treegenerator.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "tests/support/testpictures.h"
#include "tests/support/tracesimulator.h"
#include "views/systemseries.h"
#include "views/timelineview.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace xylem;
using namespace xylem::views;

namespace {

// Four one-second buckets of ten calls each, min..max as given, the mean between them.
store::TimelineSlice slice(std::int64_t min, std::int64_t max)
{
    store::TimelineSlice s;
    for (int i = 0; i < 4; ++i) {
        const std::int64_t start = i * 1'000'000'000LL;
        s.buckets.push_back({start, start + 1'000'000'000, 10, min, max, double(min + max) / 2});
    }
    return s;
}

} // namespace

class TestTimelineView : public QObject
{
    Q_OBJECT

private slots:
    void drawsBucketsNotEvents()
    {
        QTemporaryDir dir;
        auto session =
            store::Session::create(dir.filePath(QStringLiteral("t.xylem")).toStdString());
        QVERIFY(session);
        const auto config = generateTree(TreeSpec{"t", parseHostList("4").value(), 2,
                                                  TreeShape::HierarchyAware, 2, RootKind::Core})
                                .value();
        testing::SimulationSpec spec;
        spec.calls = 20'000;
        const auto tuples = testing::simulateTrace(config, spec);
        auto run = store::importRun(session.value(), config, tuples,
                                    store::RunMetadata{"sim", "", "test", "", ""});
        QVERIFY(run);
        const auto info = store::runInfo(session.value(), run.value()).value();

        TimelineView view;
        view.resize(900, 400);
        view.show();
        QSignalSpy asked(&view, &TimelineView::windowRequested);
        view.setRun(*info.firstNs, *info.lastNs);
        QCOMPARE(asked.count(), 1);
        const int points = asked.first().at(2).toInt();
        QVERIFY(points >= 64 && points < 2000);
        const auto op = store::timelineOverview(session.value(), run.value(),
                                                store::kOperationSeries, size_t(points))
                            .value();
        const auto slow = store::timelineOverview(session.value(), run.value(),
                                                  store::kSlowestThreadSeries, size_t(points))
                              .value();
        view.setSlices(op, slow);
        QVERIFY(view.pointsDrawn() <= size_t(4 * points)); // not 20,000 calls
        QVERIFY(view.pointsDrawn() > 0);
        // The drawn mean is the store's.
        const QCPGraph* mean = view.plot()->graph(2);
        QCOMPARE(mean->data()->size(), int(op.buckets.size()));
        // Simulated calls take tens of µs: the axis is in µs, as the highest max asks.
        QCOMPARE(view.yUnit(), DurationUnit::Microseconds);
        QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("per call (µs)"));
        QCOMPARE(mean->data()->at(0)->value, op.buckets.front().mean / 1e3);

        const std::int64_t mid = (*info.firstNs + *info.lastNs) / 2;
        view.showWindow(mid, mid + 5'000'000);
        QVERIFY(asked.count() >= 2);
        const auto last = asked.last();
        QVERIFY(std::llabs(last.at(0).toLongLong() - mid) < 1000);
        QVERIFY(std::llabs(last.at(1).toLongLong() - (mid + 5'000'000)) < 1000);
    }

    // A run without system samples gets no system panel: the calls take the plot's height. It
    // comes back with samples, and while a recording runs it says where they will be.
    void theSystemPanelIsHiddenWithoutSamples()
    {
        TimelineView view;
        view.resize(900, 500);
        view.setRun(0, 4'000'000'000);
        view.setSlices(slice(1'000, 9'000), slice(2'000, 8'000));
        view.setSystemSamples({});
        QVERIFY(!view.systemPanelShown());
        QVERIFY(!view.grab().isNull()); // laid out at its size
        view.plot()->replot();
        QCOMPARE(view.plot()->axisRects().size(), 1);
        QVERIFY(view.plot()->axisRect()->outerRect().height() > 0.9 * view.plot()->height());
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-timeline-no-system.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
        view.setSystemSamples(
            {{"h0", "cpu_busy_pct", 500'000'000, 25}, {"h0", "cpu_busy_pct", 1'500'000'000, 75}});
        QVERIFY(view.systemPanelShown());
        QCOMPARE(view.plot()->axisRects().size(), 2);
        view.plot()->replot();
        QVERIFY(view.plot()->axisRect()->outerRect().height() < 0.8 * view.plot()->height());
        QCOMPARE(view.systemRect()->axis(QCPAxis::atBottom)->label(), QString());
        view.setSystemSamples({});
        QVERIFY(!view.systemPanelShown());
        QCOMPARE(view.plot()->axisRects().size(), 1);
        view.clear(QStringLiteral("Recording: later"));
        QVERIFY(view.systemPanelShown());
        QCOMPARE(view.systemRect()->axis(QCPAxis::atBottom)->label(),
                 QStringLiteral("Recording: later"));
    }

    // The per-call axis takes the unit of the highest max drawn, and the series follow it.
    void thePerCallAxisIsInTheUnitOfItsHighestValue()
    {
        TimelineView view;
        view.resize(900, 400);
        view.setRun(0, 4'000'000'000);
        view.setSlices(slice(400'000, 3'200'000), slice(300'000, 2'000'000));
        QCOMPARE(view.yUnit(), DurationUnit::Milliseconds);
        QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("per call (ms)"));
        QCOMPARE(view.plot()->graph(2)->data()->at(0)->value, (400'000 + 3'200'000) / 2 / 1e6);
        QCOMPARE(view.plot()->graph(1)->data()->at(0)->value, 3.2); // the max, ms
        view.setSlices(slice(200, 900), slice(100, 800));
        QCOMPARE(view.yUnit(), DurationUnit::Nanoseconds);
        QCOMPARE(view.plot()->yAxis->label(), QStringLiteral("per call (ns)"));
        QCOMPARE(view.plot()->graph(1)->data()->at(0)->value, 900.0);
    }

    // The calls' series in the Okabe–Ito palette: operation time blue, slowest thread orange;
    // the hosts' system series in the colours after those two.
    void theSeriesAreInTheColourBlindSafePalette()
    {
        TimelineView view;
        QCOMPARE(view.plot()->graph(2)->pen().color(), QColor(0, 114, 178));
        QCOMPARE(view.plot()->graph(5)->pen().color(), QColor(230, 159, 0));
        view.setSystemSamples({{"h0", "cpu_busy_pct", 0, 25}, {"h1", "cpu_busy_pct", 0, 75}});
        QCOMPARE(view.plot()->graph(6)->pen().color(), QColor(0, 158, 115));
        QCOMPARE(view.plot()->graph(7)->pen().color(), QColor(213, 94, 0));
    }

    // System samples: per host its CPU busy % and its network traffic (rx + tx over every
    // interface but loopback), on the calls' time axis.
    void groupsSystemSamplesPerHost()
    {
        const std::int64_t origin = 1'000'000'000'000;
        std::vector<store::SystemSample> samples;
        for (int i = 0; i < 5; ++i) {
            const std::int64_t t = origin + i * 100'000'000;
            for (const std::string host : {"h1", "h0"}) {
                samples.push_back({host, "cpu_busy_pct", t, 10.0 * i});
                samples.push_back({host, "cpu_busy_pct:cpu0", t, 99});
                samples.push_back({host, "net_rx_bytes_per_s:eth0", t, 1000});
                samples.push_back({host, "net_tx_bytes_per_s:eth0", t, 500});
                samples.push_back({host, "net_rx_bytes_per_s:lo", t, 1e9});
                samples.push_back({host, "mem_used_bytes", t, 1e9});
            }
        }
        const auto series = systemSeries(samples, origin);
        QCOMPARE(series.size(), size_t{4});
        QCOMPARE(series[0].kind, SystemSeries::Kind::CpuBusyPct);
        QCOMPARE(series[0].host, QStringLiteral("h0"));
        QCOMPARE(series[0].values, (QVector<double>{0, 10, 20, 30, 40}));
        QCOMPARE(series[0].seconds.back(), 0.4);
        QCOMPARE(series[2].kind, SystemSeries::Kind::NetworkBytesPerS);
        QCOMPARE(series[2].values, (QVector<double>(5, 1500))); // not loopback

        TimelineView view;
        view.resize(900, 500);
        view.setRun(origin, origin + 400'000'000);
        view.setSystemSamples({});
        QVERIFY(!view.systemPanelShown());
        view.setSystemSamples(samples);
        QVERIFY(view.systemPanelShown());
        QCOMPARE(view.systemSeriesDrawn(), 4);
        QCOMPARE(view.systemRect()->axis(QCPAxis::atBottom)->range().upper,
                 view.plot()->xAxis->range().upper);
        view.showWindow(origin + 100'000'000, origin + 300'000'000); // zoom: both follow
        QCOMPARE(view.systemRect()->axis(QCPAxis::atBottom)->range().lower, 0.1);
        view.setSystemSamples(samples); // again (a live run grows): replaced, not added
        QCOMPARE(view.plot()->graphCount(), 6 + 4);
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-timeline-system.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
