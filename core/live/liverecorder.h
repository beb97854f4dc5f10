#pragma once

// Live monitoring at the front-end: pulls an event scope's streams through a running gather
// tree, feeds the engine (StreamingAnalyzer: the weighted tree, the statistics, the imbalance
// path, live) and, when given a writer, the session; and keeps the scope's accounting — gather
// rate, tuples per second, overwrites, delay from record to front-end, and every node that was
// lost or slow: which host, since when, why, and a lost collector's last counts.
//
// Streams, by monitor (eventscope.h): always 2 = every collector's ring counts (node-counts
// records, concatenated: the totals are the sum of each collector's newest counts, so a collector
// missing from a wave or lost keeps its last counts in them and they never shrink); raw: 1 =
// every collector's new tuples (ring-tuples, raw filter); load-balance: 3 = the
// last arrival of every gred and call (ring-tuples, last-arrival filter from the leaves on);
// load-balance-distributed: 4 and statistics: 5 = each collector's newest monitor state
// (node-monitor, concatenated records). With a writer and the scope's system_samples on:
// 6 = every collector's new system samples (system-samples, concatenated records), stored
// with the run (store::systemSamples reads them back): with raw tracing those around the
// tuples' span (runsamplewindow.h), without it all. The collectors get the monitored
// configuration (control "monitored-configuration") and the scope's buffer policy (control
// "buffer-policy") before the streams open: deploying a scope needs no restart of the monitored
// program.

#include "core/analysis/lastarrivaltally.h"
#include "core/analysis/report.h"
#include "core/analysis/streaminganalyzer.h"
#include "core/gather/nodecountlines.h"
#include "core/live/eventscope.h"
#include "core/live/runsamplewindow.h"
#include "core/live/treeclocks.h"
#include "core/model/configuration.h"
#include "core/model/recording.h"
#include "core/store/runwriter.h"
#include "core/tree/frontend.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xylem::live {

// A tree node that stopped answering as the recording saw it: slow (owed waves, did not answer
// within the tree's slow time-out; the waves went on without it) or lost (its connection ended
// or stayed silent for the idle time-out). Times are seconds since the recording began.
struct NodeTrouble
{
    std::uint32_t node = 0; // the topology's index
    std::string host;
    std::string role; // "collector", "relay"
    bool lost = false;
    double since = 0;
    std::optional<double> until; // answering again (slow) or rejoined (lost); none: to the end
    std::string reason;          // the tree's words, naming the node
    std::string backReason;      // slow, then back: how long, what became of its late batches
    std::optional<gather::NodeCounts> lastCounts; // a lost collector's counts before its loss
};

struct ScopeAccounting
{
    std::int64_t tuples = 0;       // into the front-end
    std::int64_t waves = 0;        // pulled and taken, per stream
    std::uint64_t written = 0;     // recorded by the monitored program (all rings)
    std::uint64_t read = 0;        // read by the collectors
    std::uint64_t overwritten = 0; // lost to full rings before a collector read them
    std::uint32_t rings = 0;
    double seconds = 0;                // since open()
    double meanDelayMs = 0;            // record (up) to front-end, over the tuples of the last wave
    std::vector<std::uint32_t> lost;   // tree nodes lost and not back
    std::vector<std::uint32_t> slow;   // tree nodes slow and not answering again
    std::vector<NodeTrouble> troubles; // every episode, in order (at most kMaxTroubles)
    std::uint64_t troublesNotListed = 0;
    std::map<std::string, gather::NodeCounts> collectors; // each host's newest counts
    std::int64_t invalidTuples = 0;      // refused by the engine (unknown collector, up < down)
    std::int64_t systemSamples = 0;      // stored with the run (CPU, network, memory of every host)
    std::uint64_t systemSamplesLost = 0; // overwritten in a collector before the tree read them
    std::int64_t systemSamplesOutside = 0; // taken outside the run's span, not stored

    std::optional<double> baselineUs; // the program's time per iteration without collectors
    std::optional<double> recordedUs; // and with them, in this recording

    // (recorded - baseline) / baseline, when both are known.
    std::optional<double> slowdownPct() const
    {
        if (!baselineUs || !recordedUs || *baselineUs <= 0) {
            return std::nullopt;
        }
        return (*recordedUs - *baselineUs) / *baselineUs * 100.0;
    }

    // % of the recorded tuples the collectors read before they were overwritten (a lost
    // collector's up to its last counts: what its program recorded after is not known).
    double gatherRatePct() const { return xylem::gatherRatePct(read, overwritten); }
    // Collectors lost and not back: the counts stop at their loss.
    std::vector<const NodeTrouble*> lostCollectors() const;
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
    // Closes the streams and stores the system samples still waiting for the run's end.
    Result<Ok> close();
    // A redeployment: the streams close and open again for scope; the engine, the monitors'
    // tallies and the accounting go on, so that the run's summary covers all of it.
    Result<Ok> reopen(EventScope scope);
    // What the program said of its speed, with and (when known) without collectors.
    void noteWorkload(std::optional<double> baselineUs, std::optional<double> recordedUs)
    {
        m_accounting.baselineUs = baselineUs;
        m_accounting.recordedUs = recordedUs;
    }

    const ScopeAccounting& accounting() const { return m_accounting; }
    std::int64_t completeCalls() const { return m_engine.completeCalls(); }
    std::int64_t incompleteCalls() const { return m_engine.incompleteCalls(); }
    AnalysisReport report() { return m_engine.report(); }
    bool has(Monitor monitor) const;
    // Load balance as a load-balance monitor sees it (LoadBalance or LoadBalanceDistributed).
    const LastArrivalTally& loadBalance(Monitor form) const;
    // The imbalance path of the first monitor that has one: raw, load-balance, distributed.
    std::vector<int> imbalancePath();
    // Every monitor's result, stored with the run: {"load_balance": {form: {"imbalance_path",
    // "last_arrivals": {gred: {child: n}}}}, "statistics": {host: the collector's state}}.
    std::string monitorResultsJson() const;
    const EventScope& scope() const { return m_scope; }
    const Configuration& configuration() const { return m_config; }
    // Tuples that arrive from now on are mapped onto the front-end's clock by `clocks` (which
    // must outlive this recorder's polls; null: as they come).
    void useClocks(const TreeClocks* clocks) { m_clocks = clocks; }

private:
    Result<Ok> openStream(std::uint32_t id, const std::string& filter,
                          std::vector<std::int64_t> filterArguments, const std::string& source,
                          std::vector<std::int64_t> sourceArguments, bool filterAtLeaves);
    Result<Ok> take(std::uint32_t stream, std::chrono::milliseconds timeout);
    Result<Ok> takeTuples(const gather::Batch& batch);
    Result<Ok> takeCounts(const gather::Batch& batch);
    Result<Ok> takeMonitorLines(std::uint32_t stream, const gather::Batch& batch);
    Result<Ok> takeSamples(const gather::Batch& batch);
    // Stores system samples about once a second (kSampleStorePeriod), all that wait when `now`:
    // one transaction a wave was a tenth of the front-end's instructions with few calls.
    Result<Ok> storeSamples(std::vector<store::SystemSample> samples, bool now = false);
    void closeStreams();
    void takeEvents();
    void noteTrouble(const tree::TreeEvent& event, std::uint32_t node, double at);
    void endTrouble(std::uint32_t node, bool lost, double at, const std::string& backReason);

    tree::FrontEnd& m_tree;
    const Configuration& m_config;
    EventScope m_scope;
    store::RunWriter* m_writer;
    StreamingAnalyzer m_engine;
    std::shared_ptr<const Topology> m_topology;
    LastArrivalTally m_single;                       // load-balance
    LastArrivalTally m_distributed;                  // load-balance-distributed
    std::map<std::string, std::string> m_statistics; // host -> newest state (JSON)
    RunSampleWindow m_samples;
    std::vector<store::SystemSample> m_unstored; // decided, waiting for storeSamples' next store
    std::chrono::steady_clock::time_point m_samplesStoredAt{};
    std::vector<std::uint32_t> m_streams;
    ScopeAccounting m_accounting;
    std::chrono::steady_clock::time_point m_opened; // the first open(): accounting's seconds
    bool m_open = false;
    const TreeClocks* m_clocks = nullptr;
};

inline constexpr std::uint32_t kTupleStream = 1;
inline constexpr std::uint32_t kCountStream = 2;
inline constexpr std::uint32_t kLastArrivalStream = 3;
inline constexpr std::uint32_t kDistributedStream = 4;
inline constexpr std::uint32_t kStatisticsStream = 5;
inline constexpr std::uint32_t kSystemSampleStream = 6;
inline constexpr size_t kMaxTroubles = 256; // episodes listed; more are counted
inline constexpr std::chrono::seconds kSampleStorePeriod{1};

} // namespace xylem::live
