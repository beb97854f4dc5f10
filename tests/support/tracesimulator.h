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

// Every `period` ns of run time (the run starts at the first call's start), a daemon delays one
// thread: the calls that start within [strike, strike + window) have `thread` enter `delay`
// late. Strike n is at phase + n * period, moved by a uniform [-jitter, jitter] and left out
// with probability `missing`, drawn from a generator of its own (seed + 1), so that the rest
// of the trace is the same as without the stall.
struct PeriodicStall
{
    std::int64_t period = 0;
    std::int64_t phase = 0;
    std::int64_t window = 1;
    std::int64_t delay = 0;
    std::string thread;
    std::int64_t jitter = 0;
    double missing = 0;
};

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
    // A culprit that changes mid-run: from the call of seq culpritSwitchSeq on, laterCulprit is
    // the one late by culpritDelay instead of culprit (none when laterCulprit is empty).
    std::string laterCulprit;
    std::int64_t culpritSwitchSeq = 0;
    PeriodicStall stall; // a daemon striking every stall.period ns (none when 0)
    // Calls, chosen at random (one seed of their own), in which stall.thread is late by
    // stall.delay with no pattern: slow calls that are not periodic.
    std::int64_t randomStalls = 0;
};

std::vector<Tuple> simulateTrace(const Configuration& config, const SimulationSpec& spec);

// The times (ns since the first call's start) of the strikes simulateTrace plants for
// spec.stall over spec.calls calls: the truth a test compares its findings with.
std::vector<std::int64_t> plannedStrikes(const SimulationSpec& spec);

} // namespace xylem::testing
