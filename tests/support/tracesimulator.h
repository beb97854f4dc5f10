#pragma once

// Consistent synthetic traces for any configuration: an allreduce simulated down and up the
// tree with seeded random latencies, so every tuple obeys the causality a real run obeys
// (a gred leaves after its last arrival, children are released after their parent returns).

#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::testing {

struct SimulationSpec
{
    std::int64_t calls = 100;
    std::uint64_t seed = 1;
    std::int64_t firstSeq = 0;
    std::int64_t period = 200'000;      // ns between the starts of consecutive calls
    std::int64_t arrivalSpread = 3'000; // threads enter within this of the call's start
    std::int64_t gredLatency = 300;     // base down and up latency of a gred
    std::int64_t proxyLatency = 5'000;  // base one-way time through a proxy
    std::int64_t storeLatency = 500;
    std::int64_t departureStep = 150; // extra delay per departure position (serialization)
    std::string culprit;              // a thread that enters late in every call
    std::int64_t culpritDelay = 0;
};

std::vector<Tuple> simulateTrace(const Configuration& config, const SimulationSpec& spec);

} // namespace xylem::testing
