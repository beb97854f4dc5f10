#include "views/scopecanvas.h"

#include "views/scopecompactlayout.h"
#include "views/scopedocument.h"
#include "views/scopenodeitem.h"

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QWheelEvent>

namespace xylem::views {

ScopeCanvas::ScopeCanvas(ScopeDocument* document, QWidget* parent)
    : QGraphicsView(parent)
    , m_document(document)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    connect(document, &ScopeDocument::changed, this, &ScopeCanvas::rebuild);
    connect(document, &ScopeDocument::figuresChanged, this, &ScopeCanvas::showLive);
    connect(scene(), &QGraphicsScene::selectionChanged, this,
            [this] { emit nodeSelected(selectedNode()); });
    rebuild();
}

int ScopeCanvas::selectedNode() const
{
    const auto selected = scene()->selectedItems();
    for (QGraphicsItem* item : selected) {
        if (auto* node = dynamic_cast<ScopeNodeItem*>(item)) {
            return node->nodeId();
        }
    }
    return live::kNoNode;
}

void ScopeCanvas::selectNode(int id)
{
    if (const auto folded = m_folded.find(id); folded != m_folded.end()) {
        id = folded->second; // a filter folded into its collector
    }
    scene()->clearSelection();
    if (ScopeNodeItem* item = itemOf(id)) {
        item->setSelected(true);
        ensureVisible(item);
    }
}

ScopeNodeItem* ScopeCanvas::itemOf(int id) const
{
    const auto found = m_items.find(id);
    return found == m_items.end() ? nullptr : found->second;
}

int ScopeCanvas::foldedInto(int id) const
{
    const auto found = m_folded.find(id);
    return found == m_folded.end() ? live::kNoNode : found->second;
}

void ScopeCanvas::rebuild()
{
    const int selected = selectedNode();
    const QSignalBlocker quiet(scene());
    scene()->clear();
    m_items.clear();
    m_edges.clear();
    m_rubberLine = nullptr;
    const live::ScopeDesign& design = m_document->design();
    // A big design: per host, the collector's filters folded into it; a compact grid.
    m_compact = isBigDesign(design);
    m_folded = m_compact ? foldedFilters(design) : std::map<int, int>{};
    const auto places = m_compact ? compactPlaces(design, m_folded) : std::map<int, QPointF>{};
    std::map<int, std::pair<QStringList, QStringList>> foldedInto; // titles, issues
    for (const auto& [filter, collector] : m_folded) {
        foldedInto[collector].first << ScopeNodeItem::filterTitle(*design.find(filter));
        foldedInto[collector].second << m_document->issuesOf(filter);
    }
    for (const live::DesignNode& node : design.nodes) {
        if (m_folded.count(node.id) > 0) {
            continue;
        }
        const auto figures = m_document->figures().find(node.id);
        const auto output = m_document->filterOutputs().find(node.id);
        auto* item = new ScopeNodeItem(
            node, m_document->issuesOf(node.id) + foldedInto[node.id].second,
            figures == m_document->figures().end() ? std::nullopt : std::optional(figures->second),
            output == m_document->filterOutputs().end() ? std::nullopt
                                                        : std::optional(output->second));
        if (m_compact) {
            // Display only: dragging would store the grid's places in the design.
            item->setPos(places.at(node.id));
            item->setFlag(QGraphicsItem::ItemIsMovable, false);
            item->setFoldedFilters(foldedInto[node.id].first);
        }
        scene()->addItem(item);
        m_items[node.id] = item;
        // Queued: the item that reports the move is deleted by the rebuild the move causes.
        connect(
            item, &ScopeNodeItem::moved, this,
            [this](int id, QPointF at) { m_document->moveNode(id, at.x(), at.y()); },
            Qt::QueuedConnection);
    }
    addEdges();
    if (ScopeNodeItem* item = itemOf(selected)) {
        item->setSelected(true);
    }
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-80, -60, 80, 60));
    if (m_autoFit) {
        fitAll();
    }
}

void ScopeCanvas::showLive()
{
    for (const auto& [id, item] : m_items) {
        const auto figures = m_document->figures().find(id);
        const auto output = m_document->filterOutputs().find(id);
        item->setLive(figures == m_document->figures().end() ? std::nullopt
                                                             : std::optional(figures->second),
                      output == m_document->filterOutputs().end() ? std::nullopt
                                                                  : std::optional(output->second));
    }
    addEdges();
}

void ScopeCanvas::addEdges()
{
    for (QGraphicsLineItem* edge : m_edges) {
        delete edge;
    }
    m_edges.clear();
    for (const live::DesignNode& node : m_document->design().nodes) {
        ScopeNodeItem* child = itemOf(node.id);
        ScopeNodeItem* parent = itemOf(node.parent);
        if (!child || !parent) {
            continue;
        }
        const bool attached = node.kind == live::DesignNodeKind::Filter;
        QPen pen(attached ? QColor(206, 92, 0) : QColor(90, 90, 90), attached ? 1.6 : 1.8,
                 attached ? Qt::DashLine : Qt::SolidLine);
        auto* line = scene()->addLine(QLineF(child->outPort(), parent->inPort()), pen);
        line->setZValue(0);
        m_edges.push_back(line);
    }
}

ScopeNodeItem* ScopeCanvas::nodeAt(const QPointF& scenePoint, int except) const
{
    for (QGraphicsItem* item : scene()->items(scenePoint)) {
        auto* node = dynamic_cast<ScopeNodeItem*>(item);
        if (node && node->nodeId() != except) {
            return node;
        }
    }
    return nullptr;
}

void ScopeCanvas::mousePressEvent(QMouseEvent* event)
{
    const QPointF at = mapToScene(event->position().toPoint());
    for (const auto& [id, item] : m_items) {
        if (event->button() == Qt::LeftButton && item->isOnOutPort(at)) {
            m_connectFrom = id;
            m_rubberLine = scene()->addLine(QLineF(item->outPort(), at),
                                            QPen(QColor(204, 0, 0), 1.5, Qt::DashLine));
            event->accept();
            return;
        }
    }
    QGraphicsView::mousePressEvent(event);
}

void ScopeCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_rubberLine) {
        QLineF line = m_rubberLine->line();
        line.setP2(mapToScene(event->position().toPoint()));
        m_rubberLine->setLine(line);
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void ScopeCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_rubberLine) {
        QGraphicsView::mouseReleaseEvent(event);
        return;
    }
    const int from = m_connectFrom;
    ScopeNodeItem* target = nodeAt(mapToScene(event->position().toPoint()), from);
    delete m_rubberLine;
    m_rubberLine = nullptr;
    m_connectFrom = live::kNoNode;
    event->accept();
    if (target) {
        m_document->connectNodes(from, target->nodeId());
    } else if (const live::DesignNode* node = m_document->design().find(from);
               node && node->parent != live::kNoNode) {
        m_document->disconnectNode(from); // dropped on empty space: detached
    }
}

void ScopeCanvas::wheelEvent(QWheelEvent* event)
{
    const double factor = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
    m_autoFit = false;
    scale(factor, factor);
    event->accept();
}

void ScopeCanvas::fitAll()
{
    const QRectF all = scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30);
    fitInView(all, Qt::KeepAspectRatio);
    if (transform().m11() > 1.0) {
        resetTransform();
        centerOn(all.center());
    }
}

void ScopeCanvas::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit) {
        fitAll();
    }
}

QPointF ScopeCanvas::freePosition() const
{
    double lowest = 0;
    double sumX = 0;
    for (const live::DesignNode& node : m_document->design().nodes) {
        lowest = std::max(lowest, node.y);
        sumX += node.x;
    }
    const auto count = static_cast<double>(m_document->design().nodes.size());
    return {count > 0 ? sumX / count : 0, count > 0 ? lowest + 130 : 0};
}

} // namespace xylem::views
