#pragma once

// Live monitoring at the front-end: pulls an event scope's streams through a running gather
// tree, feeds the engine (StreamingAnalyzer: the weighted tree, the statistics, the imbalance
// path, live) and, when given a writer, the session; and keeps the scope's accounting — gather
// rate, tuples per second, overwrites, delay from record to front-end, lost nodes.
//
// Streams of a raw-tracing scope: 1 = every collector's new tuples (ring-tuples, raw filter),
// 2 = the rings' counts (ring-counts, summed up the tree).

#include "core/analysis/report.h"
#include "core/analysis/streaminganalyzer.h"
#include "core/live/eventscope.h"
#include "core/model/configuration.h"
#include "core/store/runwriter.h"
#include "core/tree/frontend.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace xylem::live {

struct ScopeAccounting
{
    std::int64_t tuples = 0;       // into the front-end
    std::int64_t waves = 0;        // pulled and taken, per stream
    std::uint64_t written = 0;     // recorded by the monitored program (all rings)
    std::uint64_t read = 0;        // read by the collectors
    std::uint64_t overwritten = 0; // lost to full rings before a collector read them
    std::uint32_t rings = 0;
    double seconds = 0;              // since open()
    double meanDelayMs = 0;          // record (up) to front-end, over the tuples of the last wave
    std::vector<std::uint32_t> lost; // tree nodes lost and not back
    std::int64_t invalidTuples = 0;  // refused by the engine (unknown collector, up < down)

    // % of the recorded tuples the collectors read before they were overwritten.
    double gatherRatePct() const
    {
        const double seen = static_cast<double>(read + overwritten);
        return seen == 0 ? 100.0 : 100.0 * static_cast<double>(read) / seen;
    }
    double tuplesPerSecond() const
    {
        return seconds > 0 ? static_cast<double>(tuples) / seconds : 0;
    }
};

class LiveRecorder
{
public:
    // writer may be null: monitor without storing.
    LiveRecorder(tree::FrontEnd& tree, const Configuration& config, EventScope scope,
                 store::RunWriter* writer);

    Result<Ok> open();
    // One wave of every stream: pulled, waited for (up to timeout), fed and stored.
    Result<Ok> poll(std::chrono::milliseconds timeout);
    void close();

    const ScopeAccounting& accounting() const { return m_accounting; }
    std::int64_t completeCalls() const { return m_engine.completeCalls(); }
    std::int64_t incompleteCalls() const { return m_engine.incompleteCalls(); }
    AnalysisReport report() { return m_engine.report(); }
    const EventScope& scope() const { return m_scope; }
    const Configuration& configuration() const { return m_config; }

private:
    Result<Ok> takeTuples(std::chrono::milliseconds timeout);
    Result<Ok> takeCounts(std::chrono::milliseconds timeout);
    void takeEvents();

    tree::FrontEnd& m_tree;
    const Configuration& m_config;
    EventScope m_scope;
    store::RunWriter* m_writer;
    StreamingAnalyzer m_engine;
    ScopeAccounting m_accounting;
    std::chrono::steady_clock::time_point m_opened;
    bool m_open = false;
};

inline constexpr std::uint32_t kTupleStream = 1;
inline constexpr std::uint32_t kCountStream = 2;

} // namespace xylem::live
