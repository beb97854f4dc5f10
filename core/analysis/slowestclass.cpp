#include "core/analysis/slowestclass.h"

#include <cmath>

namespace xylem {

const ThreadClass* slowestClass(const AnalysisReport& report)
{
    const ThreadClass* slowest = nullptr;
    double best = -1;
    for (const ThreadClass& c : report.classes) {
        double share = 0;
        for (const int t : c.threads) {
            const ThreadReport* thread = report.thread(t);
            if (thread && !std::isnan(thread->slowestShare)) {
                share += thread->slowestShare;
            }
        }
        if (share > best) {
            best = share;
            slowest = &c;
        }
    }
    return slowest;
}

const Hotspot* hottestStageOf(const AnalysisReport& report, int thread)
{
    for (const Hotspot& h : report.hotspots) { // largest first
        if (h.thread == thread) {
            return &h;
        }
    }
    return nullptr;
}

} // namespace xylem
