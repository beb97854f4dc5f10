#pragma once

// Where a chart's legend goes when its entries can be long (run labels are free text): in a
// row of its own above the plot, one entry per line, so that it never hides data however long
// the labels or however high the bars. QCustomPlot's default puts it inside the axis rect.
// Charts drawn with items (the timemaps' rectangles) have no plottables for a legend to list:
// they get swatches, empty bar plottables that show only in the legend.

#include <QBrush>
#include <QPen>
#include <QString>
#include <QStringList>

class QCustomPlot;

namespace xylem::views {

void placeLegendAbove(QCustomPlot* plot);

// A legend entry with its colour and nothing in the plot; clearPlottables() removes it.
void addLegendSwatch(QCustomPlot* plot, const QString& name, const QBrush& brush, const QPen& pen);

// The names the legend lists, in its order.
QStringList legendNames(const QCustomPlot* plot);

} // namespace xylem::views
