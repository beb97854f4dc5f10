#pragma once

// Typed records inside a gather stream's Bytes batches: each leaf sends one record per wave and
// the concat filter joins them on the way up, so a batch at the front-end holds every
// collector's record apart. A record is
//
//   kind    u8   RecordKind: a stream carries one kind; another is an error, not a guess
//   length  u32  bytes of the fields that follow
//   fields       as described in gatherrecords.cpp (wire.h)
//
//   node-counts      NodeCounts: a collector's ring accounting and its host's newest CPU sample
//   system-samples   HostSamples: the samples a collector took since the stream's last wave
//   node-monitor 1   LastArrivalState: a last-arrival monitor's newest state (livemonitors.h)
//   node-monitor 2   StatisticsState: a statistics monitor's newest state
//
// Times are ns on CLOCK_REALTIME, the tuples' clock (core/tree/clockoffset.h).

#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace xylem::protocol {

enum class RecordKind : std::uint8_t
{
    NodeCounts = 1,
    HostSamples = 2,
    LastArrivalState = 3,
    StatisticsState = 4,
};

// Counts are totals since the collector started; nowNs is when the collector made the record;
// cpuBusyPct is the host's newest CPU sample (none before the first).
struct NodeCounts
{
    std::string host;
    std::uint64_t written = 0;
    std::uint64_t read = 0;
    std::uint64_t overwritten = 0;
    std::uint32_t rings = 0;
    std::int64_t nowNs = 0;
    std::optional<double> cpuBusyPct;
    bool operator==(const NodeCounts&) const = default;
};

struct SampleValue
{
    std::string metric; // "cpu_busy_pct", "net_rx_bytes_per_s:eth0", ...
    std::int64_t timeNs = 0;
    double value = 0;
    bool operator==(const SampleValue&) const = default;
};

// overwritten: the samples the collector's buffer lost since the stream's previous wave.
struct HostSamples
{
    std::string host;
    std::uint64_t overwritten = 0;
    std::vector<SampleValue> samples; // oldest first
    bool operator==(const HostSamples&) const = default;
};

// A last-arrival monitor's counts for one child of a gred: how often it came last, and the
// distributions of its arrival and departure ranks (index = rank).
struct ArrivalCounts
{
    std::string contributor; // the child's wrapper id
    std::int64_t lastArrivals = 0;
    std::vector<std::int64_t> arrivalOrder;
    std::vector<std::int64_t> departureOrder;
    bool operator==(const ArrivalCounts&) const = default;
};

struct GredArrivals
{
    std::string gred; // the gred's wrapper id
    std::vector<ArrivalCounts> contributors;
    bool operator==(const GredArrivals&) const = default;
};

struct LastArrivalState
{
    std::string host;
    std::int64_t calls = 0;
    std::vector<GredArrivals> greds;
    bool operator==(const LastArrivalState&) const = default;
};

// Running statistics of one series (core/analysis/stats.h); NaN where there is no value yet.
struct RunningSummary
{
    std::int64_t count = 0;
    double mean = 0;
    double min = 0;
    double max = 0;
    double stddev = 0;
    double windowMedian = 0;
    bool operator==(const RunningSummary&) const = default; // NaN is unequal to itself
};

struct ContributorStatistics
{
    std::string contributor;
    RunningSummary arrivalWait;
    RunningSummary departureWait;
    std::optional<RunningSummary> totalLatency; // when the gred's own edge is recorded here
    bool operator==(const ContributorStatistics&) const = default;
};

struct GredStatistics
{
    std::string gred;
    std::optional<RunningSummary> downLatency; // when the gred's own edge is recorded here
    std::optional<RunningSummary> upLatency;
    std::vector<ContributorStatistics> contributors;
    bool operator==(const GredStatistics&) const = default;
};

struct CollectorStatistics
{
    std::string collector; // the wrapper whose parent edge this node records
    RunningSummary edgeTime;
    bool operator==(const CollectorStatistics&) const = default;
};

struct StatisticsState
{
    std::string host;
    std::int64_t calls = 0;
    std::vector<GredStatistics> greds;
    std::vector<CollectorStatistics> collectors;
    bool operator==(const StatisticsState&) const = default;
};

// One record, appended to out (a leaf's batch holds one; the concat filter joins them).
void appendRecord(const NodeCounts& record, std::vector<std::uint8_t>& out);
void appendRecord(const HostSamples& record, std::vector<std::uint8_t>& out);
void appendRecord(const LastArrivalState& record, std::vector<std::uint8_t>& out);
void appendRecord(const StatisticsState& record, std::vector<std::uint8_t>& out);

// Every record of a batch's bytes, in order; an error names the record (by its position) and
// the field that is malformed, or the kind that does not belong on the stream.
Result<std::vector<NodeCounts>> decodeNodeCounts(std::span<const std::uint8_t> bytes);
Result<std::vector<HostSamples>> decodeHostSamples(std::span<const std::uint8_t> bytes);
Result<std::vector<LastArrivalState>> decodeLastArrivalStates(std::span<const std::uint8_t> bytes);
Result<std::vector<StatisticsState>> decodeStatisticsStates(std::span<const std::uint8_t> bytes);

} // namespace xylem::protocol
