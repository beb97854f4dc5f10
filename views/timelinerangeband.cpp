#include "views/timelinerangeband.h"

#include "views/palette.h"

#include <QMouseEvent>
#include <qcustomplot.h>

#include <cmath>

namespace xylem::views {

namespace {

constexpr int kMinDragPixels = 4; // a Shift-click is no range

// Enough decimals for about four significant digits of the band's width: 1.200 – 8.800 s, or
// 0.012340 – 0.012410 s for a window of 70 µs.
int decimalsFor(double width)
{
    if (width <= 0) {
        return 3;
    }
    return std::clamp(3 - static_cast<int>(std::floor(std::log10(width))), 0, 9);
}

QCPItemStraightLine* addEdge(QCustomPlot* plot, const QColor& colour)
{
    auto* line = new QCPItemStraightLine(plot);
    line->setClipAxisRect(plot->axisRect());
    line->setPen(QPen(colour, 1.2, Qt::DashLine));
    line->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
    line->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
    return line;
}

} // namespace

TimelineRangeBand::TimelineRangeBand(QCustomPlot* plot)
    : QObject(plot)
    , m_plot(plot)
    , m_band(new QCPItemRect(plot))
{
    // Yellow: no series of the timeline is drawn in it, and it stays behind their lines.
    QColor fill = okabeIto()[4];
    fill.setAlpha(70);
    const QColor edge(110, 100, 20);
    m_band->setClipAxisRect(plot->axisRect());
    m_band->setPen(Qt::NoPen);
    m_band->setBrush(fill);
    m_band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_left = addEdge(plot, edge);
    m_right = addEdge(plot, edge);
    m_label = new QCPItemText(plot);
    m_label->setClipAxisRect(plot->axisRect());
    m_label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_label->setPadding(QMargins(4, 2, 4, 2));
    m_label->setColor(QColor(60, 55, 10));
    m_label->setBrush(QColor(255, 255, 255, 200));
    for (QCPAbstractItem* item :
         std::initializer_list<QCPAbstractItem*>{m_band, m_left, m_right, m_label}) {
        item->setLayer(QStringLiteral("background")); // under the series and the grid's lines
        item->setSelectable(false);
        item->setVisible(false);
    }
    m_label->setLayer(QStringLiteral("main"));
    connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &TimelineRangeBand::keepTextInView);
    plot->installEventFilter(this);
}

void TimelineRangeBand::show(std::optional<std::pair<double, double>> seconds)
{
    m_shown = seconds;
    if (seconds) {
        place(seconds->first, seconds->second);
    }
    for (QCPAbstractItem* item :
         std::initializer_list<QCPAbstractItem*>{m_band, m_left, m_right, m_label}) {
        item->setVisible(seconds.has_value());
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString TimelineRangeBand::text() const
{
    return m_label->visible() ? m_label->text() : QString();
}

void TimelineRangeBand::place(double from, double to)
{
    m_band->topLeft->setCoords(from, 0);
    m_band->bottomRight->setCoords(to, 1);
    m_left->point1->setCoords(from, 0);
    m_left->point2->setCoords(from, 1);
    m_right->point1->setCoords(to, 0);
    m_right->point2->setCoords(to, 1);
    const int decimals = decimalsFor(to - from);
    m_label->setText(
        tr("analysis window: %1 – %2 s").arg(from, 0, 'f', decimals).arg(to, 0, 'f', decimals));
    keepTextInView();
}

// The bounds stay readable when the band's left edge is scrolled out of view.
void TimelineRangeBand::keepTextInView()
{
    const double from = m_band->topLeft->coords().x();
    m_label->position->setCoords(std::max(from, m_plot->xAxis->range().lower), 0.01);
}

bool TimelineRangeBand::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_plot) {
        return false;
    }
    const auto type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove &&
        type != QEvent::MouseButtonRelease) {
        return false;
    }
    auto* mouse = static_cast<QMouseEvent*>(event);
    const double x = m_plot->xAxis->pixelToCoord(mouse->position().x());
    if (type == QEvent::MouseButtonPress) {
        if (mouse->button() != Qt::LeftButton || !(mouse->modifiers() & Qt::ShiftModifier) ||
            !m_plot->axisRect()->rect().contains(mouse->position().toPoint())) {
            return false;
        }
        m_anchor = x; // the plot does not see the press, so it does not pan
        for (QCPAbstractItem* item :
             std::initializer_list<QCPAbstractItem*>{m_band, m_left, m_right, m_label}) {
            item->setVisible(true);
        }
        place(x, x);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return true;
    }
    if (!m_anchor) {
        return false;
    }
    place(std::min(*m_anchor, x), std::max(*m_anchor, x));
    if (type == QEvent::MouseMove) {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return true;
    }
    const double anchor = *m_anchor;
    m_anchor.reset();
    const double pixels =
        std::abs(m_plot->xAxis->coordToPixel(x) - m_plot->xAxis->coordToPixel(anchor));
    if (pixels < kMinDragPixels) {
        show(m_shown); // the band chosen before, if any
        return true;
    }
    show(std::pair(std::min(anchor, x), std::max(anchor, x)));
    emit chosen(*m_shown);
    return true;
}

} // namespace xylem::views
