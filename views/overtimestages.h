#pragma once

// The stages panel of the view over time: the mean of every stage of the path thread's path per
// bucket (core/analysis/overtime.h, StageOverTime), one line each in the order they happen. A
// stage kind has its colour of every timemap (palette.h), and a kind met again higher up the
// path another dash.

#include "views/overtimeview.h"

class QCPAxisRect;
class QCPLegend;

namespace xylem::views {

inline constexpr size_t kStagesInLegend = 8; // a longer path: the longest 8, the rest in grey

// The stages drawn in colour with a legend entry: all of a path of up to kStagesInLegend + 4;
// of a longer path's (a binary tree of thousands of threads has dozens) the kStagesInLegend
// longest over the run (the sum of their bucket means), so that the legend stays beside its
// panel. The others are thin grey lines under one legend entry (named in the tooltip).
std::vector<bool> stagesNamed(const OverTime& series);

// Draws the lines in rect, x in ns / nsPerX, y in the unit of the largest stage mean.
void drawStages(QCPAxisRect* rect, QCPLegend* legend, const OverTimeData& data, double nsPerX);

} // namespace xylem::views
