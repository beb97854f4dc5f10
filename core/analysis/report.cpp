#include "core/analysis/report.h"

namespace xylem {

const ThreadReport* AnalysisReport::thread(int wrapper) const
{
    for (const ThreadReport& t : threads) {
        if (t.wrapper == wrapper) {
            return &t;
        }
    }
    return nullptr;
}

const GredReport* AnalysisReport::gred(int wrapper) const
{
    for (const GredReport& g : greds) {
        if (g.wrapper == wrapper) {
            return &g;
        }
    }
    return nullptr;
}

} // namespace xylem
