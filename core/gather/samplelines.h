#pragma once

// The content of the system-samples stream (collectors/collector/leafsources.h): a Bytes batch
// of JSON lines, one per collector and wave, so that the concat filter joins every leaf's lines
// on the way up:
//
//   {"host": "h0", "overwritten": 0, "samples": [["cpu_busy_pct", 1700000000123456789, 12.5], ...]}
//
// Times are ns on CLOCK_REALTIME, the clock of the tuples (core/tree/clockoffset.h), so samples
// and tuples share one time axis. "overwritten" counts the samples the collector's buffer lost
// since the stream's previous wave.

#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::gather {

struct SampleValue
{
    std::string metric; // "cpu_busy_pct", "net_rx_bytes_per_s:eth0", ...
    std::int64_t timeNs = 0;
    double value = 0;
    bool operator==(const SampleValue&) const = default;
};

struct HostSamples
{
    std::string host;
    std::uint64_t overwritten = 0;
    std::vector<SampleValue> samples; // oldest first
    bool operator==(const HostSamples&) const = default;
};

// One line, ending in '\n'. A value that is not finite is left out: JSON has no NaN.
std::string encodeSampleLine(const HostSamples& samples);
// Every line of the text, empty lines skipped; an error names the first line that is not one.
Result<std::vector<HostSamples>> decodeSampleLines(std::string_view text);

} // namespace xylem::gather
