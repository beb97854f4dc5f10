#pragma once

// Samples the node's CPU, network and memory from /proc and turns the counters into rates
// against the previous sample:
//   cpu_busy_pct, cpu_busy_pct:cpuN         busy share of the jiffies in between, 0 .. 100
//   net_rx_bytes_per_s:IFACE, net_tx_...    byte deltas over the time in between
//   mem_used_bytes, mem_available_bytes     levels (MemTotal - MemAvailable, MemAvailable)
// The first sample (and a CPU or interface seen for the first time) has no rate yet and gives
// levels only. A counter that went down was reset: its rate counts from zero, never negative.

#include "collectors/sampler/procparsers.h"
#include "collectors/sampler/systemmetric.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xylem::sampler {

class SystemSampler
{
public:
    // procRoot: the directory holding stat, net/dev and meminfo (a fixture in tests).
    explicit SystemSampler(std::string procRoot = "/proc", std::string host = {});

    // Reads the three files; a file that is missing, unreadable or malformed fails the whole
    // sample with an error naming it, and the previous sample stays the base of the next rates.
    Result<std::vector<SystemMetric>> sample(std::int64_t timeNs);

    const std::string& procRoot() const { return m_procRoot; }
    const std::string& host() const { return m_host; }

private:
    struct Snapshot
    {
        std::int64_t timeNs = 0;
        CpuStat cpu;
        std::vector<NetDevice> net;
    };

    std::string m_procRoot;
    std::string m_host;
    std::optional<Snapshot> m_previous;
};

} // namespace xylem::sampler
