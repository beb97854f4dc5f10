#include "views/plotcsv.h"

#include <algorithm>

namespace xylem::views {

std::vector<Table> seriesTables(const std::vector<PlotSeries>& series)
{
    std::vector<Table> tables;
    for (const PlotSeries& s : series) {
        if (tables.empty() || tables.back().columns[1] != s.xLabel ||
            tables.back().columns[2] != s.yLabel) {
            tables.push_back(Table{s.name, {"series", s.xLabel, s.yLabel}, {}});
        }
        auto& rows = tables.back().rows;
        const size_t n = std::min(s.x.size(), s.y.size());
        for (size_t i = 0; i < n; ++i) {
            Cell x = s.x[i];
            if (i < s.xText.size() && !s.xText[i].empty()) {
                x = s.xText[i];
            }
            rows.push_back({s.name, std::move(x), s.y[i]});
        }
    }
    return tables;
}

std::string plotCsv(const std::vector<Table>& tables)
{
    std::string out;
    for (const Table& t : tables) {
        if (!out.empty()) {
            out += '\n';
        }
        out += toCsv(t);
    }
    return out;
}

} // namespace xylem::views
