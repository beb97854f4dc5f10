#include "core/analysis/lastarrivaltally.h"

#include "core/analysis/loadbalance.h"

#include <algorithm>
#include <tuple>

namespace xylem {

namespace {

// metrics.md §1: the largest down wins, ties to the later child; a full tie keeps the first seen.
bool beats(const Tuple& candidate, const Tuple& best)
{
    return std::tie(candidate.down, candidate.collector) > std::tie(best.down, best.collector);
}

} // namespace

LastArrivalTally::LastArrivalTally(std::shared_ptr<const Topology> topology, size_t window)
    : m_topology(std::move(topology))
    , m_window(std::max<size_t>(window, 1))
{
    for (const GredTopology& g : m_topology->greds()) {
        m_counts.emplace_back(g.children.size(), 0);
    }
    m_span = 1;
    while (m_span < static_cast<std::int64_t>(m_window) + 2) {
        m_span *= 2;
    }
}

void LastArrivalTally::addCandidates(std::span<const Tuple> tuples)
{
    const Configuration& config = m_topology->configuration();
    const size_t greds = m_counts.size();
    if (m_best.empty() && greds > 0) { // made at the first candidate: a tally may never get one
        m_best.resize(static_cast<size_t>(m_span) * greds);
        m_has.assign(m_best.size(), 0);
        m_heldSlots.assign(static_cast<size_t>(m_span), 0);
    }
    for (const Tuple& t : tuples) {
        if (t.collector >= static_cast<std::uint32_t>(config.wrapperCount()) ||
            t.seq <= m_countedUpTo) {
            continue; // not of this configuration, or a call already counted
        }
        const int parent = config.wrapper(static_cast<int>(t.collector)).parent;
        const int slot = parent < 0 ? -1 : m_topology->gredSlot(parent);
        if (slot < 0) {
            continue; // the edge into a proxy or core: no arrival order there
        }
        if (t.seq >= m_base && t.seq - m_base < m_span) {
            hold(t.seq, slot, t);
        } else {
            m_others.push_back(Candidate{t.seq, slot, t});
        }
        m_newestSeq = std::max(m_newestSeq, t.seq);
    }
    const std::int64_t below = m_newestSeq - static_cast<std::int64_t>(m_window);
    countHeldBelow(below);
    settleOthers(below);
}

void LastArrivalTally::hold(std::int64_t seq, int slot, const Tuple& t)
{
    const size_t call = static_cast<size_t>(seq & (m_span - 1));
    const size_t at = call * m_counts.size() + static_cast<size_t>(slot);
    if (!m_has[at]) {
        m_has[at] = 1;
        ++m_heldSlots[call];
        m_best[at] = t;
    } else if (beats(t, m_best[at])) {
        m_best[at] = t;
    }
}

void LastArrivalTally::countHeldBelow(std::int64_t end)
{
    const size_t greds = m_counts.size();
    // Nothing is held before the first candidate (the ring is made then).
    const std::int64_t last = m_heldSlots.empty() ? m_base : std::min(end, m_base + m_span);
    for (std::int64_t seq = m_base; seq < last; ++seq) {
        const size_t call = static_cast<size_t>(seq & (m_span - 1));
        if (m_heldSlots[call] == 0) {
            continue;
        }
        ++m_calls;
        for (size_t slot = 0; slot < greds; ++slot) {
            const size_t at = call * greds + slot;
            if (m_has[at]) {
                m_has[at] = 0;
                count(static_cast<int>(slot), m_best[at]);
            }
        }
        m_heldSlots[call] = 0;
        m_countedUpTo = std::max(m_countedUpTo, seq);
    }
    m_base = std::max(m_base, end);
}

void LastArrivalTally::settleOthers(std::int64_t end)
{
    if (m_others.empty()) {
        return;
    }
    // In seq order, of one key the first seen first (stable): a full tie keeps it.
    std::stable_sort(m_others.begin(), m_others.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(a.seq, a.slot) < std::tie(b.seq, b.slot);
    });
    for (size_t i = 0; i < m_others.size();) {
        const std::int64_t seq = m_others[i].seq;
        size_t next = i;
        while (next < m_others.size() && m_others[next].seq == seq) {
            ++next;
        }
        if (seq < end) { // counted now, as the calls the window has passed
            ++m_calls;
            for (size_t k = i; k < next;) {
                Tuple best = m_others[k].tuple;
                const int slot = m_others[k].slot;
                for (++k; k < next && m_others[k].slot == slot; ++k) {
                    if (beats(m_others[k].tuple, best)) {
                        best = m_others[k].tuple;
                    }
                }
                count(slot, best);
            }
            m_countedUpTo = std::max(m_countedUpTo, seq);
        } else { // at most the window above its edge, which is m_base now: in the ring's span
            for (size_t k = i; k < next; ++k) {
                hold(seq, m_others[k].slot, m_others[k].tuple);
            }
        }
        i = next;
    }
    m_others.clear();
}

void LastArrivalTally::flush()
{
    countHeldBelow(m_base + m_span);
    settleOthers(m_newestSeq + 1);
    m_base = m_countedUpTo + 1; // the ring is empty: it holds the seqs still to come
}

void LastArrivalTally::count(int gredSlot, const Tuple& last)
{
    const int position = m_topology->childPosition(static_cast<int>(last.collector));
    ++m_counts[static_cast<size_t>(gredSlot)][static_cast<size_t>(position)];
}

bool LastArrivalTally::setCounts(int gredWrapper, const std::vector<std::int64_t>& perChild)
{
    const int slot = m_topology->gredSlot(gredWrapper);
    if (slot < 0 || m_counts[static_cast<size_t>(slot)].size() != perChild.size()) {
        return false;
    }
    m_counts[static_cast<size_t>(slot)] = perChild;
    return true;
}

std::vector<GredReport> LastArrivalTally::gredReports() const
{
    std::vector<GredReport> greds;
    for (size_t slot = 0; slot < m_counts.size(); ++slot) {
        const GredTopology& g = m_topology->greds()[slot];
        GredReport report;
        report.wrapper = g.wrapper;
        for (size_t i = 0; i < g.children.size(); ++i) {
            ContributorReport c;
            c.wrapper = g.children[i];
            c.lastArrivals = m_counts[slot][i];
            report.contributors.push_back(std::move(c));
        }
        greds.push_back(std::move(report));
    }
    return greds;
}

std::vector<int> LastArrivalTally::imbalancePath() const
{
    return xylem::imbalancePath(*m_topology, gredReports());
}

} // namespace xylem
