#pragma once

// The level-of-detail summaries of one run, built as tuples and calls arrive: per collector
// the up - down of its tuples over time, and for the whole tree each complete call's
// operation and slowest-thread time over time (metrics.md §2). The GUI's timeline reads them
// instead of millions of tuples.

#include "core/analysis/calltimes.h"
#include "core/model/tuple.h"
#include "core/store/timebuckets.h"

#include <utility>
#include <vector>

namespace xylem::store {

// Series ids in the summaries table: collectors use their wrapper index.
inline constexpr int kOperationSeries = -1;
inline constexpr int kSlowestThreadSeries = -2;

class RunSummaryBuilder
{
public:
    static constexpr size_t kCallBuckets = 65536;     // finest level of the call series
    static constexpr size_t kCollectorBuckets = 1024; // finest level of each collector series

    explicit RunSummaryBuilder(size_t wrappers);

    void addTuple(const Tuple& t) { m_collectors[t.collector].add(t.down, t.up - t.down); }
    void addCall(const CallTimes& c)
    {
        m_operation.add(c.startNs, c.operationTime);
        m_slowest.add(c.startNs, c.slowestThreadTime);
    }

    // The whole tree's call series as built so far (a recording's live timeline reads them).
    const TimeBuckets& operation() const { return m_operation; }
    const TimeBuckets& slowest() const { return m_slowest; }

    // Every non-empty series with its pyramid of levels.
    std::vector<std::pair<int, std::vector<SummaryLevel>>> build() const;

private:
    std::vector<TimeBuckets> m_collectors;
    TimeBuckets m_operation;
    TimeBuckets m_slowest;
};

} // namespace xylem::store
