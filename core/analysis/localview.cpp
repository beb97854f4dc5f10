#include "core/analysis/localview.h"

namespace xylem {

Result<LocalView> LocalView::make(const Configuration& config, const std::string& host)
{
    bool known = false;
    for (const Host& h : config.hosts()) {
        known = known || h.id == host;
    }
    if (!known) {
        return makeError(ErrorCode::InvalidArgument,
                         "host '" + host + "' is not in the configuration");
    }
    LocalView view;
    view.m_topology = std::make_shared<const Topology>(config);
    view.m_host = host;
    view.m_local.assign(static_cast<size_t>(config.wrapperCount()), false);
    for (int w = 0; w < config.wrapperCount(); ++w) {
        const int parent = config.wrapper(w).parent;
        if (parent >= 0 && config.wrapper(parent).host == host) {
            view.m_local[static_cast<size_t>(w)] = true;
            ++view.m_collectors;
        }
    }
    const auto& greds = view.m_topology->greds();
    for (size_t slot = 0; slot < greds.size(); ++slot) {
        if (config.wrapper(greds[slot].wrapper).host == host) {
            view.m_greds.push_back(slot);
        }
    }
    if (view.m_collectors == 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "host '" + host + "' records no edge of this configuration");
    }
    return view;
}

bool LocalView::ownEdgeRecorded(size_t gredSlot) const
{
    const GredTopology& g = m_topology->greds()[gredSlot];
    return !g.isRoot && records(static_cast<std::uint32_t>(g.wrapper));
}

LocalCallStream::LocalCallStream(const LocalView& view, size_t pendingCalls)
    : m_pending(static_cast<size_t>(view.topology().wrapperCount()), view.collectorCount(),
                pendingCalls)
{
}

void LocalCallStream::add(const LocalView& view, std::span<const Tuple> tuples,
                          const std::function<void(const EdgeTimes* row)>& onCall)
{
    for (const Tuple& t : tuples) {
        if (!view.records(t.collector) || t.up < t.down) {
            ++m_ignored;
            continue;
        }
        switch (m_pending.add(t)) {
        case PendingCalls::Outcome::Completed:
            ++m_calls;
            onCall(m_pending.completedRow());
            break;
        case PendingCalls::Outcome::Stored:
            break;
        case PendingCalls::Outcome::Duplicate:
        case PendingCalls::Outcome::Late:
            ++m_ignored;
            break;
        }
    }
}

} // namespace xylem
