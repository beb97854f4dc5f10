#include "views/weightedtreeview.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

namespace xylem::views {

namespace {

constexpr double kSlot = 70;  // horizontal space per leaf
constexpr double kLevel = 90; // vertical space per depth
constexpr double kRadius = 11;

QPointF position(const WeightedNode& n)
{
    return {n.x * kSlot, n.depth * kLevel};
}

// Cool for few last arrivals, warm for many.
QColor weightColour(double share)
{
    const QColor cool(120, 160, 200);
    const QColor warm(200, 40, 30);
    const double t = std::clamp(share, 0.0, 1.0);
    return QColor::fromRgbF(cool.redF() + t * (warm.redF() - cool.redF()),
                            cool.greenF() + t * (warm.greenF() - cool.greenF()),
                            cool.blueF() + t * (warm.blueF() - cool.blueF()));
}

QString ordinalCounts(const std::vector<std::int64_t>& counts)
{
    QStringList parts;
    for (size_t r = 0; r < counts.size(); ++r) {
        parts << QObject::tr("%1: %2").arg(r + 1).arg(counts[r]);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

WeightedTreeView::WeightedTreeView(QWidget* parent)
    : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setBackgroundBrush(palette().base());
}

void WeightedTreeView::setReport(std::shared_ptr<const AnalysisReport> report)
{
    m_report = std::move(report);
    m_graph = m_report ? buildWeightedTree(*m_report) : WeightedTreeGraph{};
    m_folded.assign(m_graph.nodes.size(), false);
    m_highlighted = -1;
    rebuild();
}

void WeightedTreeView::rebuild()
{
    scene()->clear();
    m_nodeItems.clear();
    m_labelItems.clear();
    m_edgeItems.clear();
    m_haloItems.clear();
    if (!m_report) {
        return;
    }
    const auto& config = *m_report->configuration;
    const double heaviest = std::max<double>(1, static_cast<double>(m_graph.heaviest));
    for (const WeightedEdge& e : m_graph.edges) {
        const QLineF line(position(m_graph.nodes[static_cast<size_t>(e.parent)]),
                          position(m_graph.nodes[static_cast<size_t>(e.child)]));
        const double share = static_cast<double>(e.lastArrivals) / heaviest;
        QGraphicsItem* halo = nullptr;
        if (e.onPath) {
            auto* h = scene()->addLine(
                line, QPen(QColor(255, 210, 60, 190), 16 + 8 * share, Qt::SolidLine, Qt::RoundCap));
            h->setZValue(-2);
            halo = h;
        }
        m_haloItems.push_back(halo);
        auto* item = scene()->addLine(
            line, QPen(weightColour(share), 1.5 + 8 * share, Qt::SolidLine, Qt::RoundCap));
        item->setZValue(-1);
        item->setData(kOnPathRole, e.onPath);
        item->setToolTip(edgeToolTip(e));
        m_edgeItems.push_back(item);
    }
    for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
        const WeightedNode& n = m_graph.nodes[i];
        const QRectF box(position(n) - QPointF(kRadius, kRadius), QSizeF(2 * kRadius, 2 * kRadius));
        QAbstractGraphicsShapeItem* shape =
            n.isThread ? static_cast<QAbstractGraphicsShapeItem*>(scene()->addRect(box))
                       : scene()->addEllipse(box);
        shape->setBrush(n.onPath ? QColor(250, 200, 60) : palette().window().color());
        shape->setPen(nodePen(n, false));
        shape->setData(kNodeRole, static_cast<int>(i));
        shape->setData(kOnPathRole, n.onPath);
        const QString id = QString::fromStdString(config.wrapper(n.wrapper).id);
        shape->setToolTip(n.isThread ? tr("thread %1").arg(id)
                                     : tr("gred %1 (double-click folds)").arg(id));
        m_nodeItems.push_back(shape);
        auto* label = scene()->addSimpleText(id);
        label->setBrush(palette().text());
        const QRectF r = label->boundingRect();
        label->setPos(position(n) + QPointF(-r.width() / 2,
                                            n.isThread ? kRadius + 3 : -kRadius - r.height() - 3));
        m_labelItems.push_back(label);
    }
    updateVisibility();
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-40, -40, 40, 40));
}

QString WeightedTreeView::edgeToolTip(const WeightedEdge& e) const
{
    const auto& config = *m_report->configuration;
    const QString child = QString::fromStdString(config.wrapper(e.contributor).id);
    const QString gred = QString::fromStdString(
        config.wrapper(m_graph.nodes[static_cast<size_t>(e.parent)].wrapper).id);
    QString text = tr("%1 → %2: last to arrive in %3 of %4 calls")
                       .arg(child, gred)
                       .arg(e.lastArrivals)
                       .arg(m_report->calls);
    if (e.report) {
        text += tr("\narrival order (rank: calls): %1").arg(ordinalCounts(e.report->arrivalOrder));
        text +=
            tr("\ndeparture order (rank: calls): %1").arg(ordinalCounts(e.report->departureOrder));
    }
    if (e.onPath) {
        text += tr("\non the imbalance path");
    }
    return text;
}

bool WeightedTreeView::hiddenByFold(int node) const
{
    for (int p = m_graph.nodes[static_cast<size_t>(node)].parent; p >= 0;
         p = m_graph.nodes[static_cast<size_t>(p)].parent) {
        if (m_folded[static_cast<size_t>(p)]) {
            return true;
        }
    }
    return false;
}

void WeightedTreeView::updateVisibility()
{
    for (size_t i = 0; i < m_nodeItems.size(); ++i) {
        const bool visible = !hiddenByFold(static_cast<int>(i));
        m_nodeItems[i]->setVisible(visible);
        m_labelItems[i]->setVisible(visible);
        m_nodeItems[i]->setOpacity(m_folded[i] ? 0.6 : 1.0);
    }
    for (size_t e = 0; e < m_edgeItems.size(); ++e) {
        const int child = m_graph.edges[e].child;
        const bool visible = !hiddenByFold(child);
        m_edgeItems[e]->setVisible(visible);
        if (m_haloItems[e]) {
            m_haloItems[e]->setVisible(visible);
        }
    }
}

void WeightedTreeView::setFolded(int node, bool folded)
{
    if (node >= 0 && static_cast<size_t>(node) < m_folded.size() &&
        !m_graph.nodes[static_cast<size_t>(node)].isThread) {
        m_folded[static_cast<size_t>(node)] = folded;
        updateVisibility();
    }
}

bool WeightedTreeView::isFolded(int node) const
{
    return node >= 0 && static_cast<size_t>(node) < m_folded.size() &&
           m_folded[static_cast<size_t>(node)];
}

QGraphicsLineItem* WeightedTreeView::edgeItem(int edge) const
{
    return edge >= 0 && static_cast<size_t>(edge) < m_edgeItems.size()
               ? m_edgeItems[static_cast<size_t>(edge)]
               : nullptr;
}

bool WeightedTreeView::focusOn(const QString& id)
{
    if (!m_report) {
        return false;
    }
    const int wrapper = m_report->configuration->indexOf(id.toStdString());
    const int node = wrapper < 0 ? -1 : m_graph.nodeOf(wrapper);
    if (node < 0) {
        return false;
    }
    for (int p = m_graph.nodes[static_cast<size_t>(node)].parent; p >= 0;
         p = m_graph.nodes[static_cast<size_t>(p)].parent) {
        m_folded[static_cast<size_t>(p)] = false;
    }
    updateVisibility();
    scene()->clearSelection();
    m_nodeItems[static_cast<size_t>(node)]->setFlag(QGraphicsItem::ItemIsSelectable);
    m_nodeItems[static_cast<size_t>(node)]->setSelected(true);
    centerOn(m_nodeItems[static_cast<size_t>(node)]);
    return true;
}

QPen WeightedTreeView::nodePen(const WeightedNode& node, bool selected) const
{
    if (selected) {
        return QPen(palette().highlight().color(), 4);
    }
    return node.onPath ? QPen(QColor(160, 30, 20), 2.5) : QPen(palette().text().color(), 1);
}

void WeightedTreeView::highlightThread(int wrapper)
{
    const int node = m_graph.nodeOf(wrapper);
    const auto repaint = [this](int n) {
        if (n >= 0) {
            static_cast<QAbstractGraphicsShapeItem*>(m_nodeItems[static_cast<size_t>(n)])
                ->setPen(nodePen(m_graph.nodes[static_cast<size_t>(n)], n == m_highlighted));
        }
    };
    const int previous = m_highlighted;
    m_highlighted = node;
    repaint(previous);
    repaint(node);
}

void WeightedTreeView::fitTree()
{
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 1.25) {
        setTransform(QTransform::fromScale(1.25, 1.25));
        centerOn(sceneRect().center());
    }
}

void WeightedTreeView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
}

void WeightedTreeView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (QGraphicsItem* item = itemAt(event->pos()); item && item->data(kNodeRole).isValid()) {
        const int node = item->data(kNodeRole).toInt();
        setFolded(node, !isFolded(node));
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void WeightedTreeView::mousePressEvent(QMouseEvent* event)
{
    if (QGraphicsItem* item = itemAt(event->pos()); item && item->data(kNodeRole).isValid()) {
        const WeightedNode& n = m_graph.nodes[static_cast<size_t>(item->data(kNodeRole).toInt())];
        if (n.isThread) {
            highlightThread(n.wrapper);
            emit threadSelected(n.wrapper);
        }
    }
    QGraphicsView::mousePressEvent(event);
}

} // namespace xylem::views
