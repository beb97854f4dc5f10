#pragma once

// A plot's series as CSV (issue 20: "CSV of every plot's series"). GUI-free: the plot views
// (views/plotcsvexport.h) read their series off the widget and hand them here. Series that
// share both axes go into one table (columns: series, x axis, y axis, named as the axes are,
// units included); series on other axes (the timeline's CPU and network rows) start a new
// table after a blank line, with a header of its own.

#include "core/model/table.h"

#include <string>
#include <vector>

namespace xylem::views {

struct PlotSeries
{
    std::string name;   // the legend's name of the graph or bars
    std::string xLabel; // the axis labels, with their units: "operation time (µs)"
    std::string yLabel;
    std::vector<double> x;
    std::vector<double> y;
    // Category names written in place of x where the axis shows names (stages), else empty.
    std::vector<std::string> xText;
};

// One table per run of consecutive series with the same two axis labels.
std::vector<Table> seriesTables(const std::vector<PlotSeries>& series);

// The tables as CSV (core's toCsv each), separated by one blank line.
std::string plotCsv(const std::vector<Table>& tables);

} // namespace xylem::views
