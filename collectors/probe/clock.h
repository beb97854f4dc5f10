#pragma once

// Timestamps for the record path. On CPUs with an invariant time-stamp counter (constant rate,
// running in every power state) a timestamp is one rdtsc: a few nanoseconds, no system call.
// Elsewhere clock_gettime(CLOCK_MONOTONIC) through the vDSO. The ring says which one it holds;
// the collector, which knows the TSC calibration, turns both into nanoseconds.

#include "core/model/recording.h"

#include <cstdint>
#include <ctime>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define XYLEM_HAS_TSC 1
#endif

namespace xylem::probe {

// Tsc when the CPU reports an invariant TSC, else Monotonic.
ClockKind detectClock();

inline std::int64_t monotonicNs() noexcept
{
    timespec ts;
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

inline std::int64_t readClock(ClockKind clock) noexcept
{
#ifdef XYLEM_HAS_TSC
    if (clock == ClockKind::Tsc) {
        return static_cast<std::int64_t>(__rdtsc());
    }
#endif
    return monotonicNs();
}

} // namespace xylem::probe
