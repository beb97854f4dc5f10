// The trials of `xylem-gsum --adapt` for one thread (treetrials.h): blocks, the decision from
// the control allreduce's sums, the switches, and the record in words.

#include "collectors/allreduce/treetrials.h"

#include <algorithm>
#include <cstdio>

namespace xylem::allreduce {

TreeTrials::TreeTrials(std::vector<std::string> candidates, int block, int rounds)
    : m_schedule(candidates.size(), rounds)
{
    m_record.candidates = std::move(candidates);
    m_record.block = block;
    m_record.rounds = rounds;
    switchTo(0, false);
}

std::int64_t TreeTrials::settleCall() const
{
    return static_cast<std::int64_t>(m_record.candidates.size()) * m_record.rounds * m_record.block;
}

void TreeTrials::switchTo(std::size_t candidate, bool settle)
{
    m_current = candidate;
    // In gsum a call's number is its sequence number: the seq is the call.
    m_record.switches.push_back(
        MpiTreeSwitch{m_calls, m_calls, m_record.candidates[candidate], settle});
}

bool TreeTrials::called(std::int64_t ns)
{
    ++m_calls;
    if (m_settled) {
        return false;
    }
    m_blockNs += ns;
    return ++m_inBlock == m_record.block;
}

Payload TreeTrials::controlPayload() const
{
    return {m_blockNs, m_calls, m_calls * m_calls, 1};
}

void TreeTrials::endBlock(const Payload& sums)
{
    const std::int64_t threads = sums.size() == 4 && sums[3] > 0 ? sums[3] : 1;
    if (sums.size() != 4 || sums[2] * threads != sums[1] * sums[1]) {
        ++m_record.disagreements; // not every thread at the same call
    }
    const std::int64_t mean = (sums.empty() ? 0 : sums[0]) / (threads * m_record.block);
    m_record.blocks.push_back(
        MpiAdaptBlock{m_record.candidates[m_current], m_calls - m_inBlock, mean});
    m_inBlock = 0;
    m_blockNs = 0;
    const AdaptSchedule::Step step = m_schedule.blockEnded(m_current, mean);
    if (step.settle) {
        m_settled = true;
        m_record.settled = m_record.candidates[step.candidate];
        switchTo(step.candidate, true);
    } else if (step.candidate != m_current) {
        switchTo(step.candidate, false);
    }
}

std::string describeGsumAdapt(const MpiTreeAdapt& adapt)
{
    // The MPI side's words with gsum's allreduce as their subject; gsum's call is its own
    // instance, so no world collective is named beside it.
    MpiTreeAdapt words = adapt;
    for (MpiTreeSwitch& s : words.switches) {
        s.seq = -1;
    }
    return describeAdapt(words, "gsum's allreduce");
}

} // namespace xylem::allreduce
