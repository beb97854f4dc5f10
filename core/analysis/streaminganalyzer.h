#pragma once

// The streaming form of the engine, for live use: feed tuples as they come, in any order,
// and ask for the report at any time. On the same tuples it reports exactly what the batch
// form reports, as long as no call stays unfinished for more than `pendingWindow` calls and
// the per-call values fit in `exactValues`. Past that (a live run of hours) its memory stays
// bounded: the medians over all calls become estimates within 0.4 % (SeriesStore), the rest
// stays exact. (The session store assembles calls exactly whatever their lateness: the stored
// run, and `analyze` on it, have every call; callassembler.h.)

#include "core/analysis/callanalyzer.h"
#include "core/analysis/pendingcalls.h"
#include "core/analysis/report.h"
#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <optional>
#include <span>

namespace xylem {

struct StreamingOptions
{
    size_t medianWindow = kDefaultMedianWindow;
    size_t pendingWindow = 1024; // calls assembled at once; older unfinished ones are incomplete
    size_t exactValues = size_t(1) << 20; // per-call values kept for exact medians: 8 MB
};

struct StreamCounters
{
    std::int64_t acceptedTuples = 0;
    std::int64_t duplicateTuples = 0; // a (collector, seq) seen before
    std::int64_t lateTuples = 0;      // for a call already out of the pending window
    std::int64_t invalidTuples = 0;   // unknown or root collector, up < down, absurd times
};

class StreamingAnalyzer
{
public:
    explicit StreamingAnalyzer(const Configuration& config, const StreamingOptions& options = {});

    void add(const Tuple& tuple);
    void add(std::span<const Tuple> tuples)
    {
        for (const Tuple& t : tuples) {
            add(t);
        }
    }

    std::int64_t completeCalls() const { return m_calls.calls(); }
    std::int64_t incompleteCalls() const
    {
        return m_pending.evictedCalls() + m_pending.pendingCalls();
    }
    const StreamCounters& counters() const { return m_counters; }

    // Non-const only because exact medians reorder the stored values; feeding may go on.
    AnalysisReport report() { return m_calls.report(incompleteCalls()); }
    // report().imbalancePath, without computing the rest of the report.
    std::vector<int> imbalancePath() const { return m_calls.imbalancePath(); }

private:
    std::shared_ptr<const Topology> m_topology;
    CallAnalyzer m_calls;
    PendingCalls m_pending;
    StreamCounters m_counters;
    std::optional<std::int64_t> m_reference; // first down seen: all others stay within the run span
};

} // namespace xylem
