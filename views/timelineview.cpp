#include "views/timelineview.h"

#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/systemseries.h"
#include "views/timelinerangeband.h"
#include "views/timelineswitchmarks.h"

#include <QAction>
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
    , m_systemRect(new QCPAxisRect(m_plot))
    , m_band(new TimelineRangeBand(m_plot))
    , m_switchMarks(new TimelineSwitchMarks(m_plot))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->xAxis->setLabel(tr("time in the run (s)"));
    setUnit(DurationUnit::Microseconds);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->legend->setVisible(true);
    // About one point per pixel column: antialiasing adds nothing one can see but costs most
    // of a frame's drawing time (performance.md: redraw within 16 ms).
    m_plot->setNotAntialiasedElements(QCP::aePlottables | QCP::aeFills);
    buildSystemRect();
    buildPendingMark();
    const QColor op = seriesColour(0), slow = seriesColour(1); // blue, orange
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
    // Named for the CSV export only: the legend shows the band through the means' entries.
    m_opMin->setName(tr("operation time, min"));
    m_opMax->setName(tr("operation time, max"));
    m_slowMin->setName(tr("slowest-thread time, min"));
    m_slowMax->setName(tr("slowest-thread time, max"));
    addCsvExport(m_plot, {QStringLiteral("timeline.csv"), tr("time in the run (s)"), {}});
    for (QCPGraph* g : {m_opMin, m_opMax, m_slowMin, m_slowMax}) {
        m_plot->legend->removeItem(m_plot->legend->itemWithPlottable(g));
    }
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) {
                if (!m_applying) {
                    // Live, a user who looks at the newest calls keeps seeing them come.
                    m_following = m_live && r.upper >= m_liveEnd;
                    requestWindow(m_origin + static_cast<std::int64_t>(r.lower * 1e9),
                                  m_origin + static_cast<std::int64_t>(r.upper * 1e9));
                }
            });
    connect(m_band, &TimelineRangeBand::chosen, this,
            [this](std::pair<double, double> s) { chooseRange(s.first, s.second); });
    buildAnalysisActions();
}

void TimelineView::requestWindow(std::int64_t startNs, std::int64_t endNs)
{
    m_asked = std::pair(startNs, endNs);
    emit windowRequested(startNs, endNs, pointsWanted());
}

// Below the calls: CPU % (left) and network traffic (right) per host, x shared with the calls.
// Out of the layout until there is something to show in it (showSystemRect).
void TimelineView::buildSystemRect()
{
    m_plot->plotLayout()->addElement(1, 0, m_systemRect);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.45);
    m_margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
    m_systemRect->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
    m_systemRect->axis(QCPAxis::atRight)->setVisible(true);
    m_systemRect->axis(QCPAxis::atLeft)->setLabel(tr("CPU busy (%)"));
    m_systemRect->axis(QCPAxis::atLeft)->setRange(0, 105);
    m_systemRect->axis(QCPAxis::atRight)->setLabel(tr("network (MB/s)"));
    m_systemRect->axis(QCPAxis::atRight)->setTickLabels(true);
    m_systemRect->axis(QCPAxis::atBottom)->setLabel(tr("no system samples in this run"));
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
            m_systemRect->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::setRange));
    showSystemRect(false);
}

// A run without system samples gets the whole height for its calls: an empty panel with "no
// samples" under it said nothing a user could act on.
void TimelineView::showSystemRect(bool shown)
{
    if (shown == systemPanelShown()) {
        return;
    }
    // Out of the margin group too, or its axes' labels would still widen the calls' margins.
    if (shown) {
        m_plot->plotLayout()->addElement(1, 0, m_systemRect);
        m_plot->plotLayout()->setRowStretchFactor(1, 0.45);
        m_systemRect->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
    } else {
        m_plot->plotLayout()->take(m_systemRect);
        m_plot->plotLayout()->simplify();
        m_systemRect->setMarginGroup(QCP::msLeft | QCP::msRight, nullptr);
    }
    m_systemRect->setVisible(shown);
}

bool TimelineView::systemPanelShown() const
{
    return m_systemRect->layout() != nullptr;
}

void TimelineView::setUnit(DurationUnit unit)
{
    m_unit = unit;
    const std::string_view symbol = unitSymbol(unit);
    m_plot->yAxis->setLabel(
        tr("per call (%1)")
            .arg(QString::fromUtf8(symbol.data(), static_cast<qsizetype>(symbol.size()))));
}

// Live, the store summarises a call as soon as its last tuple came (callassembler.h): the
// newest calls of the span so far may still wait for a tuple, and that end is shaded and named
// until they come.
void TimelineView::buildPendingMark()
{
    m_pending = new QCPItemRect(m_plot);
    m_pending->setClipAxisRect(m_plot->axisRect());
    m_pending->setPen(Qt::NoPen);
    m_pending->setBrush(QColor(128, 128, 128, 40)); // neutral: no series
    m_pending->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
    m_pending->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_pending->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
    m_pending->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_pendingText = new QCPItemText(m_plot);
    m_pendingText->setClipAxisRect(m_plot->axisRect());
    m_pendingText->position->setParentAnchorX(m_pending->top);
    m_pendingText->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_pendingText->position->setCoords(0, 0.5);
    m_pendingText->setRotation(-90);
    m_pendingText->setColor(QColor(90, 90, 90));
    m_pendingText->setText(tr("calls still being assembled"));
    markPending(0, 0);
}

void TimelineView::markPending(double fromS, double toS)
{
    const bool shown = m_live && toS > fromS;
    m_pending->setVisible(shown);
    m_pendingText->setVisible(shown);
    m_pending->topLeft->setCoords(fromS, 0);
    m_pending->bottomRight->setCoords(toS, 1);
}

std::optional<std::pair<double, double>> TimelineView::pendingSpan() const
{
    if (!m_live) {
        return std::nullopt;
    }
    return std::pair(m_pending->topLeft->coords().x(), m_pending->bottomRight->coords().x());
}

void TimelineView::setSystemSamples(const std::vector<store::SystemSample>& samples)
{
    for (QCPGraph* old : m_systemGraphs) {
        m_plot->removeGraph(old);
    }
    m_systemGraphs.clear();
    QCPAxis* bottom = m_systemRect->axis(QCPAxis::atBottom);
    double topNetwork = 0;
    std::map<QString, QColor> colourOf;
    for (const SystemSeries& series : systemSeries(samples, m_origin)) {
        const bool cpu = series.kind == SystemSeries::Kind::CpuBusyPct;
        QCPGraph* g =
            m_plot->addGraph(bottom, m_systemRect->axis(cpu ? QCPAxis::atLeft : QCPAxis::atRight));
        const QColor colour =
            colourOf
                .try_emplace(series.host, seriesColour(colourOf.size() + 2)) // not the calls'
                .first->second;
        g->setPen(QPen(colour, cpu ? 1.4 : 1.0, cpu ? Qt::SolidLine : Qt::DotLine));
        QVector<double> values = series.values;
        if (!cpu) {
            for (double& v : values) {
                v /= 1e6;
                topNetwork = std::max(topNetwork, v);
            }
        }
        g->setData(series.seconds, values, true);
        g->setName(cpu ? tr("%1 CPU busy").arg(series.host) : tr("%1 network").arg(series.host));
        m_systemGraphs.push_back(g);
    }
    bottom->setLabel(m_systemGraphs.empty() ? tr("no system samples in this run") : QString());
    showSystemRect(!m_systemGraphs.empty());
    m_systemRect->axis(QCPAxis::atRight)->setRange(0, std::max(0.001, topNetwork * 1.1));
    bottom->setRange(m_plot->xAxis->range());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineView::setTreeSwitches(const std::vector<store::TreeSwitchAt>& switches)
{
    std::vector<TreeSwitchMark> marks;
    for (const store::TreeSwitchAt& s : switches) {
        if (s.startNs) {
            marks.push_back({static_cast<double>(*s.startNs - m_origin) / 1e9, s.change.call,
                             QString::fromStdString(s.change.to), s.change.settle});
        }
    }
    m_switchMarks->show(std::move(marks));
}

void TimelineView::showLive(const store::LiveTimeline& live)
{
    if (!m_live || live.firstNs != m_origin) {
        m_switchMarks->show({});
        // The store summarises a call as soon as it is complete (callassembler.h): the newest
        // end of the span fills in as the calls there get their last tuples.
        m_plot->xAxis->setLabel(
            tr("time in the recording so far (s): a call is drawn once all its tuples came"));
        m_live = true;
        m_following = true;
        m_origin = live.firstNs;
        enableAnalysis(false); // a recording has no stored run to analyse in a window yet
        showAnalysisWindow(std::nullopt);
    }
    const double end = std::max(1e-9, static_cast<double>(live.lastNs - live.firstNs) / 1e9);
    if (m_following) {
        m_applying = true;
        m_plot->xAxis->setRange(0, end);
        m_applying = false;
    }
    m_liveEnd = end;
    const double drawn =
        live.operation.buckets.empty()
            ? 0
            : static_cast<double>(live.operation.buckets.back().endNs - live.firstNs) / 1e9;
    markPending(std::min(drawn, end), end);
    setSlices(live.operation, live.slowest);
}

void TimelineView::clear(const QString& why)
{
    m_switchMarks->show({});
    m_live = false;
    enableAnalysis(false);
    showAnalysisWindow(std::nullopt);
    markPending(0, 0);
    m_plot->xAxis->setLabel(tr("time in the run (s)"));
    setSlices({}, {});
    setSystemSamples({});
    m_systemRect->axis(QCPAxis::atBottom)->setLabel(why);
    showSystemRect(!why.isEmpty()); // a recording: the panel says where its samples will be
}

int TimelineView::pointsWanted() const
{
    return std::max(64, m_plot->axisRect()->width()); // about one bucket per pixel
}

void TimelineView::setRun(std::int64_t firstNs, std::int64_t lastNs)
{
    if (m_stored && !m_live && firstNs == m_origin && lastNs == m_runEnd) {
        const auto [from, to] = window(); // the same run again: its zoom and band stay
        requestWindow(from, to);
        return;
    }
    m_switchMarks->show({}); // another run: its own switches come with it, if any
    m_live = false;
    markPending(0, 0);
    m_plot->xAxis->setLabel(tr("time in the run (s)"));
    m_origin = firstNs;
    m_runEnd = lastNs;
    enableAnalysis(true);
    showAnalysisWindow(std::nullopt);
    m_applying = true;
    m_plot->xAxis->setRange(0, std::max<double>(1e-9, static_cast<double>(lastNs - firstNs) / 1e9));
    m_applying = false;
    requestWindow(firstNs, lastNs);
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
        lo << inUnit(static_cast<double>(b.min), m_unit);
        hi << inUnit(static_cast<double>(b.max), m_unit);
        avg << inUnit(b.mean, m_unit);
    }
    mean->setData(x, avg, true);
    low->setData(x, lo, true);
    high->setData(x, hi, true);
    m_points += slice.buckets.size();
}

bool TimelineView::setSlices(std::int64_t fromNs, std::int64_t toNs,
                             const store::TimelineSlice& operation,
                             const store::TimelineSlice& slowest)
{
    if (m_asked && *m_asked != std::pair(fromNs, toNs)) {
        return false; // a window the user has zoomed or panned away from
    }
    setSlices(operation, slowest);
    return true;
}

void TimelineView::setSlices(const store::TimelineSlice& operation,
                             const store::TimelineSlice& slowest)
{
    m_points = 0;
    m_calls = 0;
    for (const store::TimelineBucket& b : operation.buckets) {
        m_calls += b.count;
    }
    std::vector<double> highestNs; // the axis's unit (durationunits.h) is the highest max's
    for (const store::TimelineSlice* slice : {&operation, &slowest}) {
        for (const store::TimelineBucket& b : slice->buckets) {
            highestNs.push_back(static_cast<double>(b.max));
        }
    }
    setUnit(durationUnitFor(highestNs));
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
