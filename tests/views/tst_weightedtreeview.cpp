// The arrival-order weighted tree rendered offscreen: the worked example's imbalance path is
// the highlighted one, edge widths follow last arrivals, folding hides a subtree, search finds
// ids; a 1,000-thread tree builds and lays out; and a picture is saved to look at.

#include "core/analysis/analyzer.h"
#include "tests/support/testdata.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/weightedtreeview.h"

#include <QElapsedTimer>
#include <QGraphicsLineItem>
#include <QPen>
#include <QtTest>

#include <set>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> reportOf(const Run& run)
{
    return std::make_shared<const AnalysisReport>(analyze(run));
}

std::shared_ptr<const AnalysisReport> simulated(int hosts, int threads, const std::string& culprit)
{
    return testing::simulatedReport({std::to_string(hosts),
                                     threads,
                                     {.calls = 60, .culprit = culprit, .culpritDelay = 80'000}});
}

} // namespace

class TestWeightedTreeView : public QObject
{
    Q_OBJECT

private slots:
    void theImbalancePathIsTheHighlightedOne()
    {
        const auto report = reportOf(testing::exampleRun("two-hosts"));
        WeightedTreeView view;
        view.setReport(report);
        const WeightedTreeGraph& g = view.graph();
        // gred and thread nodes only: gA, gB and T1..T3; the core and the proxy are collapsed.
        QCOMPARE(g.nodes.size(), size_t(5));
        QCOMPARE(g.edges.size(), size_t(4));
        std::set<int> pathNodes(report->imbalancePath.begin(), report->imbalancePath.end());
        for (size_t e = 0; e < g.edges.size(); ++e) {
            const WeightedEdge& edge = g.edges[e];
            const bool expected = pathNodes.count(g.nodes[size_t(edge.parent)].wrapper) &&
                                  pathNodes.count(g.nodes[size_t(edge.child)].wrapper);
            QCOMPARE(edge.onPath, expected);
            QCOMPARE(view.edgeItem(int(e))->data(WeightedTreeView::kOnPathRole).toBool(), expected);
            QCOMPARE(edge.lastArrivals, edge.report->lastArrivals);
        }
        QVERIFY(std::any_of(g.edges.begin(), g.edges.end(),
                            [](const WeightedEdge& e) { return e.onPath; }));
    }

    void widerEdgesForMoreLastArrivals()
    {
        const auto report = simulated(4, 2, "h2.t1");
        WeightedTreeView view;
        view.setReport(report);
        const WeightedTreeGraph& g = view.graph();
        for (size_t a = 0; a < g.edges.size(); ++a) {
            for (size_t b = 0; b < g.edges.size(); ++b) {
                if (g.edges[a].lastArrivals > g.edges[b].lastArrivals) {
                    QVERIFY(view.edgeItem(int(a))->pen().widthF() >
                            view.edgeItem(int(b))->pen().widthF());
                }
            }
        }
        // The planted culprit ends the highlighted path.
        const int culprit = report->configuration->indexOf("h2.t1");
        QVERIFY(g.nodes[size_t(g.nodeOf(culprit))].onPath);
    }

    void foldingAndSearch()
    {
        const auto report = simulated(4, 2, "h1.t0");
        WeightedTreeView view;
        view.resize(800, 500);
        view.setReport(report);
        const int host = view.graph().nodeOf(report->configuration->indexOf("host.h1"));
        const int thread = view.graph().nodeOf(report->configuration->indexOf("h1.t0"));
        QVERIFY(host >= 0 && thread >= 0);
        view.setFolded(host, true);
        QVERIFY(view.isFolded(host));
        const auto visibleThreads = [&] {
            int n = 0;
            for (QGraphicsItem* item : view.scene()->items()) {
                n += item->isVisible() && item->data(WeightedTreeView::kNodeRole).isValid() ? 1 : 0;
            }
            return n;
        };
        const int folded = visibleThreads();
        QVERIFY(view.focusOn(QStringLiteral("h1.t0"))); // unfolds what hides it
        QVERIFY(!view.isFolded(host));
        QCOMPARE(visibleThreads(), folded + 2);
        QVERIFY(!view.focusOn(QStringLiteral("nobody")));
        QVERIFY(!view.focusOn(QStringLiteral("p.host.h1"))); // a proxy is no node
    }

    void aThousandThreads()
    {
        QElapsedTimer timer;
        timer.start();
        const auto report = simulated(250, 4, "h17.t3");
        const qint64 analysed = timer.restart();
        WeightedTreeView view;
        view.resize(1200, 700);
        view.setReport(report);
        view.fitInView(view.sceneRect(), Qt::KeepAspectRatio);
        const QImage picture = view.grab().toImage();
        const qint64 drawn = timer.elapsed();
        QCOMPARE(view.graph().leaves, 1000);
        QVERIFY(!picture.isNull());
        qInfo("1,000 threads: analysed in %lld ms, laid out and drawn in %lld ms", analysed, drawn);
        QVERIFY2(drawn < 5000, qPrintable(QString::number(drawn)));
    }

    void savesAPictureToLookAt()
    {
        WeightedTreeView view;
        view.resize(900, 520);
        view.setReport(simulated(4, 2, "h2.t1"));
        view.fitInView(view.sceneRect(), Qt::KeepAspectRatio);
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-weighted-tree.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }
};

QTEST_MAIN(TestWeightedTreeView)
#include "tst_weightedtreeview.moc"
