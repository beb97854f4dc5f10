#include "core/gather/wave.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace xylem::gather {

WaveAssembler::WaveAssembler(SyncSpec spec, std::uint32_t children, LatePolicy late)
    : m_spec(spec)
    , m_latePolicy(late)
    , m_live(children, true)
    , m_liveCount(children)
{
}

// A wave begins: it waits for the children counted now.
WaveAssembler::Pending WaveAssembler::fresh() const
{
    Pending p;
    p.batches.resize(m_live.size());
    p.expected = m_live;
    p.waiting = m_liveCount;
    return p;
}

std::vector<ReadyWave> WaveAssembler::requested(std::uint64_t firstWave, std::uint32_t count)
{
    std::vector<ReadyWave> ready;
    if (m_spec.mode == SyncMode::DoNotWait) {
        return ready;
    }
    const std::uint64_t ahead = std::min<std::uint64_t>(count, kPassedWindow);
    for (std::uint64_t wave = firstWave; wave < firstWave + ahead && wave >= firstWave; ++wave) {
        if (m_pending.contains(wave) || passed(wave)) {
            continue;
        }
        Pending& p = m_pending.emplace(wave, fresh()).first->second;
        if (p.waiting == 0) {
            ready.push_back(take(wave, p));
        }
    }
    return ready;
}

std::vector<ReadyWave> WaveAssembler::arrive(std::uint32_t child, std::uint64_t wave, Batch batch,
                                             SteadyTime now)
{
    std::vector<ReadyWave> ready;
    if (child >= m_live.size()) {
        return ready;
    }
    if (m_spec.mode == SyncMode::DoNotWait) {
        ready.push_back({wave, {}, {}});
        ready.back().batches.push_back(std::move(batch));
        return ready;
    }
    auto it = m_pending.find(wave);
    if (it == m_pending.end()) {
        if (passed(wave)) {
            if (m_latePolicy == LatePolicy::Carry) {
                m_carried.push_back(std::move(batch));
                ++m_carriedBatches;
            } else {
                ++m_late;
            }
            return ready;
        }
        it = m_pending.emplace(wave, fresh()).first;
    }
    Pending& p = it->second;
    if (!p.first) {
        p.first = now;
        if (m_spec.mode == SyncMode::TimeOut) {
            m_deadlines.emplace(now + m_spec.timeout, wave);
        }
    }
    if (p.batches[child]) {
        ++m_duplicates;
        return ready;
    }
    p.batches[child] = std::move(batch);
    if (p.expected[child]) {
        --p.waiting;
    }
    if (p.waiting == 0) {
        ready.push_back(take(wave, p));
    }
    return ready;
}

std::vector<ReadyWave> WaveAssembler::expire(SteadyTime now)
{
    std::vector<ReadyWave> ready;
    while (!m_deadlines.empty() && m_deadlines.begin()->first <= now) {
        const std::uint64_t wave = m_deadlines.begin()->second;
        ready.push_back(take(wave, m_pending.at(wave)));
    }
    std::sort(ready.begin(), ready.end(),
              [](const ReadyWave& a, const ReadyWave& b) { return a.wave < b.wave; });
    return ready;
}

std::optional<SteadyTime> WaveAssembler::nextDeadline() const
{
    if (m_deadlines.empty()) {
        return std::nullopt;
    }
    return m_deadlines.begin()->first;
}

std::vector<ReadyWave> WaveAssembler::childLost(std::uint32_t child)
{
    if (child >= m_live.size() || !m_live[child]) {
        return {};
    }
    m_live[child] = false;
    --m_liveCount;
    for (auto& [wave, p] : m_pending) {
        if (p.expected[child] && !p.batches[child]) {
            p.expected[child] = false;
            --p.waiting;
        }
    }
    return takeComplete();
}

void WaveAssembler::childRejoined(std::uint32_t child)
{
    if (child < m_live.size() && !m_live[child]) {
        m_live[child] = true;
        ++m_liveCount;
    }
}

std::vector<ReadyWave> WaveAssembler::takeComplete()
{
    std::vector<ReadyWave> ready;
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        const auto next = std::next(it);
        if (it->second.waiting == 0) {
            ready.push_back(take(it->first, it->second)); // erases it
        }
        it = next;
    }
    return ready;
}

ReadyWave WaveAssembler::take(std::uint64_t wave, Pending& p)
{
    ReadyWave out{wave, std::exchange(m_carried, {}), {}};
    for (std::uint32_t c = 0; c < p.batches.size(); ++c) {
        if (p.batches[c]) {
            out.batches.push_back(std::move(*p.batches[c]));
        } else {
            out.missing.push_back(c);
        }
    }
    if (m_spec.mode == SyncMode::TimeOut && p.first) {
        m_deadlines.erase({*p.first + m_spec.timeout, wave});
    }
    m_pending.erase(wave);
    markPassed(wave);
    return out;
}

void WaveAssembler::markPassed(std::uint64_t wave)
{
    if (wave < m_passedUpTo) {
        return;
    }
    m_passedAbove.insert(wave);
    const std::uint64_t newest = *m_passedAbove.rbegin();
    if (newest - m_passedUpTo >= kPassedWindow) {
        // Bounded memory: forget the oldest gaps; a batch for one of them now counts as late.
        m_passedUpTo = newest - kPassedWindow + 1;
        m_passedAbove.erase(m_passedAbove.begin(), m_passedAbove.lower_bound(m_passedUpTo));
    }
    while (!m_passedAbove.empty() && *m_passedAbove.begin() == m_passedUpTo &&
           m_passedUpTo != std::numeric_limits<std::uint64_t>::max()) {
        m_passedAbove.erase(m_passedAbove.begin());
        ++m_passedUpTo;
    }
}

bool WaveAssembler::passed(std::uint64_t wave) const
{
    return wave < m_passedUpTo || m_passedAbove.contains(wave);
}

} // namespace xylem::gather
