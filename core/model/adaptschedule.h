#pragma once

// The run-time tuner's schedule, one for both of its users (collectors/mpi/treeadapt.h inside MPI
// programs, collectors/allreduce/treetrials.h in xylem-gsum): the candidates take turns, a block
// of calls each, for `rounds` rounds; then the one whose fastest block was fastest is kept (the
// first of equals). What a block's mean is, and how the ranks or threads agree on it, is the
// user's.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem {

class AdaptSchedule
{
public:
    AdaptSchedule(std::size_t candidates, int rounds)
        : m_bestNs(candidates, -1)
        , m_rounds(rounds)
    {
    }

    struct Step
    {
        std::size_t candidate = 0; // what the next block runs (after the settle: every call)
        bool settle = false;       // the trials are over: candidate is the choice
    };

    // The block that `current` ran ended with meanNs per call.
    Step blockEnded(std::size_t current, std::int64_t meanNs)
    {
        std::int64_t& best = m_bestNs[current];
        best = best < 0 ? meanNs : std::min(best, meanNs);
        ++m_blocksDone;
        const auto n = static_cast<std::int64_t>(m_bestNs.size());
        if (m_blocksDone < n * m_rounds) {
            return {static_cast<std::size_t>(m_blocksDone % n), false};
        }
        // Every candidate has run a block by now, so none is still -1.
        const auto fastest = std::min_element(m_bestNs.begin(), m_bestNs.end());
        return {static_cast<std::size_t>(fastest - m_bestNs.begin()), true};
    }

    std::int64_t bestNs(std::size_t candidate) const { return m_bestNs[candidate]; } // -1: none
    std::int64_t blocksDone() const { return m_blocksDone; }
    std::int64_t trialBlocks() const
    {
        return static_cast<std::int64_t>(m_bestNs.size()) * m_rounds;
    }

private:
    std::vector<std::int64_t> m_bestNs; // per candidate, its lowest block mean so far
    int m_rounds;
    std::int64_t m_blocksDone = 0;
};

} // namespace xylem
