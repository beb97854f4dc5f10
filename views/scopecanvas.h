#pragma once

// The scope canvas: a scope design drawn as its gather tree — front-end on top, relays, the
// collectors of every host, filters beside the node they are attached to — with the validation
// messages on the offending nodes and, when deployed, each node's live figures. Drag a node to
// move it; drag from a node's out-port (the circle on top) onto another node to make that its
// parent, or onto empty space to detach it. Every edit goes to the ScopeDocument (undoable).
// A design of more than kCompactAbove collectors (512 hosts) is drawn compactly instead
// (scopecompactlayout.h): each collector's filters folded into it, a grid of collectors under
// their relays, nodes not draggable; a node's text is left out while it is too small to read.

#include <QGraphicsView>

#include <map>
#include <vector>

namespace xylem::views {

class ScopeDocument;
class ScopeNodeItem;

class ScopeCanvas : public QGraphicsView
{
    Q_OBJECT

public:
    explicit ScopeCanvas(ScopeDocument* document, QWidget* parent = nullptr);

    int selectedNode() const; // kNoNode when none
    void selectNode(int id);
    ScopeNodeItem* itemOf(int id) const; // null for a filter folded into its collector
    bool isCompact() const { return m_compact; }
    // The collector a filter is folded into (kNoNode when it is drawn).
    int foldedInto(int id) const;
    // Shows the whole design (never larger than life); again on every change and resize until
    // the user zooms with the wheel.
    void fitAll();
    // A free place for a new node: below the lowest node, near the middle.
    QPointF freePosition() const;

signals:
    void nodeSelected(int id);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    // Figures only: each item redraws in place, so a drag under way goes on.
    void showLive();
    void addEdges();
    ScopeNodeItem* nodeAt(const QPointF& scenePoint, int except) const;

    ScopeDocument* m_document;
    std::map<int, ScopeNodeItem*> m_items;
    std::vector<QGraphicsLineItem*> m_edges; // redrawn when a node's height changes
    int m_connectFrom = -1;
    QGraphicsLineItem* m_rubberLine = nullptr;
    bool m_autoFit = true; // until the user zooms: the design fits the view
    bool m_compact = false;
    std::map<int, int> m_folded; // filter -> the collector it is folded into
};

} // namespace xylem::views
