// The weighted tree's input (weightedtreeview.h): tooltips made for the item under the mouse,
// zoom by wheel, a click that selects a thread, a double-click that folds or unfolds a gred, and
// the context menu. Building and laying out the scene is in weightedtreeview.cpp.

#include "views/weightedtreeview.h"

#include "views/weightedtreetips.h"

#include <QContextMenuEvent>
#include <QGraphicsItem>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace xylem::views {

bool WeightedTreeView::viewportEvent(QEvent* event)
{
    if (event->type() != QEvent::ToolTip || !m_report) {
        return QGraphicsView::viewportEvent(event);
    }
    // Tooltips are made for the item under the mouse only: a wide gred's order distributions
    // for every edge would cost more than drawing the tree.
    const QPoint at = static_cast<QHelpEvent*>(event)->pos();
    QString text;
    for (QGraphicsItem* item : items(at)) {
        if (item->data(kNodeRole).isValid()) {
            const int node = item->data(kNodeRole).toInt();
            text = nodeToolTip(*m_report, m_graph.nodes[static_cast<size_t>(node)],
                               m_folding.isCollapsed(node));
            break;
        }
        if (item->data(kEdgeRole).isValid()) {
            text = edgeToolTip(*m_report, m_graph,
                               m_graph.edges[static_cast<size_t>(item->data(kEdgeRole).toInt())]);
            break;
        }
    }
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), text, viewport());
    }
    return true;
}

int WeightedTreeView::nodeAt(const QPoint& viewportPoint) const
{
    for (QGraphicsItem* item : items(viewportPoint)) {
        if (item->data(kNodeRole).isValid()) {
            return item->data(kNodeRole).toInt();
        }
    }
    return -1;
}

void WeightedTreeView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
}

void WeightedTreeView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (const int node = nodeAt(event->pos()); node >= 0) {
        setFolded(node, !isFolded(node));
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void WeightedTreeView::mousePressEvent(QMouseEvent* event)
{
    if (const int node = nodeAt(event->pos()); node >= 0) {
        const WeightedNode& n = m_graph.nodes[static_cast<size_t>(node)];
        if (n.isThread) {
            highlightThread(n.wrapper);
            emit threadSelected(n.wrapper);
        }
    }
    QGraphicsView::mousePressEvent(event);
}

void WeightedTreeView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    const int node = nodeAt(event->pos());
    if (node >= 0 && !m_graph.nodes[static_cast<size_t>(node)].isThread) {
        const bool folded = isFolded(node);
        menu.addAction(folded ? tr("Unfold") : tr("Fold"), this,
                       [this, node, folded] { setFolded(node, !folded); });
        menu.addSeparator();
    }
    menu.addAction(tr("Fold Every Host"), this, &WeightedTreeView::foldHosts);
    menu.addAction(tr("Unfold Everything"), this, &WeightedTreeView::unfoldAll);
    if (!filter().isEmpty()) {
        menu.addAction(tr("Clear the Filter"), m_filter, &QLineEdit::clear);
    }
    menu.addAction(tr("Fit Tree"), this, &WeightedTreeView::fitTree);
    menu.exec(event->globalPos());
}

} // namespace xylem::views
