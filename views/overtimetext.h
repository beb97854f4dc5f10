#pragma once

// The words of the view over time: the sentence on the periodic outliers, the one on the
// culprits, the name of a stage line, and the tooltip over a bucket of a panel. Durations in the
// unit durationunits.h picks for each.

#include "views/culpritstrip.h"
#include "views/overtimeview.h"

namespace xylem::views {

QString periodicSentence(const OverTimeData& data);
QString culpritSentence(const OverTimeData& data, const CulpritColours& colours);
QString stageLineName(const OverTimeData& data, const StageOverTime& stage);
QString overTimeTip(const OverTimeData& data, OverTimeView::Panel panel, size_t bucket, int row);
QString durationText(double ns);

} // namespace xylem::views
