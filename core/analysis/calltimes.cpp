#include "core/analysis/calltimes.h"

#include <algorithm>
#include <limits>

namespace xylem {

CallTimes callTimes(const Topology& topology, const EdgeTimes* row, std::int64_t seq)
{
    const auto& threads = topology.threads();
    std::int64_t firstDown = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastUp = std::numeric_limits<std::int64_t>::min();
    CallTimes c;
    c.seq = seq;
    c.slowestThreadTime = std::numeric_limits<std::int64_t>::min();
    for (size_t i = 0; i < threads.size(); ++i) {
        const EdgeTimes& e = row[threads[i].wrapper];
        const std::int64_t callTime = e.up - e.down;
        if (callTime >= c.slowestThreadTime) { // ties go to the later thread
            c.slowestThreadTime = callTime;
            c.slowestThread = static_cast<int>(i);
        }
        firstDown = std::min(firstDown, e.down);
        lastUp = std::max(lastUp, e.up);
    }
    c.startNs = firstDown;
    c.operationTime = lastUp - firstDown;
    return c;
}

} // namespace xylem
