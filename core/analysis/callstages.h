#pragma once

// One call's stages along each thread's path (metrics.md §4), as spans of time rather than
// means: the timemap of a single call, for exports that draw every call (the Perfetto trace).
// The spans of a thread's path follow each other and add up exactly to its call time u0 - d0;
// on unsynchronised clocks a span may end before it starts, as the formula gives it.

#include "core/analysis/edgetimes.h"
#include "core/analysis/gredcall.h"
#include "core/analysis/stage.h"
#include "core/analysis/topology.h"

#include <cstdint>
#include <vector>

namespace xylem {

struct StageSpan
{
    Stage stage = Stage::Down;
    int wrapper = -1; // where it happens
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

class CallStages
{
public:
    explicit CallStages(const Topology& topology);

    // Evaluates every gred of a complete call row once (CallMatrix::row).
    void evaluate(const EdgeTimes* row);
    // The stages of a thread's path in the call last evaluated, in the order they happen.
    void stagesOf(size_t threadSlot, std::vector<StageSpan>& out) const;

private:
    const Topology& m_topology;
    GredCallEvaluator m_evaluator;
    const EdgeTimes* m_row = nullptr;
    std::vector<std::int64_t> m_lastArrival;    // per gred slot: t1[l]
    std::vector<std::int64_t> m_firstDeparture; // per gred slot: t4[f]
};

} // namespace xylem
