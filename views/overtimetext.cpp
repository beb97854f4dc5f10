#include "views/overtimetext.h"

#include "views/stagename.h"
#include "views/threadheatmap.h"

#include <cmath>

namespace xylem::views {

namespace {

QString percent(double share)
{
    return QString::number(100.0 * share, 'f', share < 0.1 ? 1 : 0);
}

// How often the culprit of one non-empty bucket differs from the previous non-empty one's.
int culpritChanges(const OverTime& s)
{
    const size_t stretches = culpritStretches(s).size();
    return stretches == 0 ? 0 : static_cast<int>(stretches - 1);
}

QString bucketRange(const OverTime& s, size_t bucket)
{
    const auto start = static_cast<double>(s.bucketStartNs(bucket));
    return OverTimeView::tr("%1 to %2 after the run's first call, %3 calls")
        .arg(durationText(start), durationText(start + static_cast<double>(s.widthNs)))
        .arg(s.calls[bucket]);
}

QString threadTip(const OverTimeData& data, size_t bucket, int row)
{
    const OverTime& s = data.analysis.series;
    const size_t perRow =
        s.threads.size() <= kOverTimeThreadLines ? 1 : threadsPerHeatmapRow(s.threads.size());
    QStringList lines;
    const size_t first = static_cast<size_t>(std::max(row, 0)) * perRow;
    for (size_t t = first; t < std::min(s.threads.size(), first + perRow); ++t) {
        lines << OverTimeView::tr("%1: mean %2, longest %3")
                     .arg(data.idOf(s.threads[t].thread), durationText(s.threads[t].meanNs[bucket]),
                          durationText(s.threads[t].maxNs[bucket]));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString durationText(double ns)
{
    return std::isfinite(ns) ? QString::fromStdString(formatDuration(ns))
                             : OverTimeView::tr("none");
}

QString periodicSentence(const OverTimeData& data)
{
    const PeriodicOutliers& p = data.analysis.periodic;
    if (p.periodic) {
        return OverTimeView::tr(
                   "Slow calls every %1 (phase %2): %3 calls, +%4 each, victim %5 (%6 % "
                   "of them).")
            .arg(durationText(p.periodNs), durationText(p.phaseNs))
            .arg(p.matchedCalls)
            .arg(durationText(p.meanExtraNs), data.idOf(p.victim), percent(p.victimShare));
    }
    if (p.slowCalls == 0) {
        return OverTimeView::tr("No periodic pattern: no call is slow (slower than %1).")
            .arg(durationText(p.thresholdNs));
    }
    return OverTimeView::tr(
               "No periodic pattern: %1 slow calls (slower than %2) in %3 strikes that do "
               "not recur at a regular period.")
        .arg(p.slowCalls)
        .arg(durationText(p.thresholdNs))
        .arg(p.strikes);
}

QString culpritSentence(const OverTimeData& data, const CulpritColours& colours)
{
    if (colours.named.size() == 1) {
        return OverTimeView::tr("Last at the root: %1 in every bucket, the same thread all run.")
            .arg(data.idOf(colours.named.front()));
    }
    QStringList who;
    for (size_t i = 0; i < colours.named.size(); ++i) {
        who << OverTimeView::tr("%1 in %2 of %3 buckets")
                   .arg(data.idOf(colours.named[i]))
                   .arg(colours.won[i])
                   .arg(colours.nonEmpty);
    }
    if (colours.othersWon > 0) {
        who << OverTimeView::tr("other threads in %1").arg(colours.othersWon);
    }
    return OverTimeView::tr("Last at the root: the culprit changes %n time(s) over the run: %1.",
                            nullptr, culpritChanges(data.analysis.series))
        .arg(who.join(QStringLiteral(", ")));
}

QString stageLineName(const OverTimeData& data, const StageOverTime& stage)
{
    // The root's store and operation happen at no one wrapper of the path.
    return stage.wrapper < 0
               ? stageName(stage.stage)
               : OverTimeView::tr("%1 at %2").arg(stageName(stage.stage), data.idOf(stage.wrapper));
}

QString overTimeTip(const OverTimeData& data, OverTimeView::Panel panel, size_t bucket, int row)
{
    const OverTime& s = data.analysis.series;
    if (bucket >= s.bucketCount()) {
        return {};
    }
    QStringList lines{bucketRange(s, bucket)};
    if (s.calls[bucket] == 0) {
        return lines.front();
    }
    switch (panel) {
    case OverTimeView::Panel::Culprit: {
        const CulpritBucket& c = s.culprits[bucket];
        lines << OverTimeView::tr("culprit %1: last at the root in %2 of them (%3 %)")
                     .arg(data.idOf(c.thread))
                     .arg(c.lastAtRoot)
                     .arg(percent(c.share));
        break;
    }
    case OverTimeView::Panel::Stages:
        for (const StageOverTime& st : s.stages) {
            lines << OverTimeView::tr("%1: %2").arg(stageLineName(data, st),
                                                    durationText(st.meanNs[bucket]));
        }
        break;
    case OverTimeView::Panel::Threads:
        lines << threadTip(data, bucket, row);
        break;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace xylem::views
