#include "views/timemapcsv.h"

namespace xylem::views {

Table timemapTable(const AnalysisReport& report, const std::vector<TimemapBar>& bars)
{
    Table t{"timemap",
            {"thread", "stage", "at", "direction", "depth", "from (µs)", "to (µs)", "mean (µs)",
             "estimated"},
            {}};
    for (const TimemapBar& bar : bars) {
        t.rows.push_back(
            {report.idOf(bar.thread), std::string(toString(bar.stage.stage)),
             report.idOf(bar.stage.wrapper), std::string(toString(bar.stage.direction)),
             std::int64_t{bar.stage.depth}, bar.x0 / 1e3, bar.x1 / 1e3, bar.stage.meanNs / 1e3,
             std::string(bar.stage.estimate == StageEstimate::HalfTwoWay ? "yes" : "no")});
    }
    return t;
}

} // namespace xylem::views
