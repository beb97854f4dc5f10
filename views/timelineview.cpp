#include "views/timelineview.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

namespace xylem::views {

namespace {

QCPGraph* addGraph(QCustomPlot* plot, const QColor& colour, double width, Qt::PenStyle style)
{
    QCPGraph* g = plot->addGraph();
    g->setPen(QPen(colour, width, style));
    g->setAdaptiveSampling(true);
    return g;
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->xAxis->setLabel(tr("time in the run (s)"));
    m_plot->yAxis->setLabel(tr("per call (µs)"));
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->legend->setVisible(true);
    const QColor op(52, 101, 164), slow(204, 0, 0);
    m_opMin = addGraph(m_plot, QColor(op.red(), op.green(), op.blue(), 60), 1, Qt::SolidLine);
    m_opMax = addGraph(m_plot, QColor(op.red(), op.green(), op.blue(), 60), 1, Qt::SolidLine);
    m_opMax->setBrush(QColor(op.red(), op.green(), op.blue(), 40));
    m_opMax->setChannelFillGraph(m_opMin);
    m_opMean = addGraph(m_plot, op, 1.6, Qt::SolidLine);
    m_slowMin =
        addGraph(m_plot, QColor(slow.red(), slow.green(), slow.blue(), 50), 1, Qt::SolidLine);
    m_slowMax =
        addGraph(m_plot, QColor(slow.red(), slow.green(), slow.blue(), 50), 1, Qt::SolidLine);
    m_slowMean = addGraph(m_plot, slow, 1.2, Qt::DashLine);
    m_opMean->setName(tr("operation time, mean (band: min..max)"));
    m_slowMean->setName(tr("slowest-thread time, mean"));
    for (QCPGraph* g : {m_opMin, m_opMax, m_slowMin, m_slowMax}) {
        m_plot->legend->removeItem(m_plot->legend->itemWithPlottable(g));
    }
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) {
                if (!m_applying) {
                    emit windowRequested(m_origin + static_cast<std::int64_t>(r.lower * 1e9),
                                         m_origin + static_cast<std::int64_t>(r.upper * 1e9),
                                         pointsWanted());
                }
            });
}

int TimelineView::pointsWanted() const
{
    return std::max(64, m_plot->axisRect()->width()); // about one bucket per pixel
}

void TimelineView::setRun(std::int64_t firstNs, std::int64_t lastNs)
{
    m_origin = firstNs;
    m_applying = true;
    m_plot->xAxis->setRange(0, std::max<double>(1e-9, static_cast<double>(lastNs - firstNs) / 1e9));
    m_applying = false;
    emit windowRequested(firstNs, lastNs, pointsWanted());
}

void TimelineView::showWindow(std::int64_t startNs, std::int64_t endNs)
{
    m_plot->xAxis->setRange(static_cast<double>(startNs - m_origin) / 1e9,
                            static_cast<double>(endNs - m_origin) / 1e9);
}

std::pair<std::int64_t, std::int64_t> TimelineView::window() const
{
    const QCPRange r = m_plot->xAxis->range();
    return {m_origin + static_cast<std::int64_t>(r.lower * 1e9),
            m_origin + static_cast<std::int64_t>(r.upper * 1e9)};
}

void TimelineView::draw(QCPGraph* mean, QCPGraph* low, QCPGraph* high,
                        const store::TimelineSlice& slice)
{
    QVector<double> x, lo, hi, avg;
    x.reserve(static_cast<qsizetype>(slice.buckets.size()));
    for (const store::TimelineBucket& b : slice.buckets) {
        x << static_cast<double>((b.startNs + b.endNs) / 2 - m_origin) / 1e9;
        lo << static_cast<double>(b.min) / 1e3;
        hi << static_cast<double>(b.max) / 1e3;
        avg << b.mean / 1e3;
    }
    mean->setData(x, avg, true);
    low->setData(x, lo, true);
    high->setData(x, hi, true);
    m_points += slice.buckets.size();
}

void TimelineView::setSlices(const store::TimelineSlice& operation,
                             const store::TimelineSlice& slowest)
{
    m_points = 0;
    draw(m_opMean, m_opMin, m_opMax, operation);
    draw(m_slowMean, m_slowMin, m_slowMax, slowest);
    m_applying = true;
    bool found = false;
    const QCPRange y = m_opMax->getValueRange(found, QCP::sdBoth, m_plot->xAxis->range());
    if (found) {
        m_plot->yAxis->setRange(0, y.upper * 1.05);
    }
    m_applying = false;
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace xylem::views
