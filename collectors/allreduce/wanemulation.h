#pragma once

// Longcut-style emulation of a wide-area link, inside a proxy: an added one-way latency and a
// bandwidth limit, applied to each message that crosses the link in either direction.

#include "core/model/result.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace xylem::allreduce {

struct LinkEmulation
{
    std::chrono::nanoseconds latency{0};
    double bitsPerSecond = 0; // 0: no limit

    bool active() const { return latency.count() > 0 || bitsPerSecond > 0; }
    // Waits as long as a message of `bytes` takes on this link.
    void delay(size_t bytes) const;
};

// "pA=500us/100Mbit,p.h1.t0=2ms" -> per proxy id. Units: ns, us, ms, s; bit, kbit, Mbit, Gbit.
Result<std::map<std::string, LinkEmulation>> parseWanSpec(const std::string& spec);

} // namespace xylem::allreduce
