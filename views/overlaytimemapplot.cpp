#include "views/overlaytimemapplot.h"

#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/plotlegend.h"
#include "views/stagename.h"
#include "views/tablemodel.h" // formatNanoseconds

#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace xylem::views {

namespace {

constexpr double kHoverPixels = 6; // how near a step the pointer must be for its tooltip

QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

OverlayTimemapPlot::OverlayTimemapPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->yAxis->setLabel(tr("depth (scaled, root = 1)"));
    m_plot->yAxis->setRange(0, 1.06);
    QSharedPointer<QCPAxisTickerFixed> ticks(new QCPAxisTickerFixed);
    ticks->setTickStep(0.25);
    m_plot->yAxis->setTicker(ticks);
    placeLegendAbove(m_plot);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(4); // eight runs in two lines: the plot keeps its height
    m_plot->legend->setIconSize(18, 8);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_plot->legend->setFont(small);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString()));
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &OverlayTimemapPlot::hover);
    addCsvExport(m_plot, {QStringLiteral("timemap-overlay.csv"), {}, [this] {
                              Table t = csv();
                              return t.rows.empty() ? std::vector<Table>{}
                                                    : std::vector<Table>{std::move(t)};
                          }});
    show({}, QString());
}

void OverlayTimemapPlot::show(std::vector<OverlayRun> runs, const QString& thread)
{
    m_runs = std::move(runs);
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_graphs = 0;
    double widest = 0;
    for (const OverlayRun& run : m_runs) {
        for (const TimemapSpan& span : run.map.spans) {
            widest = std::max({widest, std::abs(span.startNs), std::abs(span.endNs)});
        }
    }
    m_unit = durationUnitFor(widest);
    const double perUnit = nanosecondsPer(m_unit);
    double left = 0, right = 0;
    for (size_t i = 0; i < m_runs.size(); ++i) {
        const OverlayRun& run = m_runs[i];
        auto* path = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
        const QColor colour = seriesColour(i);
        path->setPen(QPen(colour, 2.2));
        const QString drawn = QString::fromStdString(run.map.thread);
        path->setName(drawn.isEmpty() || drawn == thread
                          ? run.label
                          //: a run in the overlay's legend that draws another thread than the
                          //: one chosen (its class representative or slowest thread)
                          : tr("%1 (%2)").arg(run.label, drawn));
        QVector<double> x, y;
        for (const TimemapSpan& span : run.map.spans) {
            x << span.startNs / perUnit << span.endNs / perUnit;
            y << span.scaledDepth << span.scaledDepth;
            left = std::min(left, x[x.size() - 2]);
            right = std::max(right, x.back());
        }
        path->setData(x, y);
        path->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, 4));
        m_graphs += x.isEmpty() ? 0 : 1;
    }
    auto* root = new QCPItemStraightLine(m_plot);
    root->point1->setCoords(0, 0);
    root->point2->setCoords(0, 1);
    root->setPen(QPen(palette().text().color(), 1, Qt::DashLine));
    const std::string_view symbol = unitSymbol(m_unit);
    m_plot->xAxis->setLabel(tr("%1 (down < 0 < up)").arg(fromUtf8(symbol)));
    const double margin = std::max(1e-9, (right - left) * 0.03);
    m_plot->xAxis->setRange(left - margin, right + margin);
    m_plot->legend->setVisible(!m_runs.empty());
    auto* heading = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0));
    heading->setText(m_runs.empty() ? tr("Check runs to overlay their timemaps")
                                    : tr("Timemap of thread %1 in each run checked").arg(thread));
    m_plot->replot();
}

QString OverlayTimemapPlot::tipAt(const QPointF& pixel) const
{
    const double x = m_plot->xAxis->pixelToCoord(pixel.x()) * nanosecondsPer(m_unit);
    double nearest = kHoverPixels;
    QString tip;
    for (size_t i = 0; i < m_runs.size(); ++i) {
        const OverlayTimemap& map = m_runs[i].map;
        for (size_t s = 0; s < map.spans.size(); ++s) {
            const TimemapSpan& span = map.spans[s];
            const double off = std::abs(m_plot->yAxis->coordToPixel(span.scaledDepth) - pixel.y());
            if (x < span.startNs || x > span.endNs || off > nearest) {
                continue;
            }
            nearest = off;
            const TimemapStage& stage = map.stages[s];
            //: hover over a run's step in the overlay: run, thread; stage @ wrapper, duration
            tip = tr("%1 — %2\n%3 @ %4: %5 (depth %6 of %7)")
                      .arg(m_runs[i].label, QString::fromStdString(map.thread),
                           stageName(stage.stage),
                           QString::fromStdString(map.wrappers[s]),
                           formatNanoseconds(stage.meanNs))
                      .arg(stage.depth)
                      .arg(map.pathLength);
        }
    }
    return tip;
}

void OverlayTimemapPlot::hover(QMouseEvent* event)
{
    const QString tip = tipAt(event->position());
    if (tip.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), tip, m_plot);
    }
}

// The steps drawn, one row per stage of each run, in nanoseconds.
Table OverlayTimemapPlot::csv() const
{
    Table t{"timemap overlay",
            {"run", "thread", "stage", "wrapper", "direction", "depth", "scaled_depth", "start_ns",
             "end_ns", "mean_ns"},
            {}};
    for (const OverlayRun& run : m_runs) {
        for (size_t s = 0; s < run.map.spans.size(); ++s) {
            const TimemapStage& stage = run.map.stages[s];
            const TimemapSpan& span = run.map.spans[s];
            t.rows.push_back({run.label.toStdString(), run.map.thread,
                              std::string(toString(stage.stage)), run.map.wrappers[s],
                              std::string(toString(stage.direction)),
                              static_cast<std::int64_t>(stage.depth), span.scaledDepth,
                              span.startNs, span.endNs, stage.meanNs});
        }
    }
    return t;
}

} // namespace xylem::views
