// The weighted tree (weightedtreeview.h): the scene built from the report, laid out, folded and
// filtered. Its input (tooltips, wheel, clicks, menu) is in weightedtreeinput.cpp.

#include "views/weightedtreeview.h"

#include "views/palette.h"
#include "views/treefilter.h"
#include "views/weightednodeitem.h"

#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>

#include <algorithm>

namespace xylem::views {

namespace {

constexpr double kSlot = 70;  // horizontal space per leaf
constexpr double kLevel = 90; // vertical space per depth
constexpr double kRadius = WeightedNodeItem::kRadius;

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

// The imbalance path in Okabe–Ito's colours (palette.h), which read for colour-blind eyes
// too: an orange halo under its edges and on its nodes, a vermillion outline around them.
QColor pathHalo()
{
    QColor orange = okabeIto()[1];
    orange.setAlpha(150);
    return orange;
}

QColor pathFill()
{
    return okabeIto()[1]; // orange
}

QColor pathOutline()
{
    return okabeIto()[6]; // vermillion
}

} // namespace

WeightedTreeView::WeightedTreeView(QWidget* parent)
    : QGraphicsView(parent)
    , m_filter(new QLineEdit(this))
    , m_summary(new QLabel(this))
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setOptimizationFlag(QGraphicsView::DontSavePainterState);
    setBackgroundBrush(palette().base());
    m_filter->setObjectName(QStringLiteral("treeFilter"));
    m_filter->setPlaceholderText(tr("Filter: host, cluster or thread (h17, c0, t3, h1*)"));
    m_filter->setToolTip(tr("Keeps the hosts, clusters and threads whose ids match, the way to "
                            "them and the imbalance path. Several terms: separate them by commas "
                            "or spaces; * and ? are wildcards."));
    m_filter->setClearButtonEnabled(true);
    m_filter->setFixedWidth(300);
    m_summary->setObjectName(QStringLiteral("treeSummary"));
    m_summary->setAttribute(Qt::WA_TransparentForMouseEvents);
    connect(m_filter, &QLineEdit::textChanged, this, [this] {
        m_folding.setMatches(m_report
                                 ? matchNodes(m_graph, *m_report->configuration, m_filter->text())
                                 : std::vector<bool>{});
        relayout();
        fitTree();
    });
}

void WeightedTreeView::setReport(std::shared_ptr<const AnalysisReport> report)
{
    m_report = std::move(report);
    m_graph = m_report ? buildWeightedTree(*m_report) : WeightedTreeGraph{};
    m_folding = TreeFolding(&m_graph);
    if (m_folding.isBig()) {
        m_folding.foldHosts();
    }
    m_highlighted = -1;
    {
        const QSignalBlocker quiet(m_filter);
        m_filter->clear();
    }
    relayout();
}

QPointF WeightedTreeView::position(int node) const
{
    return {m_placement.x[static_cast<size_t>(node)] * kSlot,
            m_placement.y[static_cast<size_t>(node)] * kLevel};
}

void WeightedTreeView::relayout(int anchor)
{
    const bool keep = anchor >= 0 && nodeItem(anchor);
    const QPoint anchorOnScreen = keep ? mapFromScene(position(anchor)) : QPoint();
    scene()->clear();
    m_nodeItems.assign(m_graph.nodes.size(), nullptr);
    m_edgeItems.assign(m_graph.edges.size(), nullptr);
    m_placement = placeTree(m_graph, m_folding);
    if (m_report) {
        const double heaviest = std::max<double>(1, static_cast<double>(m_graph.heaviest));
        for (size_t e = 0; e < m_graph.edges.size(); ++e) {
            if (m_folding.isShown(m_graph.edges[e].child)) {
                addEdge(e, heaviest);
            }
        }
        for (size_t i = 0; i < m_graph.nodes.size(); ++i) {
            if (m_folding.isShown(static_cast<int>(i))) {
                addNode(i, heaviest);
            }
        }
        addBuses();
    }
    scene()->setSceneRect(treeRect());
    if (keep) {
        // Scroll so that the anchor is under the same point of the viewport again.
        const QPoint moved = mapFromScene(position(anchor)) - anchorOnScreen;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + moved.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() + moved.y());
    }
    showSummary();
}

QRectF WeightedTreeView::treeRect() const
{
    // From the nodes' places, not the items' bounds: the path's labels reserve room to grow.
    QRectF all;
    for (size_t i = 0; i < m_nodeItems.size(); ++i) {
        if (m_nodeItems[i]) {
            const QPointF at = position(static_cast<int>(i));
            all |= QRectF(at - QPointF(kSlot / 2, kRadius + 20), at + QPointF(kSlot / 2, 40));
        }
    }
    return all.adjusted(-40, -40, 40, 30);
}

void WeightedTreeView::addBuses()
{
    // Per parent whose children are in rows: its trunk down to the last rail, and each rail
    // from the trunk to the row's last node; thin and neutral, the drops carry the weights.
    std::vector<std::vector<std::pair<double, double>>> rails(m_graph.nodes.size()); // y, end x
    for (size_t i = 1; i < m_graph.nodes.size(); ++i) {
        const double rail = m_placement.rail[i];
        if (rail < 0 || !m_nodeItems[i]) {
            continue;
        }
        auto& rows = rails[static_cast<size_t>(m_graph.nodes[i].parent)];
        if (rows.empty() || rows.back().first != rail) {
            rows.emplace_back(rail, 0);
        }
        rows.back().second = m_placement.x[i];
    }
    for (size_t p = 0; p < rails.size(); ++p) {
        if (rails[p].empty()) {
            continue;
        }
        const QPointF from = position(static_cast<int>(p));
        QPainterPath bus(from);
        bus.lineTo(from.x(), rails[p].back().first * kLevel);
        for (const auto& [rail, end] : rails[p]) {
            bus.moveTo(from.x(), rail * kLevel);
            bus.lineTo(end * kSlot, rail * kLevel);
        }
        auto* item = scene()->addPath(bus, QPen(weightColour(0), 1.5));
        item->setZValue(-2.5);
    }
}

void WeightedTreeView::addEdge(size_t e, double heaviest)
{
    const WeightedEdge& edge = m_graph.edges[e];
    const QPointF from = position(edge.parent);
    const QPointF to = position(edge.child);
    QPainterPath path(from);
    if (const double rail = m_placement.rail[static_cast<size_t>(edge.child)]; rail >= 0) {
        // In rows: the imbalance path goes down the parent's trunk, along the row's rail and
        // down to the node; any other edge is the drop from the rail (the bus is drawn once).
        if (edge.onPath) {
            path.lineTo(from.x(), rail * kLevel);
        } else {
            path = QPainterPath(QPointF(to.x(), rail * kLevel));
        }
        path.lineTo(to.x(), rail * kLevel);
    }
    path.lineTo(to);
    const double share = static_cast<double>(edge.lastArrivals) / heaviest;
    if (edge.onPath) {
        auto* halo = scene()->addPath(
            path, QPen(pathHalo(), 16 + 8 * share, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        halo->setZValue(-3);
    }
    auto* item = scene()->addPath(path, QPen(weightColour(share), 1.5 + 8 * share, Qt::SolidLine,
                                             Qt::RoundCap, Qt::RoundJoin));
    item->setZValue(-2 + share); // where rails share a trunk, the heavier edge shows
    item->setData(kOnPathRole, edge.onPath);
    item->setData(kEdgeRole, static_cast<int>(e)); // its tooltip is made when asked for
    m_edgeItems[e] = item;
}

void WeightedTreeView::addNode(size_t i, double heaviest)
{
    const WeightedNode& n = m_graph.nodes[i];
    const bool folded = m_folding.isCollapsed(static_cast<int>(i));
    QString id = QString::fromStdString(m_report->idOf(n.wrapper));
    QStringList detail;
    auto kind = n.isThread ? WeightedNodeItem::Kind::Thread : WeightedNodeItem::Kind::Gred;
    if (folded) {
        kind = WeightedNodeItem::Kind::Folded;
        // A host's gred says its host's name ("h17" for host.h17): shorter in the box.
        const auto& config = *m_report->configuration;
        const std::string& host = config.wrapper(n.wrapper).host;
        bool oneHost = true;
        for (int d = static_cast<int>(i); d < static_cast<int>(i) + n.size; ++d) {
            oneHost = oneHost && config.wrapper(m_graph.nodes[size_t(d)].wrapper).host == host;
        }
        if (oneHost && !host.empty()) {
            id = QString::fromStdString(host);
        }
        detail << tr("%n thread(s)", nullptr, n.threads);
        if (n.criticalArrivals > 0) {
            detail << tr("last in %1").arg(n.criticalArrivals);
        }
    }
    // The path's ids and those of open greds stay readable however far the view zooms out.
    auto* item = new WeightedNodeItem(kind, id, detail, n.onPath,
                                      n.onPath || kind == WeightedNodeItem::Kind::Gred);
    if (folded) {
        const double weight =
            n.incoming < 0 ? heaviest
                           : static_cast<double>(m_graph.edges[size_t(n.incoming)].lastArrivals);
        item->setBrush(weightColour(weight / heaviest));
    } else {
        item->setBrush(n.onPath ? pathFill() : palette().window().color());
    }
    item->setPen(nodePen(n, static_cast<int>(i) == m_highlighted));
    item->setPos(position(static_cast<int>(i)));
    item->setData(kNodeRole, static_cast<int>(i));
    item->setData(kOnPathRole, n.onPath);
    scene()->addItem(item);
    m_nodeItems[i] = item;
}

void WeightedTreeView::showSummary()
{
    if (!m_report || (!m_folding.isBig() && !m_folding.isFiltering())) {
        m_summary->clear();
        m_summary->adjustSize();
        return;
    }
    m_summary->setText(tr("%1 of %2 threads shown; double-click a host to unfold it")
                           .arg(m_folding.shownThreads())
                           .arg(m_graph.leaves));
    m_summary->adjustSize();
    placeStrip();
}

void WeightedTreeView::resizeEvent(QResizeEvent* event)
{
    // The filter and the summary in a strip above the drawing, never over it.
    const int strip = m_filter->sizeHint().height() + 6;
    setViewportMargins(0, strip, 0, 0);
    QGraphicsView::resizeEvent(event);
    placeStrip();
}

void WeightedTreeView::placeStrip()
{
    const QPoint corner = contentsRect().topLeft() + QPoint(3, 3);
    m_filter->resize(m_filter->width(), m_filter->sizeHint().height());
    m_filter->move(corner);
    m_summary->move(corner + QPoint(m_filter->width() + 8,
                                    (m_filter->height() - m_summary->sizeHint().height()) / 2));
}

void WeightedTreeView::setFolded(int node, bool folded)
{
    if (m_folding.isFolded(node) == folded) {
        return;
    }
    m_folding.setFolded(node, folded);
    relayout(node);
}

bool WeightedTreeView::isFolded(int node) const
{
    return m_folding.isFolded(node);
}

void WeightedTreeView::foldHosts()
{
    m_folding.foldHosts();
    relayout();
}

void WeightedTreeView::unfoldAll()
{
    m_folding.unfoldAll();
    relayout();
}

void WeightedTreeView::setFilter(const QString& text)
{
    m_filter->setText(text); // textChanged applies it
}

QString WeightedTreeView::filter() const
{
    return m_filter->text();
}

QGraphicsPathItem* WeightedTreeView::edgeItem(int edge) const
{
    return edge >= 0 && static_cast<size_t>(edge) < m_edgeItems.size()
               ? m_edgeItems[static_cast<size_t>(edge)]
               : nullptr;
}

QGraphicsItem* WeightedTreeView::nodeItem(int node) const
{
    return node >= 0 && static_cast<size_t>(node) < m_nodeItems.size()
               ? m_nodeItems[static_cast<size_t>(node)]
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
        m_folding.setFolded(p, false);
    }
    if (!m_folding.isShown(node)) {
        const QSignalBlocker quiet(m_filter);
        m_filter->clear();
        m_folding.setMatches({});
    }
    relayout();
    scene()->clearSelection();
    QGraphicsItem* item = nodeItem(node);
    item->setFlag(QGraphicsItem::ItemIsSelectable);
    item->setSelected(true);
    centerOn(item);
    return true;
}

QPen WeightedTreeView::nodePen(const WeightedNode& node, bool selected) const
{
    if (selected) {
        return QPen(palette().highlight().color(), 4);
    }
    return node.onPath ? QPen(pathOutline(), 2.5) : QPen(palette().text().color(), 1);
}

void WeightedTreeView::highlightThread(int wrapper)
{
    const int node = m_graph.nodeOf(wrapper);
    const auto repaint = [this](int n) {
        if (WeightedNodeItem* item = n >= 0 ? m_nodeItems[static_cast<size_t>(n)] : nullptr) {
            item->setPen(nodePen(m_graph.nodes[static_cast<size_t>(n)], n == m_highlighted));
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

} // namespace xylem::views
