#include "views/overtimestages.h"

#include "views/culpritstrip.h"
#include "views/overtimetext.h"
#include "views/palette.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace xylem::views {

namespace {

QString unitText(DurationUnit unit)
{
    const std::string_view s = unitSymbol(unit);
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

std::vector<bool> stagesNamed(const OverTime& s)
{
    std::vector<bool> named(s.stages.size(), s.stages.size() <= kStagesInLegend + 4);
    if (named.empty() || named.front()) {
        return named;
    }
    std::vector<std::pair<double, size_t>> longest;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        double sum = 0;
        for (const double v : s.stages[i].meanNs) {
            sum += std::isfinite(v) ? v : 0;
        }
        longest.emplace_back(sum, i);
    }
    std::stable_sort(longest.begin(), longest.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t k = 0; k < kStagesInLegend; ++k) {
        named[longest[k].second] = true;
    }
    return named;
}

void drawStages(QCPAxisRect* rect, QCPLegend* legend, const OverTimeData& data, double nsPerX)
{
    const OverTime& s = data.analysis.series;
    std::vector<double> all;
    for (const StageOverTime& st : s.stages) {
        all.insert(all.end(), st.meanNs.begin(), st.meanNs.end());
    }
    const DurationUnit unit = durationUnitFor(all);
    QVector<double> keys;
    for (size_t b = 0; b < s.bucketCount(); ++b) {
        keys.push_back((static_cast<double>(s.bucketStartNs(b)) + s.widthNs / 2.0) / nsPerX);
    }
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine,
                                          Qt::DashDotLine};
    const std::vector<bool> named = stagesNamed(s);
    std::map<Stage, int> seen;
    QCPGraph* grey = nullptr;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        const StageOverTime& st = s.stages[i];
        auto* g = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        QVector<double> values;
        for (const double v : st.meanNs) {
            values.push_back(inUnit(v, unit));
        }
        g->setData(keys, values, true);
        g->setName(stageLineName(data, st));
        if (named[i]) {
            g->setPen(QPen(stageColour(st.stage), 1.6, styles[seen[st.stage]++ % 4]));
            g->addToLegend(legend);
        } else {
            g->setPen(QPen(otherCulpritColour(), 1));
            g->setLayer(QStringLiteral("grid")); // under the named ones
            grey = g;
        }
    }
    if (grey) {
        const auto others = static_cast<int>(std::count(named.begin(), named.end(), false));
        auto* entry = new QCPPlottableLegendItem(legend, grey);
        legend->addItem(entry);
        grey->setName(OverTimeView::tr("%n other stage(s), shorter", nullptr, others));
    }
    QCPAxis* left = rect->axis(QCPAxis::atLeft);
    left->rescale();
    left->setRange(std::min(0.0, left->range().lower), left->range().upper * 1.08 + 1e-9);
    left->setLabel(
        OverTimeView::tr("stages of %1 (%2)").arg(data.idOf(s.pathThread), unitText(unit)));
}

} // namespace xylem::views
