#pragma once

// The arrival-order weighted tree (metrics.md §3) as a zoomable, pannable picture: gred and
// thread nodes in a tidy layout, edges as wide and as warm as their share of last arrivals,
// the imbalance path drawn over a highlight. Hover an edge for its arrival and departure order
// distributions; double-click a gred to fold or unfold its subtree; wheel to zoom, drag to pan;
// find a node by id. Clicking a thread selects it (threadSelected) for the other views.

#include "core/analysis/report.h"
#include "views/weightedtreegraph.h"

#include <QGraphicsView>
#include <QPen>

#include <memory>
#include <vector>

class QGraphicsItem;
class QGraphicsLineItem;

namespace xylem::views {

class WeightedTreeView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit WeightedTreeView(QWidget* parent = nullptr);

    void setReport(std::shared_ptr<const AnalysisReport> report);
    const WeightedTreeGraph& graph() const { return m_graph; }

    // Selects and centres the node of that wrapper id; false when there is none.
    bool focusOn(const QString& id);
    void setFolded(int node, bool folded);
    bool isFolded(int node) const;
    // The drawn edge (for tests and export): its pen says width and colour.
    QGraphicsLineItem* edgeItem(int edge) const;
    void highlightThread(int wrapper);
    // The whole tree in view, never enlarged past 125 % (a small tree would fill the window).
    void fitTree();

    static constexpr int kNodeRole = 0; // QGraphicsItem::data: the node index
    static constexpr int kOnPathRole = 1;

signals:
    void threadSelected(int wrapper);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void rebuild();
    QString edgeToolTip(const WeightedEdge& edge) const;
    void updateVisibility();
    bool hiddenByFold(int node) const;
    QPen nodePen(const WeightedNode& node, bool selected) const;

    std::shared_ptr<const AnalysisReport> m_report;
    WeightedTreeGraph m_graph;
    std::vector<QGraphicsItem*> m_nodeItems;
    std::vector<QGraphicsItem*> m_labelItems;
    std::vector<QGraphicsLineItem*> m_edgeItems;
    std::vector<QGraphicsItem*> m_haloItems;
    std::vector<bool> m_folded;
    int m_highlighted = -1;
};

} // namespace xylem::views
