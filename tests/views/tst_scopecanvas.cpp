// The scope canvas with a big design (issue 23, item 7): 512 hosts generated as the builder's
// Generate does (k-ary 4, the load-balance preset: a last-arrival filter on every collector),
// shown at 1280x800 in a compact grid with each collector's filters folded into it (the design
// keeps its own positions); how long showing it takes, and pictures to look at. A design of 64
// hosts is drawn as before.

#include "core/live/scopegenerator.h"
#include "tests/support/testpictures.h"
#include "views/scopecanvas.h"
#include "views/scopedocument.h"
#include "views/scopenodeitem.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>
#include <set>

using namespace xylem;
using namespace xylem::views;

namespace {

live::ScopeDesign bigDesign(int hosts)
{
    live::DesignSpec spec;
    spec.shape = gather::TopologyShape::Kary;
    spec.fanout = 4;
    for (int i = 0; i < hosts; ++i) {
        spec.hosts.hosts.push_back("h" + std::to_string(i));
    }
    auto design = live::generateDesign(spec).value();
    live::applyPreset(design, live::Monitor::LoadBalance).value();
    return design;
}

void savePicture(QWidget& widget, const char* name)
{
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    QVERIFY(widget.grab().save(file));
    qInfo("picture: %s", qPrintable(file));
}

} // namespace

class TestScopeCanvas : public QObject
{
    Q_OBJECT

private slots:
    void aDesignOf512HostsShows()
    {
        const live::ScopeDesign design = bigDesign(512);
        ScopeDocument document;
        ScopeCanvas canvas(&document);
        canvas.resize(1280, 800);
        canvas.show();
        QVERIFY(QTest::qWaitForWindowExposed(&canvas));
        QElapsedTimer timer;
        timer.start();
        document.replaceDesign(design, QStringLiteral("Generate"));
        const QImage first = canvas.viewport()->grab().toImage(); // shown: drawn once
        const qint64 shown = timer.elapsed();
        qInfo("a design of %zu nodes for 512 hosts shown in %lld ms", design.nodes.size(), shown);
        QVERIFY(!first.isNull());
        QVERIFY(canvas.isCompact());
        int collectors = 0;
        for (const live::DesignNode& n : design.nodes) {
            if (n.kind == live::DesignNodeKind::Filter) {
                // Folded into the collector it is attached to, which says so.
                QVERIFY(!canvas.itemOf(n.id));
                QCOMPARE(canvas.foldedInto(n.id), n.parent);
                QVERIFY(canvas.itemOf(n.parent)->settingsLine().contains(
                    ScopeNodeItem::filterTitle(n)));
                continue;
            }
            ScopeNodeItem* item = canvas.itemOf(n.id);
            QVERIFY(item);
            QVERIFY(!(item->flags() & QGraphicsItem::ItemIsMovable));
            collectors += n.kind == live::DesignNodeKind::Collector ? 1 : 0;
        }
        QCOMPARE(collectors, 512);
        // A grid about as wide as the window, not a row of 512 collectors.
        const QRectF all = canvas.scene()->itemsBoundingRect();
        QVERIFY2(all.width() < 2.5 * all.height(),
                 qPrintable(QStringLiteral("%1 x %2").arg(all.width()).arg(all.height())));
        // No two nodes on top of each other.
        std::set<std::pair<long, long>> places;
        for (const live::DesignNode& n : design.nodes) {
            if (ScopeNodeItem* item = canvas.itemOf(n.id)) {
                QVERIFY(places.insert({std::lround(item->x()), std::lround(item->y())}).second);
            }
        }
        // The design keeps its positions: the grid is the canvas's only.
        QCOMPARE(document.design(), design);
        savePicture(canvas, "xylem-scope-canvas-512.png");
        canvas.scale(4, 4);
        canvas.centerOn(canvas.itemOf(design.nodes.back().parent));
        savePicture(canvas, "xylem-scope-canvas-512-zoomed.png");
    }

    void smallDesignsKeepTheirPlacesAndFilters()
    {
        live::ScopeDesign design = bigDesign(64); // 64 collectors: not big
        ScopeDocument document;
        ScopeCanvas canvas(&document);
        document.replaceDesign(design, QStringLiteral("Generate"));
        QVERIFY(!canvas.isCompact());
        for (const live::DesignNode& n : design.nodes) {
            ScopeNodeItem* item = canvas.itemOf(n.id);
            QVERIFY(item);
            QCOMPARE(item->pos(), QPointF(n.x, n.y));
            QVERIFY(item->flags() & QGraphicsItem::ItemIsMovable);
        }
    }
};

QTEST_MAIN(TestScopeCanvas)
#include "tst_scopecanvas.moc"
