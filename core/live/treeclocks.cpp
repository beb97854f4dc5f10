#include "core/live/treeclocks.h"

#include <cstdlib>

namespace xylem::live {

TreeClocks::TreeClocks(const gather::Topology& topology, const Configuration& config,
                       std::string frontEndHost)
    : m_frontEndHost(std::move(frontEndHost))
{
    for (const Host& h : config.hosts()) {
        HostState state;
        state.clock.host = h.id;
        state.clock.master = m_frontEndHost;
        m_hosts.push_back(std::move(state));
    }
    // A tuple's collector is the index of the wrapper whose parent edge recorded it, on that
    // wrapper's host; a proxy's edge is recorded by its service path, which runs on the host
    // of the proxy's parent (where the requests arrive), so its tuples are on that clock.
    for (int w = 0; w < config.wrapperCount(); ++w) {
        const Wrapper& wrapper = config.wrapper(w);
        const bool proxy = wrapper.kind == WrapperKind::Proxy && wrapper.parent >= 0;
        m_hostOfCollector.push_back(
            hostIndex(proxy ? config.wrapper(wrapper.parent).host : wrapper.host));
    }
    for (const gather::TopologyNode& node : topology.nodes) {
        m_hostOfNode.push_back(node.parent < 0 ? -1 : hostIndex(node.host));
        m_leafNode.push_back(node.role == gather::NodeRole::Leaf);
    }
}

int TreeClocks::hostIndex(const std::string& host) const
{
    for (std::size_t i = 0; i < m_hosts.size(); ++i) {
        if (m_hosts[i].clock.host == host) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

void TreeClocks::add(std::span<const tree::ClockOffset> offsets, std::int64_t frontEndNs)
{
    // Per host the offset of its collector, or of a relay when no collector of it answered.
    std::vector<const tree::ClockOffset*> chosen(m_hosts.size(), nullptr);
    std::vector<bool> fromLeaf(m_hosts.size(), false);
    for (const tree::ClockOffset& o : offsets) {
        if (o.node >= m_hostOfNode.size() || m_hostOfNode[o.node] < 0) {
            continue;
        }
        const auto h = static_cast<std::size_t>(m_hostOfNode[o.node]);
        const bool leaf = m_leafNode[o.node];
        if (!chosen[h] || (leaf && !fromLeaf[h])) {
            chosen[h] = &o;
            fromLeaf[h] = leaf;
        }
    }
    for (std::size_t h = 0; h < m_hosts.size(); ++h) {
        if (!chosen[h]) {
            continue;
        }
        const tree::ClockOffset& o = *chosen[h];
        // ClockOffset: node - front-end; a clock sample: reference - local, at local time.
        MpiClockSample sample;
        sample.host = m_hosts[h].clock.host;
        sample.measuredAgainst = m_frontEndHost;
        sample.localNs = frontEndNs + o.offsetNs;
        sample.offsetNs = -o.offsetNs;
        sample.roundTripNs = 2 * o.errorNs;
        HostState& state = m_hosts[h];
        if (!state.clock.measured) {
            state.clock.measured = true;
            state.clock.start = sample;
        }
        state.clock.end = sample;
        state.clock.errorBoundNs =
            std::max(state.clock.start.roundTripNs, state.clock.end.roundTripNs) / 2;
        state.corrects = state.corrects || std::llabs(o.offsetNs) > o.errorNs;
    }
    ++m_measurements;
}

std::int64_t TreeClocks::toFrontEnd(const std::string& host, std::int64_t localNs) const
{
    const int h = hostIndex(host);
    if (h < 0 || !m_hosts[static_cast<std::size_t>(h)].corrects) {
        return localNs;
    }
    return localNs + m_hosts[static_cast<std::size_t>(h)].clock.offsetAt(localNs);
}

void TreeClocks::correct(std::span<Tuple> tuples) const
{
    for (Tuple& t : tuples) {
        if (t.collector >= m_hostOfCollector.size() || m_hostOfCollector[t.collector] < 0) {
            continue; // the engine refuses it, naming the collector
        }
        const HostState& state = m_hosts[static_cast<std::size_t>(m_hostOfCollector[t.collector])];
        if (state.corrects) {
            t.down += state.clock.offsetAt(t.down);
            t.up += state.clock.offsetAt(t.up);
        }
    }
}

std::vector<HostClock> TreeClocks::hostClocks() const
{
    std::vector<HostClock> out;
    for (const HostState& state : m_hosts) {
        out.push_back(state.clock);
    }
    return out;
}

} // namespace xylem::live
