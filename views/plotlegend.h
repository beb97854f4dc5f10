#pragma once

// Where a chart's legend goes when its entries can be long (run labels are free text): in a
// row of its own above the plot, one entry per line, so that it never hides data however long
// the labels or however high the bars. QCustomPlot's default puts it inside the axis rect.

class QCustomPlot;

namespace xylem::views {

void placeLegendAbove(QCustomPlot* plot);

} // namespace xylem::views
