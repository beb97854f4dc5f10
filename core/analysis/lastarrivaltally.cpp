#include "core/analysis/lastarrivaltally.h"

#include "core/analysis/loadbalance.h"

#include <algorithm>
#include <optional>

namespace xylem {

LastArrivalTally::LastArrivalTally(std::shared_ptr<const Topology> topology, size_t window)
    : m_topology(std::move(topology))
    , m_window(std::max<size_t>(window, 1))
{
    for (const GredTopology& g : m_topology->greds()) {
        m_counts.emplace_back(g.children.size(), 0);
    }
}

void LastArrivalTally::addCandidates(std::span<const Tuple> tuples)
{
    const Configuration& config = m_topology->configuration();
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
        auto [it, fresh] = m_held.try_emplace({t.seq, slot}, t);
        if (!fresh &&
            std::tie(t.down, t.collector) > std::tie(it->second.down, it->second.collector)) {
            it->second = t;
        }
        m_newestSeq = std::max(m_newestSeq, t.seq);
    }
    const std::int64_t below = m_newestSeq - static_cast<std::int64_t>(m_window);
    // Held in (seq, slot) order: the calls counted are the changes of seq.
    std::optional<std::int64_t> last;
    while (!m_held.empty() && m_held.begin()->first.first < below) {
        const auto node = m_held.extract(m_held.begin());
        m_calls += last != node.key().first;
        last = node.key().first;
        count(node.key().second, node.mapped());
        m_countedUpTo = std::max(m_countedUpTo, node.key().first);
    }
}

void LastArrivalTally::flush()
{
    std::optional<std::int64_t> seq;
    for (const auto& [key, last] : m_held) {
        m_calls += seq != key.first;
        seq = key.first;
        count(key.second, last);
        m_countedUpTo = std::max(m_countedUpTo, key.first);
    }
    m_held.clear();
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
