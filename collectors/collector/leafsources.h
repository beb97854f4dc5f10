#pragma once

// What xylem-collector serves as a leaf of the gather tree, by source name (besides the tree's
// built-in ones, leafsource.h):
//
//   ring-tuples [max [key]]  tuples read from the node's rings since the last wave (at most
//                       max); a stream opened again with the same resume key goes on where the
//                       closed one stopped (no re-read, no gap), one without a key reads from
//                       the rings' oldest records
//   ring-counts         Numbers {written, read, overwritten, rings}: the rings' accounting
//   ring-classes        Classes {gather rate % since the stream opened: [this node]}: merged by
//                       the equivalence filter, which nodes lose how much of their rings
//   node-counts         Bytes: one NodeCounts record (core/protocol/gatherrecords.h), the same accounting
//                       with the host and its newest CPU sample, so that concatenated up the
//                       tree every collector's figures stay apart (scope designs' live figures)
//   node-monitor kind   Bytes: one record, the newest state of a node-side monitor
//                       (livemonitors.h) over every tuple of this node; kind 1 = last arrivals
//                       (distributed load balance), 2 = statistics. Needs the monitored
//                       configuration first (control "monitored-configuration").
//   system-samples [max]  Bytes: one HostSamples record (gatherrecords.h) of the node's system
//                       samples taken since the last wave (at most max), with the number its
//                       sample buffer overwrote before they were read; nothing when there are
//                       none. Its own cursor: other readers of the samples take none away.
//
// The node's service (rings, clock calibration) is made when a source first needs it, so a
// tree of hundreds of leaves starts without calibrating clocks it never reads.

#include "collectors/collector/collectorservice.h"
#include "core/tree/leafsource.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xylem::collector {

inline constexpr const char* kMonitoredConfiguration = "monitored-configuration";
inline constexpr const char* kBufferPolicy = "buffer-policy";
inline constexpr const char* kRingCapacity = "ring-capacity"; // argument: tuples, decimal

class LeafSources
{
public:
    LeafSources(CollectorOptions options, std::uint32_t node)
        : m_options(std::move(options))
        , m_node(node)
    {
    }

    Result<std::unique_ptr<tree::LeafSource>> make(const tree::SourceSpec& spec);
    void setConfiguration(std::string json) { m_configuration = std::move(json); }
    // Every ring of the node, and those found later, read with this policy from now on.
    Result<Ok> setBufferPolicy(const std::string& name);
    // Every ring of the node, and those found later, moves to rings of this capacity
    // (CollectorService::setRingCapacity); text: the decimal number of tuples.
    Result<Ok> setRingCapacity(const std::string& text);
    // Samples the system when due (CollectorService::sampleIfDue), once a source made the
    // service; returns when to ask again (nullopt: no service yet, or it never samples).
    std::optional<std::int64_t> sampleIfDue(std::int64_t nowNs);
    // What the node's service noted since the last call (rings retired or refused, ...).
    std::vector<std::string> takeLog()
    {
        return m_service ? m_service->takeLog() : std::vector<std::string>{};
    }

private:
    CollectorService& service();

    CollectorOptions m_options;
    std::uint32_t m_node;
    std::unique_ptr<CollectorService> m_service;
    std::string m_configuration; // xylem-tree/1 of the monitored program
};

} // namespace xylem::collector
