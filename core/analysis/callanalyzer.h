#pragma once

// The per-call half of the engine: takes one complete call at a time (its row of EdgeTimes)
// and accumulates everything the report needs. The batch analyzer feeds it rows in seq order,
// the streaming analyzer as calls complete; report() is the same for both.

#include "core/analysis/edgetimes.h"
#include "core/analysis/pathsums.h"
#include "core/analysis/report.h"
#include "core/analysis/topology.h"
#include "core/analysis/valueseries.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace xylem {

class CallAnalyzer
{
public:
    CallAnalyzer(std::shared_ptr<const Topology> topology, size_t window = kDefaultMedianWindow,
                 size_t expectedCalls = 0);

    void addCall(const EdgeTimes* row);
    std::int64_t calls() const { return m_sums.calls; }

    // Non-const: computing exact medians reorders the stored per-call values.
    AnalysisReport report(std::int64_t incompleteCalls);

private:
    struct GredState
    {
        ValueSeries downLatency;
        ValueSeries upLatency;
        std::vector<ValueSeries> totalLatency;  // per child
        std::vector<ValueSeries> arrivalWait;   // per child
        std::vector<ValueSeries> departureWait; // per child
        std::vector<std::int64_t> arrivalOrder;   // child * P + rank
        std::vector<std::int64_t> departureOrder; // child * P + rank
        std::vector<Int128> serialization;        // per departure position
    };

    void addGred(size_t slot, const EdgeTimes* row);
    void addThreads(const EdgeTimes* row);
    void addCriticalArrival();
    GredReport gredReport(size_t slot);

    std::shared_ptr<const Topology> m_topology;
    PathSums m_sums;
    std::vector<GredState> m_greds;
    std::vector<ValueSeries> m_callTime;       // per thread slot
    std::vector<std::int64_t> m_critical;      // per thread slot
    std::vector<std::int64_t> m_slowest;       // per thread slot
    std::vector<ValueSeries> m_twoWay;         // per proxy
    std::vector<ValueSeries> m_store;          // per core
    ValueSeries m_operationTime;
    ValueSeries m_slowestThreadTime;

    // Scratch for one call, sized once.
    std::vector<int> m_lastChild;                          // per gred slot: child position of l
    std::vector<std::pair<std::int64_t, int>> m_order;     // (time, child position)
};

} // namespace xylem
