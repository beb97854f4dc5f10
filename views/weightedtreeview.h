#pragma once

// The arrival-order weighted tree (metrics.md §3) as a zoomable, pannable picture: gred and
// thread nodes, edges as wide and as warm as their share of last arrivals, the imbalance path
// drawn over a highlight. Hover an edge for its arrival and departure order distributions;
// double-click a gred (or use the context menu) to fold or unfold its subtree; wheel to zoom,
// drag to pan; find a node by id. Clicking a thread selects it (threadSelected) for the other
// views.
//
// Big trees (more than TreeFolding::kFoldAbove threads, e.g. 512 hosts x 8 threads) open with
// their hosts folded — one box per host, coloured by its edge's weight, with its thread count
// and critical arrivals — except along the imbalance path, and wide rows of siblings are laid
// out in rows of bounded width (treelayout.h). The filter field over the top-left corner keeps
// the nodes whose ids match (treefilter.h), the way to them and the imbalance path.

#include "core/analysis/report.h"
#include "views/treefolding.h"
#include "views/treelayout.h"
#include "views/weightedtreegraph.h"

#include <QGraphicsView>
#include <QPen>

#include <memory>
#include <vector>

class QGraphicsItem;
class QGraphicsPathItem;
class QLabel;
class QLineEdit;

namespace xylem::views {

class WeightedNodeItem;

class WeightedTreeView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit WeightedTreeView(QWidget* parent = nullptr);

    void setReport(std::shared_ptr<const AnalysisReport> report);
    const WeightedTreeGraph& graph() const { return m_graph; }
    const TreeFolding& folding() const { return m_folding; }
    const TreePlacement& placement() const { return m_placement; }

    // Selects and centres the node of that wrapper id, unfolding what hides it and clearing a
    // filter that leaves it out; false when there is none.
    bool focusOn(const QString& id);
    void setFolded(int node, bool folded);
    bool isFolded(int node) const;
    void foldHosts();
    void unfoldAll();
    // Keeps the nodes matching the text (treefilter.h); an empty text shows the whole tree.
    void setFilter(const QString& text);
    QString filter() const;
    QLineEdit* filterField() const { return m_filter; }
    // The drawn edge and node (null while folded away or filtered out).
    QGraphicsPathItem* edgeItem(int edge) const;
    QGraphicsItem* nodeItem(int node) const;
    void highlightThread(int wrapper);
    // The whole tree in view, never enlarged past 125 % (a small tree would fill the window).
    void fitTree();

    static constexpr int kNodeRole = 0; // QGraphicsItem::data: the node index
    static constexpr int kOnPathRole = 1;
    static constexpr int kEdgeRole = 2; // the edge index

signals:
    void threadSelected(int wrapper);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    // Lays out what is shown and draws it again; the anchor node stays where it was on screen.
    void relayout(int anchor = -1);
    void addEdge(size_t edge, double heaviest);
    void addBuses();
    void addNode(size_t node, double heaviest);
    QPointF position(int node) const;
    QRectF treeRect() const;
    QPen nodePen(const WeightedNode& node, bool selected) const;
    int nodeAt(const QPoint& viewportPoint) const;
    void showSummary();
    void placeStrip(); // the filter field and the summary above the drawing

    std::shared_ptr<const AnalysisReport> m_report;
    WeightedTreeGraph m_graph;
    TreeFolding m_folding;
    TreePlacement m_placement;
    std::vector<WeightedNodeItem*> m_nodeItems;
    std::vector<QGraphicsPathItem*> m_edgeItems;
    int m_highlighted = -1;
    QLineEdit* m_filter;
    QLabel* m_summary;
};

} // namespace xylem::views
