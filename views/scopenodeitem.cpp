#include "views/scopenodeitem.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <string>

namespace xylem::views {

namespace {

constexpr double kWidth = 190;
constexpr double kHeight = 62;
constexpr double kFilterHeight = 44;
constexpr double kSettingsLineHeight = 15; // each line a filter's settings add to its box
constexpr double kFiguresHeight = 32;      // two lines
constexpr double kOutputLineHeight = 15;
constexpr double kPortRadius = 6;
constexpr double kIssueWidth = 230;

QString text(const char* utf8)
{
    return QString::fromUtf8(utf8);
}

QString syncText(const gather::SyncSpec& sync)
{
    switch (sync.mode) {
    case gather::SyncMode::WaitForAll:
        return QCoreApplication::translate("ScopeNodeItem", "wait for all");
    case gather::SyncMode::TimeOut:
        return QCoreApplication::translate("ScopeNodeItem", "time-out %1 ms")
            .arg(static_cast<double>(sync.timeout.count()) / 1000.0);
    case gather::SyncMode::DoNotWait:
        return QCoreApplication::translate("ScopeNodeItem", "do not wait");
    }
    return {};
}

// A filter's coscheduling as the canvas says it, nothing when it is off (design files name the
// modes off, after-send and after-release; see core/live/scopedesign.h).
QString coscheduleText(const std::string& mode)
{
    if (mode == "after-send") {
        return QCoreApplication::translate("ScopeNodeItem", "coscheduled after sending");
    }
    if (mode == "after-release") {
        return QCoreApplication::translate("ScopeNodeItem", "coscheduled after release");
    }
    return {};
}

QColor levelColour(live::FigureLevel level)
{
    switch (level) {
    case live::FigureLevel::Ok:
        return {200, 235, 200};
    case live::FigureLevel::Warning:
        return {250, 225, 150};
    case live::FigureLevel::Critical:
        return {245, 170, 165};
    }
    return Qt::white;
}

} // namespace

ScopeNodeItem::ScopeNodeItem(const live::DesignNode& node, QStringList issues,
                             std::optional<live::NodeFigures> figures,
                             std::optional<live::FilterOutput> output)
    : m_node(node)
    , m_issues(std::move(issues))
    , m_figures(figures)
    , m_output(std::move(output))
{
    setFlags(ItemIsMovable | ItemIsSelectable);
    setPos(node.x, node.y);
    setZValue(1);
    setToolTip(m_issues.empty() ? title() : issueLines().join(QLatin1Char('\n')));
}

void ScopeNodeItem::setLive(std::optional<live::NodeFigures> figures,
                            std::optional<live::FilterOutput> output)
{
    prepareGeometryChange(); // the band's height may change
    m_figures = figures;
    m_output = std::move(output);
    update();
}

QRectF ScopeNodeItem::box() const
{
    return {-kWidth / 2, 0, kWidth, bodyHeight() + bandHeight()};
}

double ScopeNodeItem::bodyHeight() const
{
    if (m_node.kind != live::DesignNodeKind::Filter) {
        return kHeight;
    }
    const auto extraLines = settingsLine().count(QLatin1Char('\n'));
    return kFilterHeight + kSettingsLineHeight * static_cast<double>(extraLines);
}

double ScopeNodeItem::bandHeight() const
{
    if (m_figures) {
        return kFiguresHeight;
    }
    if (m_output) {
        const auto lines = QString::fromStdString(m_output->text).count(QLatin1Char('\n')) + 1;
        return kOutputLineHeight * static_cast<double>(lines) + 4;
    }
    return 0;
}

// The figures coloured by their level, or the filter's newest result on a pale blue.
void ScopeNodeItem::paintBand(QPainter* painter, const QRectF& r) const
{
    const double height = bandHeight();
    const QRectF band(r.left() + 1, r.bottom() - height - 1, r.width() - 2, height);
    if (m_figures) {
        painter->fillRect(band, levelColour(live::figureLevel(*m_figures)));
        painter->drawText(band.adjusted(5, 0, -5, 0), Qt::AlignVCenter | Qt::AlignLeft,
                          figuresLine());
    } else if (m_output) {
        painter->fillRect(band, QColor(214, 228, 245));
        painter->drawText(band.adjusted(5, 0, -5, 0), Qt::AlignVCenter | Qt::AlignLeft,
                          QString::fromStdString(m_output->text));
    }
}

QPointF ScopeNodeItem::outPort() const
{
    return mapToScene(QPointF(0, 0));
}

QPointF ScopeNodeItem::inPort() const
{
    return mapToScene(QPointF(0, box().bottom()));
}

bool ScopeNodeItem::isOnOutPort(const QPointF& scenePoint) const
{
    const QPointF d = mapFromScene(scenePoint);
    return d.x() * d.x() + d.y() * d.y() <= (kPortRadius + 3) * (kPortRadius + 3);
}

QStringList ScopeNodeItem::issueLines() const
{
    return m_issues;
}

QRectF ScopeNodeItem::boundingRect() const
{
    QRectF r = box().adjusted(-3, -kPortRadius - 2, 3, 3);
    if (!m_issues.empty()) {
        r.setBottom(r.bottom() + 16.0 * static_cast<double>(m_issues.size()) * 3);
        r.setLeft(std::min(r.left(), -kIssueWidth / 2));
        r.setRight(std::max(r.right(), kIssueWidth / 2));
    }
    return r;
}

QString ScopeNodeItem::filterTitle(const live::DesignNode& filter)
{
    return QCoreApplication::translate("ScopeNodeItem", "%1 filter")
        .arg(text(live::filterKindName(filter.filter.kind)));
}

void ScopeNodeItem::setFoldedFilters(const QStringList& titles)
{
    m_foldedFilters = titles;
    update();
}

QString ScopeNodeItem::title() const
{
    if (m_node.kind == live::DesignNodeKind::Filter) {
        return filterTitle(m_node);
    }
    const QString kind = text(live::nodeKindName(m_node.kind));
    return m_node.host.empty()
               ? QCoreApplication::translate("ScopeNodeItem", "%1 (no host)").arg(kind)
               : QCoreApplication::translate("ScopeNodeItem", "%1 on %2")
                     .arg(kind, QString::fromStdString(m_node.host));
}

QString ScopeNodeItem::settingsLine() const
{
    using live::DesignNodeKind;
    switch (m_node.kind) {
    case DesignNodeKind::FrontEnd:
        return QCoreApplication::translate("ScopeNodeItem", "pull %1 ms · %2 helpers · %3")
            .arg(m_node.pullPeriod.count())
            .arg(m_node.gather.helperThreads)
            .arg(syncText(m_node.gather.sync));
    case DesignNodeKind::Relay:
        return QCoreApplication::translate("ScopeNodeItem", "%1 helpers · %2")
            .arg(m_node.gather.helperThreads)
            .arg(syncText(m_node.gather.sync));
    case DesignNodeKind::Collector: {
        QString line = QCoreApplication::translate("ScopeNodeItem", "ring %1 · %2")
                           .arg(m_node.ring.capacity)
                           .arg(QString::fromStdString(m_node.ring.bufferPolicy));
        if (!m_foldedFilters.isEmpty()) {
            line += QLatin1Char('\n') + QCoreApplication::translate("ScopeNodeItem", "+ %1")
                                            .arg(m_foldedFilters.join(QStringLiteral(", ")));
        }
        return line;
    }
    case DesignNodeKind::Filter: {
        QStringList lines;
        if (m_node.filter.kind == live::FilterKind::Reduce) {
            lines << text(live::reduceOperatorName(m_node.filter.reduce));
        } else if (m_node.filter.kind == live::FilterKind::Plugin) {
            lines << QString::fromStdString(m_node.filter.pluginFilter);
        } else if (m_node.filter.kind == live::FilterKind::EquivalenceClasses) {
            lines << QCoreApplication::translate("ScopeNodeItem", "collectors by gather rate");
        }
        if (const QString mode = coscheduleText(m_node.filter.coschedule); !mode.isEmpty()) {
            lines << mode;
        }
        return lines.join(QLatin1Char('\n'));
    }
    }
    return {};
}

QString ScopeNodeItem::figuresLine() const
{
    const live::NodeFigures& f = *m_figures;
    const double rate = f.tuplesPerSecond;
    const QString perSecond =
        rate >= 1e6
            ? QCoreApplication::translate("ScopeNodeItem", "%1 M/s").arg(rate / 1e6, 0, 'f', 1)
        : rate >= 1e3
            ? QCoreApplication::translate("ScopeNodeItem", "%1 k/s").arg(rate / 1e3, 0, 'f', 0)
            : QCoreApplication::translate("ScopeNodeItem", "%1/s").arg(rate, 0, 'f', 0);
    // "100" when nothing was lost, else one decimal rounded down (99.95 must not read as 100).
    const bool whole = f.gatherRatePct >= 100.0;
    const double gathered = whole ? 100.0 : std::floor(f.gatherRatePct * 10.0) / 10.0;
    QString line = QCoreApplication::translate("ScopeNodeItem", "%1 · %2 % read · %3 lost\n")
                       .arg(perSecond)
                       .arg(gathered, 0, 'f', whole ? 0 : 1)
                       .arg(f.overwritten);
    QStringList second;
    if (f.delayMs) {
        second << QCoreApplication::translate("ScopeNodeItem", "delay %1 ms")
                      .arg(*f.delayMs, 0, 'f', 1);
    }
    if (f.cpuPct) {
        second
            << QCoreApplication::translate("ScopeNodeItem", "CPU %1 %").arg(*f.cpuPct, 0, 'f', 0);
    }
    if (f.lost) {
        second << QCoreApplication::translate("ScopeNodeItem", "LOST");
    }
    line += second.join(QStringLiteral(" · "));
    return line;
}

QColor ScopeNodeItem::kindColour() const
{
    switch (m_node.kind) {
    case live::DesignNodeKind::FrontEnd:
        return {80, 80, 90};
    case live::DesignNodeKind::Relay:
        return {52, 101, 164};
    case live::DesignNodeKind::Collector:
        return {78, 154, 6};
    case live::DesignNodeKind::Filter:
        return {206, 92, 0};
    }
    return Qt::gray;
}

void ScopeNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF r = box();
    const bool broken = !m_issues.empty();
    const bool selected = option->state & QStyle::State_Selected;
    if (option->levelOfDetailFromTransform(painter->worldTransform()) < 0.3) {
        // Too small to read (a 512-host design shown whole): the box in its kind's colour.
        painter->setPen(broken || selected ? QPen(broken ? QColor(204, 0, 0) : Qt::black, 3)
                                           : QPen(Qt::NoPen));
        painter->setBrush(kindColour());
        painter->drawRect(r);
        return;
    }
    painter->setPen(QPen(broken ? QColor(204, 0, 0) : kindColour().darker(130),
                         broken || selected ? 2.6 : 1.2, selected ? Qt::DashLine : Qt::SolidLine));
    painter->setBrush(Qt::white);
    painter->drawRoundedRect(r, 6, 6);
    painter->fillRect(QRectF(r.left() + 1, r.top() + 1, r.width() - 2, 20), kindColour());
    painter->setPen(Qt::white);
    QFont bold = painter->font();
    bold.setBold(true);
    painter->setFont(bold);
    painter->drawText(QRectF(r.left() + 6, r.top() + 1, r.width() - 12, 20),
                      Qt::AlignVCenter | Qt::AlignLeft,
                      QStringLiteral("%1  %2").arg(m_node.id).arg(title()));
    bold.setBold(false);
    painter->setFont(bold);
    painter->setPen(Qt::black);
    const double settingsHeight = bodyHeight() - 24;
    painter->drawText(QRectF(r.left() + 6, r.top() + 22, r.width() - 12, settingsHeight),
                      Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, settingsLine());
    paintBand(painter, r);
    painter->setBrush(kindColour());
    painter->setPen(QPen(Qt::white, 1.5));
    if (m_node.kind != live::DesignNodeKind::FrontEnd) {
        painter->drawEllipse(QPointF(0, 0), kPortRadius, kPortRadius);
    }
    if (broken) {
        painter->setPen(QColor(204, 0, 0));
        const QRectF below(-kIssueWidth / 2, r.bottom() + 4, kIssueWidth,
                           boundingRect().bottom() - r.bottom() - 4);
        painter->drawText(below, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                          issueLines().join(QLatin1Char('\n')));
    }
}

void ScopeNodeItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    QGraphicsObject::mouseReleaseEvent(event);
    if ((flags() & ItemIsMovable) && pos() != QPointF(m_node.x, m_node.y)) {
        emit moved(m_node.id, pos());
    }
}

} // namespace xylem::views
