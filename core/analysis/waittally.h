#pragma once

// Adds up the waits that the wait-state patterns find (waitstates.h) per pattern, waiting rank,
// waited-for rank and call site, with the part across clusters.

#include "core/analysis/waitstates.h"

#include <map>
#include <utility>

namespace xylem {

struct Wait
{
    WaitPattern pattern = WaitPattern::WaitAtNxN;
    int waiter = 0;
    int waitedFor = 0;
    MpiCall call = MpiCall::Barrier; // the waiter's call
    std::int32_t communicator = 0;
    std::int64_t ns = 0;
};

class WaitTally
{
public:
    // Ranks are assumed checked against trace.ranks by the caller.
    explicit WaitTally(const MpiTrace& trace);

    // A wait of 0 ns (or less) is not counted.
    void add(const Wait& wait);
    // Per-call-site lists, main causes and shares; the counters are the caller's.
    WaitStateReport finish(std::int64_t mpiTimeNs);

private:
    const MpiTrace& m_trace;
    WaitStateReport m_report;
    std::array<std::map<std::pair<MpiCall, std::int32_t>, WaitSeverity>, kWaitPatternCount> m_sites;
};

} // namespace xylem
