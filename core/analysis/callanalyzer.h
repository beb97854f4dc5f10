#pragma once

// The per-call half of the engine: takes one complete call at a time (its row of EdgeTimes)
// and accumulates everything the report needs. The batch analyzer feeds it rows in seq order,
// the streaming analyzer as calls complete; report() is the same for both.

#include "core/analysis/clockcoverage.h"
#include "core/analysis/edgetimes.h"
#include "core/analysis/gredcall.h"
#include "core/analysis/pathsums.h"
#include "core/analysis/report.h"
#include "core/analysis/seriesstore.h"
#include "core/analysis/topology.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace xylem {

class CallAnalyzer
{
public:
    // exactValues: how many per-call values are kept for exact medians (SeriesStore).
    CallAnalyzer(std::shared_ptr<const Topology> topology, size_t window = kDefaultMedianWindow,
                 size_t expectedCalls = 0, size_t exactValues = SeriesStore::kAllExact);

    // Which hosts have a clock model: the proxies whose one-way stages then need one and lack
    // it are estimated as half their two-way latency (clockcoverage.h). Not known by default.
    void setClockCoverage(ClockCoverage coverage);

    void addCall(const EdgeTimes* row);
    std::int64_t calls() const { return m_sums.calls; }

    // Non-const only because pending per-call values are first moved into place.
    AnalysisReport report(std::int64_t incompleteCalls);
    // report()'s imbalance path without the rest of the report: it follows the last-arrival
    // counts alone, so a live status need not compute every series' statistics.
    std::vector<int> imbalancePath() const;

private:
    // Per gred: order distributions and serialization sums; its per-call values live in
    // m_series from seriesBase on: down latency, up latency, then per child total latency,
    // arrival wait and departure wait.
    struct GredState
    {
        size_t seriesBase = 0;
        std::vector<std::int64_t> arrivalOrder;   // child * P + rank
        std::vector<std::int64_t> departureOrder; // child * P + rank
        std::vector<Int128> serialization;        // per departure position
    };

    void addGred(size_t slot, const EdgeTimes* row, std::int64_t* values);
    void addThreads(const EdgeTimes* row, std::int64_t* values);
    void addCriticalArrival();
    GredReport gredReport(size_t slot);

    std::shared_ptr<const Topology> m_topology;
    PathSums m_sums;
    std::vector<GredState> m_greds;
    std::vector<std::int64_t> m_critical; // per thread slot
    std::vector<std::int64_t> m_slowest;  // per thread slot
    size_t m_threadSeries = 0;            // call time of thread slot i: m_threadSeries + i
    size_t m_proxySeries = 0;             // two-way latency of proxy i
    size_t m_coreSeries = 0;              // store latency of core i
    size_t m_operationSeries = 0;
    size_t m_slowestSeries = 0;
    SeriesStore m_series;
    ClockCoverage m_clocks;
    std::vector<bool> m_halfTwoWay; // per wrapper (clockcoverage.h)

    // Scratch for one call, sized once.
    std::vector<int> m_lastChild; // per gred slot: child position of l
    GredCallEvaluator m_gredCall;
};

} // namespace xylem
