#pragma once

// Turns the raw timestamps of rings into nanoseconds on this host's tuple clock (CLOCK_REALTIME,
// or CLOCK_MONOTONIC with XYLEM_CLOCK=monotonic: core/model/tupleclock.h; the clock that, across
// hosts, the clock models of metrics.md §7 correct). The TSC rate is measured against the tuple
// clock over the collector's lifetime: refine() adds a later pair of readings,
// and the rate is taken over the whole span since the first, so it only gets better.

#include "core/model/recording.h"
#include "core/model/tuple.h"

#include <chrono>
#include <cstdint>
#include <span>

namespace xylem::collector {

class ClockCalibration
{
public:
    // Measures for `span` (the first rate estimate; refine() improves it).
    static ClockCalibration measure(std::chrono::milliseconds span = std::chrono::milliseconds(20));

    std::int64_t toNs(ClockKind clock, std::int64_t raw) const;
    // Every tuple's down and up, read from a ring of that clock.
    void toNs(ClockKind clock, std::span<Tuple> tuples) const;
    void refine();

    double ticksPerNs() const { return 1.0 / m_nsPerTick; }
    std::int64_t monotonicToRealtimeNs() const { return m_monotonicToRealtime; }

private:
    struct Pair
    {
        std::int64_t tsc;
        std::int64_t realtimeNs;
    };
    static Pair readPair();

    Pair m_first{};
    double m_nsPerTick = 1.0;
    std::int64_t m_monotonicToRealtime = 0;
};

} // namespace xylem::collector
