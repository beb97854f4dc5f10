#include "views/culpritstrip.h"

#include "views/palette.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace xylem::views {

namespace {

constexpr double kBandTop = 1.0;
constexpr double kTeethAt = 1.3; // the comb's marks, above the bands
constexpr double kStripTop = 1.6;
constexpr size_t kMaxTeethDrawn = 4096; // denser than pixels: the sentence says it

QCPBars* addBand(QCPAxisRect* rect, const QColor& colour, double width)
{
    auto* bars = new QCPBars(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    bars->setPen(Qt::NoPen);
    bars->setBrush(colour);
    bars->setWidth(width);
    bars->setAntialiased(false);
    return bars;
}

void drawTeeth(QCPAxisRect* rect, QCPLegend* legend, const PeriodicOutliers& p, double spanNs,
               double nsPerX)
{
    if (!p.periodic || p.periodNs <= 0 || spanNs / p.periodNs > kMaxTeethDrawn) {
        return;
    }
    QVector<double> keys, values;
    for (double t = p.phaseNs; t <= spanNs; t += p.periodNs) {
        keys.push_back(t / nsPerX);
        values.push_back(kTeethAt);
    }
    auto* teeth = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    teeth->setLineStyle(QCPGraph::lsNone);
    teeth->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, okabeIto()[0], okabeIto()[0], 8));
    teeth->setData(keys, values, true);
    teeth->setName(OverTimeView::tr("periodic slow calls"));
    teeth->addToLegend(legend);
}

} // namespace

QColor CulpritColours::colourOf(int wrapper) const
{
    if (wrapper < 0) {
        return {};
    }
    const auto it = std::find(named.begin(), named.end(), wrapper);
    return it == named.end() ? otherCulpritColour()
                             : seriesColour(static_cast<size_t>(it - named.begin()));
}

QColor otherCulpritColour()
{
    return QColor(190, 190, 190); // neutral: no series colour
}

CulpritColours culpritColours(const OverTime& series)
{
    std::map<int, std::int64_t> won;
    CulpritColours out;
    for (const CulpritBucket& b : series.culprits) {
        if (b.thread >= 0) {
            ++won[b.thread];
            ++out.nonEmpty;
        }
    }
    std::vector<std::pair<int, std::int64_t>> ranked(won.begin(), won.end());
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    for (size_t i = 0; i < ranked.size(); ++i) {
        if (i < kNamedCulprits) {
            out.named.push_back(ranked[i].first);
            out.won.push_back(ranked[i].second);
        } else {
            out.othersWon += ranked[i].second;
        }
    }
    return out;
}

std::vector<QColor> drawCulpritStrip(QCPAxisRect* rect, QCPLegend* legend, const OverTimeData& data,
                                     const CulpritColours& colours, double nsPerX)
{
    const OverTime& s = data.analysis.series;
    const double width = static_cast<double>(s.widthNs) / nsPerX;
    std::vector<QCPBars*> bands;
    for (size_t i = 0; i < colours.named.size(); ++i) {
        bands.push_back(addBand(rect, colours.colourOf(colours.named[i]), width));
        bands.back()->setName(OverTimeView::tr("%1: last at the root in %2 of %3 buckets")
                                  .arg(data.idOf(colours.named[i]))
                                  .arg(colours.won[i])
                                  .arg(colours.nonEmpty));
        bands.back()->addToLegend(legend);
    }
    QCPBars* others = addBand(rect, otherCulpritColour(), width);
    if (colours.othersWon > 0) {
        others->setName(OverTimeView::tr("other threads: %1 buckets").arg(colours.othersWon));
        others->addToLegend(legend);
    }
    std::vector<QColor> out(s.bucketCount());
    for (size_t b = 0; b < s.bucketCount(); ++b) {
        const int culprit = s.culprits[b].thread;
        if (culprit < 0) {
            continue;
        }
        out[b] = colours.colourOf(culprit);
        const auto it = std::find(colours.named.begin(), colours.named.end(), culprit);
        QCPBars* band = it == colours.named.end()
                            ? others
                            : bands[static_cast<size_t>(it - colours.named.begin())];
        band->addData((static_cast<double>(s.bucketStartNs(b)) + s.widthNs / 2.0) / nsPerX,
                      kBandTop);
    }
    drawTeeth(rect, legend, data.analysis.periodic,
              static_cast<double>(s.bucketCount()) * static_cast<double>(s.widthNs), nsPerX);
    QCPAxis* left = rect->axis(QCPAxis::atLeft);
    left->setRange(0, kStripTop);
    left->setTicks(false);
    left->setTickLabels(false);
    left->grid()->setVisible(false);
    left->setLabel(OverTimeView::tr("culprit"));
    return out;
}

} // namespace xylem::views
