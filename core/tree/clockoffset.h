#pragma once

// Remote clock reading (metrics.md §7): a parent sends pings, the child answers with its clock;
// the exchange with the smallest round trip gives the offset, with an error of at most half
// that round trip.

#include "core/model/tupleclock.h"

#include <cstdint>
#include <limits>

namespace xylem::tree {

class OffsetEstimator
{
public:
    // sentNs, receivedNs: the parent's clock around the exchange; childNs: the child's reading.
    void add(std::int64_t sentNs, std::int64_t childNs, std::int64_t receivedNs)
    {
        const std::int64_t roundTrip = receivedNs - sentNs;
        ++m_samples;
        if (roundTrip >= 0 && roundTrip < m_bestRoundTrip) {
            m_bestRoundTrip = roundTrip;
            m_offset = childNs - (sentNs + roundTrip / 2);
        }
    }

    int samples() const { return m_samples; }
    bool valid() const { return m_bestRoundTrip != std::numeric_limits<std::int64_t>::max(); }
    std::int64_t offsetNs() const { return m_offset; } // child - parent
    std::int64_t errorNs() const { return valid() ? (m_bestRoundTrip + 1) / 2 : 0; }

private:
    int m_samples = 0;
    std::int64_t m_bestRoundTrip = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_offset = 0;
};

// The clock tuples are in once the collector converted them (core/model/tupleclock.h:
// CLOCK_REALTIME, or CLOCK_MONOTONIC with XYLEM_CLOCK=monotonic). Offsets between nodes are
// offsets of this clock.
using xylem::tupleClockNowNs;

} // namespace xylem::tree
