#include "views/distributionplot.h"

#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/plotlegend.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace xylem::views {

namespace {
constexpr int kBins = 60;
constexpr double kUpperQuantile = 0.99;
} // namespace

DistributionPlot::DistributionPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setUnit(DurationUnit::Microseconds);
    m_plot->yAxis->setLabel(tr("share of calls (%)"));
    placeLegendAbove(m_plot);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_plot->legend->setFont(small);
    addCsvExport(m_plot, {QStringLiteral("distribution.csv"), {}, {}});
}

void DistributionPlot::setSeries(const std::vector<QString>& labels,
                                 const std::vector<std::span<const std::int64_t>>& times)
{
    m_plot->clearGraphs();
    m_histograms = commonHistograms(times, kBins, kUpperQuantile);
    std::vector<double> edgesNs; // the axis's unit is the bins' (durationunits.h)
    for (const Histogram& h : m_histograms) {
        edgesNs.push_back(h.lowNs);
        edgesNs.push_back(h.lowNs + static_cast<double>(h.fraction.size()) * h.binNs);
    }
    setUnit(durationUnitFor(edgesNs));
    const double scale = nanosecondsPer(m_unit);
    double top = 0;
    for (size_t s = 0; s < m_histograms.size(); ++s) {
        const Histogram& h = m_histograms[s];
        QVector<double> x, y;
        for (size_t bin = 0; bin < h.fraction.size(); ++bin) {
            x << (h.lowNs + static_cast<double>(bin) * h.binNs) / scale;
            y << h.fraction[bin] * 100;
            top = std::max(top, y.back());
        }
        if (!h.fraction.empty()) { // close the last step
            x << (h.lowNs + static_cast<double>(h.fraction.size()) * h.binNs) / scale;
            y << 0;
        }
        QCPGraph* graph = m_plot->addGraph();
        const QColor colour = seriesColour(s);
        graph->setLineStyle(QCPGraph::lsStepLeft);
        graph->setPen(QPen(colour, 1.6));
        QColor fill = colour;
        fill.setAlpha(50);
        graph->setBrush(fill);
        graph->setData(x, y, true);
        graph->setName(
            h.count == 0 ? tr("%1: no call times").arg(labels[s])
            : h.above > 0
                ? tr("%1: %2 calls, %3 beyond the axis").arg(labels[s]).arg(h.count).arg(h.above)
                : tr("%1: %2 calls").arg(labels[s]).arg(h.count));
    }
    m_plot->rescaleAxes();
    m_plot->xAxis->scaleRange(1.06); // the outer steps off the frame
    m_plot->yAxis->setRange(0, std::max(1.0, top * 1.15));
    m_plot->replot();
    // No run with a call time: an empty chart says nothing, its neighbours get the room.
    setVisible(std::any_of(m_histograms.begin(), m_histograms.end(),
                           [](const Histogram& h) { return h.count > 0; }));
}

void DistributionPlot::setUnit(DurationUnit unit)
{
    m_unit = unit;
    const std::string_view symbol = unitSymbol(unit);
    m_plot->xAxis->setLabel(
        tr("operation time (%1)")
            .arg(QString::fromUtf8(symbol.data(), static_cast<qsizetype>(symbol.size()))));
}

} // namespace xylem::views
