#include "core/analysis/hotspots.h"

#include <algorithm>
#include <cmath>

namespace xylem {

std::vector<Hotspot> rankHotspots(const AnalysisReport& report)
{
    std::vector<Hotspot> hotspots;
    if (report.calls == 0) {
        return hotspots; // no means to rank
    }
    for (const ThreadReport& t : report.threads) {
        const bool representative =
            std::any_of(report.classes.begin(), report.classes.end(),
                        [&](const ThreadClass& c) { return c.representative == t.wrapper; });
        if (!representative) {
            continue;
        }
        for (const TimemapStage& s : t.timemap) {
            if (s.stage != Stage::ArrivalWait) {
                hotspots.push_back(Hotspot{s.wrapper, s.stage, t.wrapper, s.meanNs});
            }
        }
    }
    std::stable_sort(hotspots.begin(), hotspots.end(),
                     [](const Hotspot& a, const Hotspot& b) { return a.meanNs > b.meanNs; });
    return hotspots;
}

} // namespace xylem
