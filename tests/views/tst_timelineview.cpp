// The timeline over a stored run: the overview draws about one bucket per pixel whatever the
// run's size, its line is the store's bucket means, and zooming asks for the new window.

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
        QCOMPARE(mean->data()->at(0)->value, op.buckets.front().mean / 1e3);

        const std::int64_t mid = (*info.firstNs + *info.lastNs) / 2;
        view.showWindow(mid, mid + 5'000'000);
        QVERIFY(asked.count() >= 2);
        const auto last = asked.last();
        QVERIFY(std::llabs(last.at(0).toLongLong() - mid) < 1000);
        QVERIFY(std::llabs(last.at(1).toLongLong() - (mid + 5'000'000)) < 1000);
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
        QCOMPARE(view.systemRect()->axis(QCPAxis::atBottom)->label(),
                 QStringLiteral("no system samples in this run"));
        view.setSystemSamples(samples);
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
