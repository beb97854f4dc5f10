#include "views/callganttplot.h"

#include "views/calltext.h"
#include "views/palette.h"

#include <QPaintEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace xylem::views {

namespace {

constexpr int kRowHeight = 22;
constexpr int kRightMargin = 96;          // room for the duration after the longest bar
const QColor kEdgeFill(255, 255, 255);    // hollow: an edge is not a stage
const QColor kChainShade(213, 94, 0, 28); // vermillion, faint
const QColor kMark(213, 94, 0);           // the last-arrival triangle

QString idOf(const CallDetail& d, int w)
{
    return QString::fromStdString(d.configuration->wrapper(w).id);
}

} // namespace

// Where the row's last-arrival triangle goes: its down, or the down of the member that it is.
std::int64_t CallGanttPlot::lastArrivalDown(const CallGanttRow& row) const
{
    if (row.kind != CallRowKind::Folded) {
        return row.downNs;
    }
    for (const CallGred& g : m_detail->greds) {
        if (g.wrapper == row.wrapper) {
            return g.lastArrivalNs;
        }
    }
    return row.downNs;
}

class CallGanttAxis : public QWidget
{
public:
    explicit CallGanttAxis(const CallGanttPlot* plot)
        : m_plot(plot)
    {
        setFixedHeight(26);
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        m_plot->paintAxis(p, this);
    }

private:
    const CallGanttPlot* m_plot;
};

CallGanttPlot::CallGanttPlot(QWidget* parent)
    : QWidget(parent)
    , m_axis(new CallGanttAxis(this))
{
    setMouseTracking(true);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void CallGanttPlot::setCall(std::shared_ptr<const CallDetail> detail,
                            std::vector<CallGanttRow> rows)
{
    m_detail = std::move(detail);
    m_rows = std::move(rows);
    m_fromNs = m_detail ? m_detail->times.startNs : 0;
    m_toNs = m_fromNs + 1;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(bold); // the widest a label is drawn
    m_labelWidth = fm.horizontalAdvance(axisTitle()) + 12;
    for (const CallGanttRow& r : m_rows) {
        m_fromNs = std::min(m_fromNs, r.downNs);
        m_toNs = std::max(m_toNs, r.upNs);
        m_labelWidth =
            std::max(m_labelWidth, 16 + 14 * r.depth + fm.horizontalAdvance(rowLabel(r)));
    }
    m_labelWidth = std::min(m_labelWidth, 360);
    updateGeometry();
    update();
    m_axis->update();
}

QString CallGanttPlot::rowLabel(const CallGanttRow& row) const
{
    if (!m_detail) {
        return {};
    }
    QString text =
        row.kind == CallRowKind::Folded
            ? tr("%1 more under %2").arg(row.members.size()).arg(idOf(*m_detail, row.wrapper))
            : idOf(*m_detail, row.wrapper);
    if (row.slowest) {
        text += tr(" (slowest)");
    }
    return text;
}

QString CallGanttPlot::axisTitle() const
{
    QString symbol;
    unitFor(double(m_toNs - m_fromNs), &symbol);
    return tr("time since the call's start (%1)").arg(symbol);
}

double CallGanttPlot::xOf(std::int64_t ns) const
{
    const double left = m_labelWidth + 8;
    const double right = std::max(left + 10.0, double(width() - kRightMargin));
    return left + double(ns - m_fromNs) / double(std::max<std::int64_t>(m_toNs - m_fromNs, 1)) *
                      (right - left);
}

QRect CallGanttPlot::rowRect(size_t row) const
{
    return QRect(0, static_cast<int>(row) * kRowHeight, width(), kRowHeight);
}

QSize CallGanttPlot::sizeHint() const
{
    return QSize(900, std::max<int>(kRowHeight, static_cast<int>(m_rows.size()) * kRowHeight));
}

QSize CallGanttPlot::minimumSizeHint() const
{
    return QSize(400, sizeHint().height());
}

void CallGanttPlot::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const int first = std::max(0, event->rect().top() / kRowHeight);
    const int last =
        std::min<int>(static_cast<int>(m_rows.size()) - 1, event->rect().bottom() / kRowHeight);
    for (int i = first; i <= last; ++i) {
        paintRow(p, static_cast<size_t>(i));
    }
}

void CallGanttPlot::paintRow(QPainter& p, size_t index) const
{
    const CallGanttRow& row = m_rows[index];
    const QRect r = rowRect(index);
    if (row.onLastArrivalPath) {
        p.fillRect(r, kChainShade);
    }
    p.setPen(palette().color(QPalette::Midlight));
    p.drawLine(r.left() + m_labelWidth, r.bottom(), r.right(), r.bottom());
    QFont f = font();
    f.setBold(row.slowest);
    f.setItalic(row.kind == CallRowKind::Folded);
    p.setFont(f);
    p.setPen(palette().color(QPalette::Text));
    const QRect label(6 + 14 * row.depth, r.top(), m_labelWidth - 6 - 14 * row.depth, r.height());
    p.drawText(label, Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(rowLabel(row), Qt::ElideRight, label.width()));
    p.setFont(font());
    const QRect band = r.adjusted(0, 4, 0, -4);
    if (row.kind == CallRowKind::Root) {
        p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
        p.drawLine(QPointF(xOf(row.downNs), band.center().y()),
                   QPointF(xOf(row.upNs), band.center().y()));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(xOf(row.downNs), r.top(), xOf(row.upNs) - xOf(row.downNs), r.height()),
                   Qt::AlignCenter,
                   tr("operation time %1").arg(formatNanoseconds(double(row.upNs - row.downNs))));
    } else if (row.kind == CallRowKind::Thread) {
        paintThread(p, row, band);
    } else if (row.kind == CallRowKind::Folded) {
        // Overlaid: a span all members share is dark, one only a few reach is faint.
        const int alpha = std::clamp(400 / static_cast<int>(row.members.size()), 12, 90);
        for (const int m : row.members) {
            const CallEdge& e = *std::find_if(m_detail->edges.begin(), m_detail->edges.end(),
                                              [m](const CallEdge& x) { return x.wrapper == m; });
            paintEdge(p, e.downNs, e.upNs, band, QColor(120, 120, 120, alpha));
        }
    } else {
        paintEdge(p, row.downNs, row.upNs, band, kEdgeFill);
    }
    if (row.kind != CallRowKind::Root) {
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(xOf(row.upNs) + 4, r.top(), kRightMargin, r.height()),
                   Qt::AlignVCenter | Qt::AlignLeft,
                   formatNanoseconds(double(row.upNs - row.downNs)));
    }
    if (row.lastArrival) {
        const double x = xOf(lastArrivalDown(row));
        const QPolygonF triangle{QPointF(x, band.bottom() - 1.0), QPointF(x - 5, band.top() - 3.0),
                                 QPointF(x + 5, band.top() - 3.0)};
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(QPen(Qt::white, 1));
        p.setBrush(kMark);
        p.drawPolygon(triangle);
        p.setRenderHint(QPainter::Antialiasing, false);
    }
}

void CallGanttPlot::paintEdge(QPainter& p, std::int64_t down, std::int64_t up, QRect band,
                              const QColor& fill) const
{
    const QRectF bar(QPointF(xOf(down), band.top()),
                     QPointF(std::max(xOf(up), xOf(down) + 1), band.bottom()));
    p.setPen(QPen(fill.alpha() < 255 ? QColor(90, 90, 90, 90) : QColor(110, 110, 110), 1));
    p.setBrush(fill);
    p.drawRect(bar);
}

void CallGanttPlot::paintThread(QPainter& p, const CallGanttRow& row, QRect band) const
{
    const CallThread& t = m_detail->threads[static_cast<size_t>(row.thread)];
    for (const CallStageSpan& s : t.stages) {
        const QRectF bar(QPointF(xOf(s.startNs), band.top()), QPointF(xOf(s.endNs), band.bottom()));
        const QColor colour = stageColour(s.stage);
        p.setPen(Qt::NoPen);
        p.fillRect(bar, colour);
        if (s.estimate == StageEstimate::HalfTwoWay) {
            p.fillRect(bar, QBrush(colour.darker(160), Qt::BDiagPattern));
        }
        const QString name = callStageName(s.stage);
        if (p.fontMetrics().horizontalAdvance(name) + 6 < bar.width()) {
            p.setPen(colour.lightnessF() < 0.45 ? Qt::white : Qt::black);
            p.drawText(bar, Qt::AlignCenter, name);
        }
    }
    p.setPen(QPen(QColor(60, 60, 60), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(QPointF(xOf(row.downNs), band.top()), QPointF(xOf(row.upNs), band.bottom())));
}

void CallGanttPlot::paintAxis(QPainter& p, QWidget* on) const
{
    const int dx = mapTo(window(), QPoint()).x() - on->mapTo(window(), QPoint()).x();
    p.fillRect(on->rect(), palette().color(QPalette::Window));
    if (!m_detail) {
        return;
    }
    const std::int64_t start = m_detail->times.startNs;
    QString symbol;
    const double unit = unitFor(double(m_toNs - m_fromNs), &symbol);
    const double span = double(m_toNs - m_fromNs) / unit;
    const double raw = span / 8;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = (raw / magnitude >= 5 ? 5 : raw / magnitude >= 2 ? 2 : 1) * magnitude;
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(6, 0, m_labelWidth, on->height()), Qt::AlignVCenter | Qt::AlignLeft,
               axisTitle());
    const double first = std::ceil(double(m_fromNs - start) / unit / step) * step;
    for (double v = first; v <= double(m_toNs - start) / unit + 1e-9; v += step) {
        const double x = dx + xOf(start + std::llround(v * unit));
        p.drawLine(QPointF(x, on->height() - 6), QPointF(x, on->height()));
        p.drawText(QRectF(x - 40, 0, 80, on->height() - 6), Qt::AlignCenter,
                   QString::number(v, 'g', 6));
    }
}

} // namespace xylem::views
