#include "collectors/collector/clockcalibration.h"

#include "collectors/probe/clock.h"
#include "core/model/tupleclock.h"

#include <cmath>
#include <limits>
#include <thread>

namespace xylem::collector {

namespace {

// The base the rings' timestamps are turned into: the tuple clock (CLOCK_REALTIME, or
// CLOCK_MONOTONIC with XYLEM_CLOCK=monotonic, when the offset below is 0).
std::int64_t realtimeNs()
{
    return tupleClockNowNs();
}

// std::llround without the library call (it is made twice per tuple read): x - trunc(x) is
// exact in doubles, so halves round away from zero exactly as llround does, for every x
// llround itself can return.
std::int64_t roundHalfAway(double x)
{
    const auto whole = static_cast<std::int64_t>(x);
    const double fraction = x - static_cast<double>(whole);
    return whole + (fraction >= 0.5) - (fraction <= -0.5);
}

} // namespace

// The tightest of a few (tsc, realtime, tsc) brackets: the realtime reading is paired with the
// midpoint of the two TSC readings around it.
ClockCalibration::Pair ClockCalibration::readPair()
{
    Pair best{};
    std::int64_t tightest = std::numeric_limits<std::int64_t>::max();
    for (int i = 0; i < 7; ++i) {
        const std::int64_t before = probe::readClock(ClockKind::Tsc);
        const std::int64_t real = realtimeNs();
        const std::int64_t after = probe::readClock(ClockKind::Tsc);
        if (after - before < tightest) {
            tightest = after - before;
            best = Pair{before + (after - before) / 2, real};
        }
    }
    return best;
}

ClockCalibration ClockCalibration::measure(std::chrono::milliseconds span)
{
    ClockCalibration c;
    c.m_monotonicToRealtime = realtimeNs() - probe::monotonicNs();
    c.m_first = readPair();
    std::this_thread::sleep_for(span);
    c.refine();
    return c;
}

void ClockCalibration::refine()
{
    const Pair now = readPair();
    if (now.tsc > m_first.tsc && now.realtimeNs > m_first.realtimeNs) {
        m_nsPerTick = static_cast<double>(now.realtimeNs - m_first.realtimeNs) /
                      static_cast<double>(now.tsc - m_first.tsc);
    }
    m_monotonicToRealtime = realtimeNs() - probe::monotonicNs();
}

std::int64_t ClockCalibration::toNs(ClockKind clock, std::int64_t raw) const
{
    if (clock == ClockKind::Monotonic) {
        return raw + m_monotonicToRealtime;
    }
    return m_first.realtimeNs + roundHalfAway(static_cast<double>(raw - m_first.tsc) * m_nsPerTick);
}

void ClockCalibration::toNs(ClockKind clock, std::span<Tuple> tuples) const
{
    if (clock == ClockKind::Monotonic) {
        for (Tuple& t : tuples) {
            t.down += m_monotonicToRealtime;
            t.up += m_monotonicToRealtime;
        }
        return;
    }
    const std::int64_t base = m_first.realtimeNs, tsc = m_first.tsc;
    const double nsPerTick = m_nsPerTick;
    for (Tuple& t : tuples) {
        t.down = base + roundHalfAway(static_cast<double>(t.down - tsc) * nsPerTick);
        t.up = base + roundHalfAway(static_cast<double>(t.up - tsc) * nsPerTick);
    }
}

} // namespace xylem::collector
