#pragma once

// One system measurement of one host, as the collector serves it and the session file stores it.

#include <cstdint>
#include <string>

namespace xylem::sampler {

struct SystemMetric
{
    std::string host;
    std::string metric; // "cpu_busy_pct", "cpu_busy_pct:cpu3", "net_rx_bytes_per_s:eth0", ...
    std::int64_t timeNs = 0;
    double value = 0;
};

} // namespace xylem::sampler
