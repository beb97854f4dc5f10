#pragma once

// Live load balance at the front-end, in EventSpace's two forms, over one topology:
//
//   single scope  the tree reduces each gred's child tuples to the last arrival of every call
//                 (gather's last-arrival filter); addCandidates() counts each call once, its
//                 pieces (a call split across waves or nodes) merged by the largest down, ties
//                 to the later child (metrics.md §1). A call is counted once `window` newer
//                 calls were seen, or at flush().
//   distributed   each collector counts its own greds' last arrivals (LastArrivalMonitor);
//                 setCounts() takes the newest counts of a gred, which replace the older ones.
//
// Either way: the weighted tree's edges (last arrivals per gred child) and the imbalance path
// (metrics.md §3), equal to the batch engine's on the same calls.

#include "core/analysis/report.h"
#include "core/analysis/topology.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace xylem {

class LastArrivalTally
{
public:
    explicit LastArrivalTally(std::shared_ptr<const Topology> topology, size_t window = 4096);

    void addCandidates(std::span<const Tuple> tuples);
    void flush();
    // Replaces the counts of gred `gredWrapper`; perChild in configuration order. False when the
    // wrapper is no gred or the count of children differs.
    bool setCounts(int gredWrapper, const std::vector<std::int64_t>& perChild);

    // [gred slot][child position] = last arrivals.
    const std::vector<std::vector<std::int64_t>>& counts() const { return m_counts; }
    std::int64_t countedCalls() const { return m_calls; } // single-scope form
    std::vector<int> imbalancePath() const;
    // Greds with only their contributors' wrapper and last arrivals filled in.
    std::vector<GredReport> gredReports() const;

private:
    struct Candidate
    {
        std::int64_t seq = 0;
        int slot = 0;
        Tuple tuple;
    };
    void count(int gredSlot, const Tuple& last);
    // Keeps `t` as the best of (seq, slot) in the ring when it beats what is held there.
    void hold(std::int64_t seq, int slot, const Tuple& t);
    // Counts the held calls of seqs [m_base, end) (at most the ring's span) and frees them.
    void countHeldBelow(std::int64_t end);
    // Counts the candidates outside the ring below `end`, and moves the others into it.
    void settleOthers(std::int64_t end);

    std::shared_ptr<const Topology> m_topology;
    size_t m_window;
    std::vector<std::vector<std::int64_t>> m_counts;
    // The calls not yet counted, by seq in a ring of m_span calls (a power of two above the
    // window) of one best candidate per gred slot: seq s, slot g at ((s & (m_span - 1)) *
    // greds + g). It holds seqs [m_base, m_base + m_span); a candidate outside (a late call
    // below m_base, or a jump ahead) waits in m_others until the end of its addCandidates.
    std::int64_t m_span = 0;
    std::int64_t m_base = 0;
    std::vector<Tuple> m_best;
    std::vector<std::uint8_t> m_has;        // per (call, slot): m_best is set
    std::vector<std::uint32_t> m_heldSlots; // per call: how many slots are set
    std::vector<Candidate> m_others;
    std::int64_t m_newestSeq = 0;
    std::int64_t m_calls = 0;
    std::int64_t m_countedUpTo = -1; // seqs at or below were counted
};

} // namespace xylem
