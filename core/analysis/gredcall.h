#pragma once

// One call seen from one gred (metrics.md §1-2): who arrived last, when the first left, its
// t2 and t3, and every child's arrival and departure rank under the tie rule. The batch and
// streaming analyzers and the node-side live monitors all evaluate a gred's call here, and
// take its per-call metrics from the functions below.

#include "core/analysis/edgetimes.h"
#include "core/analysis/ranks.h"
#include "core/analysis/topology.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem {

struct GredCall
{
    size_t last = 0;      // l: the child with the largest t1 (ties to the later child)
    std::int64_t t1l = 0; // t1[l]
    std::int64_t t4f = 0; // t4[f]: the smallest t4
    std::int64_t t2 = 0;  // down of the gred's own edge (t1[l] at the root)
    std::int64_t t3 = 0;  // up of the gred's own edge (t4[f] at the root)
};

class GredCallEvaluator
{
public:
    // Sized for the widest gred of the topology it will evaluate.
    explicit GredCallEvaluator(const Topology& topology);

    // ownEdge: whether row holds the gred's own edge; without it (at the root, or on a node that
    // does not record that edge) t2 := t1[l] and t3 := t4[f], the root rule of metrics.md §1.
    const GredCall& evaluate(const GredTopology& g, const EdgeTimes* row, bool ownEdge);

    // Of the last evaluate(), per child position.
    std::int64_t t1(size_t child) const { return m_t1[child]; }
    std::int64_t t4(size_t child) const { return m_t4[child]; }
    int arrivalRank(size_t child) const { return m_arrivalRank[child]; }
    int departureRank(size_t child) const { return m_departureRank[child]; }

    std::int64_t downLatency() const { return m_call.t2 - m_call.t1l; }
    std::int64_t upLatency() const { return m_call.t4f - m_call.t3; }
    std::int64_t totalLatency(size_t i) const
    {
        return (m_t4[i] - m_t1[i]) - (m_call.t3 - m_call.t2);
    }
    std::int64_t arrivalWait(size_t i) const { return m_call.t1l - m_t1[i]; }
    std::int64_t departureWait(size_t i) const { return m_t4[i] - m_call.t4f; }

private:
    explicit GredCallEvaluator(size_t widest);
    GredCall m_call;
    std::vector<std::int64_t> m_t1;
    std::vector<std::int64_t> m_t4;
    std::vector<int> m_arrivalRank;
    std::vector<int> m_departureRank;
    Ranker m_ranker;
};

} // namespace xylem
