#pragma once

// What a live recording stores with its run about its monitors, read back as typed values.
// Two cached results (core/store/attachments.h) are written when a recording ends:
//   "scope-accounting" (version 2, 1 before lost nodes were named): how much was gathered —
//     tuples, waves, written/read/overwritten, rings, seconds, the mean delay, lost and slow
//     node episodes, each collector's newest counts, invalid tuples, system samples and the
//     program's time per iteration with and without collectors;
//   "monitor-results" (version 1): the load-balance monitor's last-arrival counts and
//     imbalance path per form, and the statistics monitor's newest state per host (running
//     statistics with the sliding-window median of every gred's and collector's measures).
// A run recorded otherwise (imported, MPI, an older Xylem) has neither: nullopt, "not
// recorded", not an error. Stored text that is no JSON object, or a field of the wrong type,
// is an error naming the result and the field; nothing here throws.

#include "core/model/recording.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::store {

class Session;

inline constexpr const char* kAccountingKind = "scope-accounting";
inline constexpr int kAccountingResultVersion = 2; // also read: 1
inline constexpr const char* kMonitorResultsKind = "monitor-results";
inline constexpr int kMonitorResultsVersion = 1;

// One collector's (host's) newest counts of its program's ring records.
struct CollectorCounts
{
    std::string host;
    std::uint64_t written = 0;     // recorded by the program
    std::uint64_t read = 0;        // read by the collector
    std::uint64_t overwritten = 0; // lost to a full ring before it was read
    std::uint32_t rings = 0;
    double gatherRatePct() const { return xylem::gatherRatePct(read, overwritten); }
};

// A gather-tree node that stopped answering: lost (its connection ended) or slow (the waves
// went on without it). Seconds since the recording began.
struct NodeEpisode
{
    bool lost = false;
    std::uint32_t node = 0;
    std::string host;
    std::string role; // "collector", "relay"
    double fromS = 0;
    std::optional<double> toS; // back (slow) or rejoined (lost); none: to the end
    std::string reason;
    std::string backReason;
    std::optional<CollectorCounts> lastCounts; // a lost collector's counts before its loss
};

struct StoredAccounting
{
    int version = kAccountingResultVersion;
    std::int64_t tuples = 0;
    std::int64_t waves = 0;
    double seconds = 0;
    double tuplesPerSecond = 0;
    std::uint64_t written = 0;
    std::uint64_t read = 0;
    std::uint64_t overwritten = 0;
    std::optional<double> gatherRatePct; // none: nothing was read (collectors only)
    bool gatherRateComplete = true;      // false: lost collectors' counts stop at their loss
    std::uint32_t rings = 0;
    double meanDelayMs = 0;            // from a tuple's record to the front-end, over the last wave
    std::vector<NodeEpisode> episodes; // lost and slow, in time order
    std::uint64_t episodesNotListed = 0;
    std::vector<CollectorCounts> collectors; // by host
    std::int64_t invalidTuples = 0;
    std::int64_t systemSamples = 0;
    std::uint64_t systemSamplesLost = 0;
    std::int64_t systemSamplesOutside = 0;
    std::optional<double> baselineUs; // the program's time per iteration without collectors
    std::optional<double> recordedUs; // and with them
    std::optional<double> slowdownPct;
};

struct ChildArrivals
{
    std::string child;
    std::int64_t lastArrivals = 0; // calls in which this child arrived last at the gred
};

struct GredArrivals
{
    std::string gred;
    std::vector<ChildArrivals> children;
};

// How often a child arrived (departed) r-th at its gred, r = 0 first; stored when recorded.
struct OrderCounts
{
    std::string gred;
    std::string child;
    std::vector<std::int64_t> arrival;
    std::vector<std::int64_t> departure;
};

struct LoadBalanceForm
{
    std::string form; // "single" (tree-reduced), "distributed" (computed on the nodes)
    std::vector<std::string> imbalancePath; // wrapper ids, the root first
    std::vector<GredArrivals> greds;
    std::vector<OrderCounts> orders;
};

// Running statistics of one measure (ns); none: no value yet.
struct MonitorStats
{
    std::int64_t count = 0;
    std::optional<double> mean;
    std::optional<double> min;
    std::optional<double> max;
    std::optional<double> stddev;
    std::optional<double> windowMedian; // the median of the last W values (W = 100)
};

// A measure at a gred ("down_latency", "up_latency"), of a gred's contributor ("total_latency",
// "arrival_wait", "departure_wait": contributor set) or of a collector ("edge_time": the
// wrapper is the collector, the edge's child).
struct StatisticsEntry
{
    std::string wrapper;
    std::string contributor; // empty unless a contributor's measure
    std::string measure;
    MonitorStats stats;
};

struct HostStatistics
{
    std::string host;
    std::int64_t calls = 0;
    std::vector<StatisticsEntry> entries;
};

struct MonitorResults
{
    std::vector<LoadBalanceForm> loadBalance;
    std::vector<HostStatistics> statistics; // by host
};

// The two stored texts parsed; errors name the field ("collectors.h1.read is not a number").
Result<StoredAccounting> parseAccounting(std::string_view json,
                                         int version = kAccountingResultVersion);
Result<MonitorResults> parseMonitorResults(std::string_view json);

// A run's stored results: nullopt when not recorded; an error names the run and the result.
Result<std::optional<StoredAccounting>> storedAccounting(Session& session, std::int64_t run);
Result<std::optional<MonitorResults>> storedMonitorResults(Session& session, std::int64_t run);

} // namespace xylem::store
