// The timeline over a stored run: the overview draws about one bucket per pixel whatever the
// run's size, its line is the store's bucket means, and zooming asks for the new window.

#include "core/model/treegenerator.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "tests/support/tracesimulator.h"
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
};

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
