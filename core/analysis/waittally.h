#pragma once

// Adds up the waits that the wait-state patterns find (waitstates.h) per pattern, waiting rank,
// waited-for rank and call site, with the part across clusters.

#include "core/analysis/waitstates.h"

#include <functional>
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
    const MpiEvent* waiterEvent = nullptr;    // the waiting call, in the analysed trace
    const MpiEvent* waitedForEvent = nullptr; // the call it waited for
};

// Every wait of more than 0 ns that analyzeWaitStates counts, one by one and with its two
// events (for exports that draw each wait); the same checks and errors as analyzeWaitStates.
Result<Ok> visitWaits(const MpiTrace& trace, const std::function<void(const Wait&)>& visit);

class WaitTally
{
public:
    // Ranks are assumed checked against trace.ranks by the caller.
    explicit WaitTally(const MpiTrace& trace);
    // Hears every wait that add() counts.
    void setVisitor(std::function<void(const Wait&)> visit) { m_visit = std::move(visit); }

    // A wait of 0 ns (or less) is not counted.
    void add(const Wait& wait);
    // Per-call-site lists, main causes and shares; the counters are the caller's.
    WaitStateReport finish(std::int64_t mpiTimeNs);

private:
    const MpiTrace& m_trace;
    std::function<void(const Wait&)> m_visit;
    WaitStateReport m_report;
    std::array<std::map<std::pair<MpiCall, std::int32_t>, WaitSeverity>, kWaitPatternCount> m_sites;
    std::array<std::map<std::int32_t, WaitSeverity>, kWaitPatternCount> m_comms;
};

} // namespace xylem
