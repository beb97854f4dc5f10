// The arrival-order weighted tree rendered offscreen: the worked example's imbalance path is
// the highlighted one, edge widths follow last arrivals, folding hides a subtree, search finds
// ids; a 1,000-thread tree builds and lays out; and a picture is saved to look at. Big trees
// (issue 23, item 7): hosts folded by default but for the imbalance path, a folded host's
// aggregates are the sums of its threads', the filter keeps matches and the way to them,
// unfolding and folding again gives back the same picture, rows of bounded width; pictures of
// 4 096 threads on 512 hosts at 1280x800.

#include "core/analysis/analyzer.h"
#include "tests/support/testdata.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/palette.h"
#include "views/weightednodeitem.h"
#include "views/weightedtreeview.h"

#include <QElapsedTimer>
#include <QGraphicsLineItem>
#include <QLineEdit>
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

// Every shown node's index.
std::set<int> shownNodes(const WeightedTreeView& view)
{
    std::set<int> shown;
    for (size_t i = 0; i < view.graph().nodes.size(); ++i) {
        if (view.folding().isShown(int(i))) {
            shown.insert(int(i));
        }
    }
    return shown;
}

int nodeOfId(const WeightedTreeView& view, const AnalysisReport& report, const std::string& id)
{
    return view.graph().nodeOf(report.configuration->indexOf(id));
}

void savePicture(WeightedTreeView& view, const std::string& name)
{
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    QVERIFY(view.grab().save(file));
    qInfo("picture: %s", qPrintable(file));
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
        // The path's nodes are outlined in Okabe–Ito's vermillion (palette.h), the others not.
        int outlined = 0;
        for (const int i : shownNodes(view)) {
            const auto* item = static_cast<const WeightedNodeItem*>(view.nodeItem(i));
            QVERIFY(item);
            QCOMPARE(item->pen().color() == okabeIto()[6], g.nodes[size_t(i)].onPath);
            outlined += g.nodes[size_t(i)].onPath ? 1 : 0;
        }
        QCOMPARE(outlined, 3); // the root, host.h2 and h2.t1
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
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitTree();
        savePicture(view, "xylem-weighted-tree-small-1280.png");
    }

    void smallTreesOpenUnfolded()
    {
        const auto report = simulated(16, 4, "h3.t1"); // 64 threads: not big
        WeightedTreeView view;
        view.setReport(report);
        QVERIFY(!view.folding().isBig());
        for (size_t i = 0; i < view.graph().nodes.size(); ++i) {
            QVERIFY(!view.isFolded(int(i)));
            QVERIFY(view.nodeItem(int(i)));
            // The tidy layout as before: leaves in configuration order, parents centred.
            QCOMPARE(view.placement().x[i], view.graph().nodes[i].x);
            QCOMPARE(view.placement().y[i], double(view.graph().nodes[i].depth));
        }
    }

    void bigTreesOpenWithHostsFoldedButThePath()
    {
        const auto report = simulated(40, 4, "h13.t2"); // 160 threads
        WeightedTreeView view;
        view.setReport(report);
        QVERIFY(view.folding().isBig());
        const WeightedTreeGraph& g = view.graph();
        int folded = 0;
        for (int h = 0; h < 40; ++h) {
            const int host = nodeOfId(view, *report, "host.h" + std::to_string(h));
            QVERIFY(host >= 0);
            QCOMPARE(view.isFolded(host), h != 13);
            QVERIFY(view.folding().isShown(host));
            folded += view.isFolded(host) ? 1 : 0;
        }
        QCOMPARE(folded, 39);
        for (size_t i = 0; i < g.nodes.size(); ++i) {
            if (g.nodes[i].onPath) {
                QVERIFY(view.folding().isShown(int(i)));
                QVERIFY(!view.folding().isCollapsed(int(i)));
            }
            if (g.nodes[i].isThread) {
                // Only the path's host shows its threads.
                const bool onHost13 = report->idOf(g.nodes[i].wrapper).rfind("h13.", 0) == 0;
                QCOMPARE(view.folding().isShown(int(i)), onHost13);
            }
        }
        QVERIFY(g.nodes[size_t(nodeOfId(view, *report, "h13.t2"))].onPath);
        QCOMPARE(view.folding().shownThreads(), 4);
    }

    void foldedAggregatesAreTheSumsOfTheirThreads()
    {
        const auto report = simulated(40, 4, "h13.t2");
        WeightedTreeView view;
        view.setReport(report);
        const WeightedTreeGraph& g = view.graph();
        for (size_t i = 0; i < g.nodes.size(); ++i) {
            std::int64_t critical = 0;
            int threads = 0;
            for (size_t d = i; d < i + size_t(g.nodes[i].size); ++d) {
                if (g.nodes[d].isThread) {
                    critical += report->thread(g.nodes[d].wrapper)->criticalArrivals;
                    ++threads;
                }
            }
            QCOMPARE(g.nodes[i].criticalArrivals, critical);
            QCOMPARE(g.nodes[i].threads, threads);
        }
        // The root's is every call (metrics.md §3); the planted culprit's host has nearly all.
        QCOMPARE(g.nodes[0].criticalArrivals, report->calls);
        QCOMPARE(g.nodes[0].threads, 160);
        QVERIFY(g.nodes[size_t(nodeOfId(view, *report, "host.h13"))].criticalArrivals >
                report->calls / 2);
    }

    void theFilterKeepsMatchesAndTheWayToThem()
    {
        const auto report = simulated(40, 4, "h13.t2");
        WeightedTreeView view;
        view.resize(800, 500);
        view.setReport(report);
        const WeightedTreeGraph& g = view.graph();
        const auto before = shownNodes(view);
        view.filterField()->setText(QStringLiteral("h7")); // the field applies it
        QVERIFY(view.folding().isFiltering());
        const int h7 = nodeOfId(view, *report, "host.h7");
        for (const int n : shownNodes(view)) {
            const std::string& id = report->idOf(g.nodes[size_t(n)].wrapper);
            const bool ancestor = n < h7 && n + g.nodes[size_t(n)].size > h7;
            QVERIFY2(n == h7 || ancestor || g.nodes[size_t(n)].onPath, id.c_str());
        }
        QVERIFY(view.folding().isShown(h7) && view.isFolded(h7)); // a host matched stays folded
        QVERIFY(view.nodeItem(h7) && !view.nodeItem(nodeOfId(view, *report, "host.h8")));
        // A thread filter opens every host to show those threads, and only those.
        view.setFilter(QStringLiteral("t3"));
        int threes = 0;
        for (const int n : shownNodes(view)) {
            const std::string& id = report->idOf(g.nodes[size_t(n)].wrapper);
            if (g.nodes[size_t(n)].isThread) {
                QVERIFY2(id.ends_with(".t3") || g.nodes[size_t(n)].onPath, id.c_str());
                threes += id.ends_with(".t3") ? 1 : 0;
            }
        }
        QCOMPARE(threes, 40);
        view.setFilter(QStringLiteral("H2*, h39.t0")); // wildcards, several terms, any case
        QVERIFY(view.folding().isShown(nodeOfId(view, *report, "host.h25")));
        QVERIFY(view.folding().isShown(nodeOfId(view, *report, "h39.t0")));
        QVERIFY(!view.folding().isShown(nodeOfId(view, *report, "h39.t1")));
        QVERIFY(!view.folding().isShown(nodeOfId(view, *report, "host.h30")));
        view.setFilter(QString());
        QCOMPARE(shownNodes(view), before);
        QVERIFY(view.isFolded(h7));
    }

    void unfoldAndFoldAgainGivesTheSamePicture()
    {
        const auto report = simulated(40, 4, "h13.t2");
        WeightedTreeView view;
        view.resize(800, 500);
        view.setReport(report);
        const auto before = shownNodes(view);
        const TreePlacement placed = view.placement();
        const int host = nodeOfId(view, *report, "host.h21");
        QVERIFY(view.isFolded(host));
        view.setFolded(host, false);
        const auto unfolded = shownNodes(view);
        QCOMPARE(unfolded.size(), before.size() + 4);
        QVERIFY(unfolded.count(nodeOfId(view, *report, "h21.t0")));
        view.setFolded(host, true);
        QCOMPARE(shownNodes(view), before);
        for (const int n : before) {
            QCOMPARE(view.placement().x[size_t(n)], placed.x[size_t(n)]);
            QCOMPARE(view.placement().y[size_t(n)], placed.y[size_t(n)]);
        }
        // Folding the path's host is the user's choice; "Fold every host" leaves it open.
        const int pathHost = nodeOfId(view, *report, "host.h13");
        view.setFolded(pathHost, true);
        QVERIFY(view.isFolded(pathHost));
        view.unfoldAll();
        QCOMPARE(view.folding().shownThreads(), 160);
        view.foldHosts();
        QCOMPARE(shownNodes(view), before);
    }

    void fourThousandThreadsInRowsOfBoundedWidth()
    {
        QElapsedTimer timer;
        timer.start();
        const auto report = testing::simulatedReport(
            {"512", 8, {.calls = 40, .culprit = "h317.t5", .culpritDelay = 80'000}});
        const qint64 analysed = timer.restart();
        WeightedTreeView view;
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setReport(report);
        view.fitTree();
        const QImage first = view.grab().toImage();
        const qint64 shown = timer.elapsed();
        qInfo("4,096 threads: analysed in %lld ms, shown in %lld ms", analysed, shown);
        QVERIFY(!first.isNull());
        QCOMPARE(view.graph().leaves, 4096);
        QCOMPARE(view.folding().shownThreads(), 8); // the culprit's host
        // 512 hosts in rows about as wide as a 16:10 block: no row of 512 slots.
        QVERIFY2(view.placement().width < 40, qPrintable(QString::number(view.placement().width)));
        QVERIFY(view.placement().height < 25);
        // No two shown nodes on top of each other.
        std::set<std::pair<long, long>> places;
        for (const int n : shownNodes(view)) {
            const auto at = std::pair(std::lround(view.placement().x[size_t(n)] * 10),
                                      std::lround(view.placement().y[size_t(n)] * 10));
            QVERIFY(places.insert(at).second);
        }
        savePicture(view, "xylem-weighted-tree-4096-folded.png");
        view.setFolded(nodeOfId(view, *report, "host.h40"), false);
        view.fitTree();
        savePicture(view, "xylem-weighted-tree-4096-one-unfolded.png");
        view.setFilter(QStringLiteral("h40, h41"));
        savePicture(view, "xylem-weighted-tree-4096-filtered.png");
        view.setFilter(QString());
        QVERIFY(view.focusOn(QStringLiteral("h317.t5")));
        view.setTransform(QTransform::fromScale(1, 1));
        view.centerOn(view.nodeItem(nodeOfId(view, *report, "h317.t5")));
        savePicture(view, "xylem-weighted-tree-4096-zoomed.png");
        // Four clusters of 128 hosts: blocks of the same width stacked, not a tower.
        std::string hosts;
        for (int h = 0; h < 512; ++h) {
            hosts += (h ? "," : "") + ("h" + std::to_string(h)) + ":c" + std::to_string(h / 128);
        }
        view.setReport(testing::simulatedReport(
            {hosts, 8, {.calls = 20, .culprit = "h300.t1", .culpritDelay = 80'000}}));
        view.fitTree();
        QVERIFY2(view.placement().height * 90 < 2 * view.placement().width * 70,
                 qPrintable(QStringLiteral("%1 x %2")
                                .arg(view.placement().width)
                                .arg(view.placement().height)));
        savePicture(view, "xylem-weighted-tree-4096-clusters.png");
    }
};

QTEST_MAIN(TestWeightedTreeView)
#include "tst_weightedtreeview.moc"
