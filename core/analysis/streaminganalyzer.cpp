#include "core/analysis/streaminganalyzer.h"

#include "core/model/timespan.h"

namespace xylem {

StreamingAnalyzer::StreamingAnalyzer(const Configuration& config, const StreamingOptions& options)
    : m_topology(std::make_shared<const Topology>(config))
    , m_calls(m_topology, options.medianWindow, 0, options.exactValues)
    , m_pending(static_cast<size_t>(config.wrapperCount()),
                static_cast<std::uint32_t>(config.collectorCount()), options.pendingWindow)
{
}

void StreamingAnalyzer::add(const Tuple& tuple)
{
    if (!m_reference) {
        m_reference = tuple.down;
    }
    const bool valid = tuple.collector < static_cast<std::uint32_t>(m_topology->wrapperCount()) &&
                       static_cast<int>(tuple.collector) != m_topology->root() &&
                       tuple.up >= tuple.down && tuple.down != kEmptyDown &&
                       withinRunSpan(tuple, *m_reference);
    if (!valid) {
        ++m_counters.invalidTuples;
        return;
    }
    switch (m_pending.add(tuple)) {
    case PendingCalls::Outcome::Stored:
        break;
    case PendingCalls::Outcome::Completed:
        m_calls.addCall(m_pending.completedRow());
        break;
    case PendingCalls::Outcome::Duplicate:
        ++m_counters.duplicateTuples;
        return;
    case PendingCalls::Outcome::Late:
        ++m_counters.lateTuples;
        return;
    }
    ++m_counters.acceptedTuples;
}

} // namespace xylem
