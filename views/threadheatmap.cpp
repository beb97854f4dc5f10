#include "views/threadheatmap.h"

#include "views/palette.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace xylem::views {

namespace {

QString unitText(DurationUnit unit)
{
    const std::string_view s = unitSymbol(unit);
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

DurationUnit unitOfThreads(const OverTime& s)
{
    double top = 0;
    for (const ThreadOverTime& t : s.threads) {
        for (const double v : t.meanNs) {
            if (std::isfinite(v)) {
                top = std::max(top, std::abs(v));
            }
        }
    }
    return durationUnitFor(top);
}

// A colour-blind-safe sequential scale (viridis' ends and quartiles): dark is short.
QCPColorGradient sequentialGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(68, 1, 84));
    g.setColorStopAt(0.25, QColor(59, 82, 139));
    g.setColorStopAt(0.5, QColor(33, 145, 140));
    g.setColorStopAt(0.75, QColor(94, 201, 98));
    g.setColorStopAt(1.0, QColor(253, 231, 37));
    g.setNanHandling(QCPColorGradient::nhTransparent);
    return g;
}

void drawLines(QCPAxisRect* rect, QCPLegend* legend, const OverTimeData& data, double nsPerX,
               DurationUnit unit)
{
    const OverTime& s = data.analysis.series;
    QVector<double> keys;
    for (size_t b = 0; b < s.bucketCount(); ++b) {
        keys.push_back((static_cast<double>(s.bucketStartNs(b)) + s.widthNs / 2.0) / nsPerX);
    }
    for (size_t i = 0; i < s.threads.size(); ++i) {
        auto* g = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        g->setPen(QPen(seriesColour(i), 1.4));
        QVector<double> values;
        for (const double v : s.threads[i].meanNs) {
            values.push_back(inUnit(v, unit));
        }
        g->setData(keys, values, true);
        g->setName(data.idOf(s.threads[i].thread));
        g->addToLegend(legend);
    }
    rect->axis(QCPAxis::atLeft)->rescale();
    const QCPRange r = rect->axis(QCPAxis::atLeft)->range();
    rect->axis(QCPAxis::atLeft)->setRange(0, r.upper * 1.08 + 1e-9);
}

void labelRows(QCPAxis* left, const OverTimeData& data, size_t perRow, size_t rows)
{
    const OverTime& s = data.analysis.series;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const size_t step = std::max<size_t>(1, (rows + 11) / 12); // at most 12 labels
    for (size_t r = 0; r < rows; r += step) {
        ticker->addTick(static_cast<double>(r), data.idOf(s.threads[r * perRow].thread));
    }
    left->setTicker(ticker);
    left->setRange(-0.5, static_cast<double>(rows) - 0.5);
    left->setRangeReversed(true);
    left->grid()->setVisible(false);
}

// The culprit of every bucket as a dot in its row, in its colour of the culprit strip: which
// host it is on and when it changes, among thousands of threads.
void markCulprits(QCPAxisRect* rect, const OverTimeData& data, const CulpritColours& colours,
                  size_t perRow, double nsPerX)
{
    const OverTime& s = data.analysis.series;
    std::map<int, double> rowOf;
    for (size_t t = 0; t < s.threads.size(); ++t) {
        rowOf[s.threads[t].thread] = static_cast<double>(t / perRow);
    }
    std::map<QRgb, QCPGraph*> dots;
    for (size_t b = 0; b < s.bucketCount(); ++b) {
        const int culprit = s.culprits[b].thread;
        if (culprit < 0 || !rowOf.contains(culprit)) {
            continue;
        }
        const QColor colour = colours.colourOf(culprit);
        QCPGraph*& g = dots[colour.rgb()];
        if (!g) {
            g = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1), colour, 6));
            g->setName(OverTimeView::tr("culprit of the bucket"));
        }
        g->addData((static_cast<double>(s.bucketStartNs(b)) + s.widthNs / 2.0) / nsPerX,
                   rowOf[culprit]);
    }
}

void drawHeatmap(QCPAxisRect* rect, int row, const OverTimeData& data, double nsPerX,
                 DurationUnit unit, const CulpritColours& colours)
{
    const OverTime& s = data.analysis.series;
    const size_t perRow = threadsPerHeatmapRow(s.threads.size());
    const size_t rows = (s.threads.size() + perRow - 1) / perRow;
    auto* map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    const double w = static_cast<double>(s.widthNs) / nsPerX;
    map->data()->setSize(static_cast<int>(s.bucketCount()), static_cast<int>(rows));
    map->data()->setRange(QCPRange(w / 2, w / 2 + w * static_cast<double>(s.bucketCount() - 1)),
                          QCPRange(0, static_cast<double>(rows - 1)));
    for (size_t r = 0; r < rows; ++r) {
        const size_t last = std::min(s.threads.size(), (r + 1) * perRow);
        for (size_t b = 0; b < s.bucketCount(); ++b) {
            double shortest = std::numeric_limits<double>::quiet_NaN();
            for (size_t t = r * perRow; t < last; ++t) {
                const double v = s.threads[t].meanNs[b];
                if (std::isfinite(v) && !(v >= shortest)) {
                    shortest = v;
                }
            }
            map->data()->setCell(static_cast<int>(b), static_cast<int>(r), inUnit(shortest, unit));
        }
    }
    map->setInterpolate(false);
    // In a grid of its own, beside an empty element: a colour bar, not a column-wide block.
    auto* cell = new QCPLayoutGrid;
    rect->parentPlot()->plotLayout()->addElement(row, 1, cell);
    auto* scale = new QCPColorScale(rect->parentPlot());
    cell->addElement(0, 0, scale);
    cell->addElement(0, 1, new QCPLayoutElement(rect->parentPlot()));
    scale->setMaximumSize(110, QWIDGETSIZE_MAX);
    cell->setColumnStretchFactor(1, 2);
    scale->setType(QCPAxis::atRight);
    scale->setBarWidth(12);
    scale->axis()->setLabel(perRow > 1
                                ? OverTimeView::tr("shortest mean call time of %1 "
                                                   "threads (%2)")
                                      .arg(perRow)
                                      .arg(unitText(unit))
                                : OverTimeView::tr("mean call time (%1)").arg(unitText(unit)));
    map->setColorScale(scale);
    scale->setGradient(sequentialGradient()); // the scale's gradient is the map's from now on
    map->rescaleDataRange(true);
    labelRows(rect->axis(QCPAxis::atLeft), data, perRow, rows);
    markCulprits(rect, data, colours, perRow, nsPerX);
}

} // namespace

size_t threadsPerHeatmapRow(size_t threads)
{
    return std::max<size_t>(1, (threads + kHeatmapRows - 1) / kHeatmapRows);
}

bool drawThreadPanel(QCPAxisRect* rect, QCPLegend* legend, int row, const OverTimeData& data,
                     const CulpritColours& colours, double nsPerX)
{
    const OverTime& s = data.analysis.series;
    const DurationUnit unit = unitOfThreads(s);
    if (s.threads.size() <= kOverTimeThreadLines) {
        drawLines(rect, legend, data, nsPerX, unit);
        rect->axis(QCPAxis::atLeft)
            ->setLabel(OverTimeView::tr("call time per thread (%1)").arg(unitText(unit)));
        return false;
    }
    drawHeatmap(rect, row, data, nsPerX, unit, colours);
    rect->axis(QCPAxis::atLeft)->setLabel(OverTimeView::tr("threads"));
    return true;
}

} // namespace xylem::views
