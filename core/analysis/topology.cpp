#include "core/analysis/topology.h"

#include <utility>

namespace xylem {

Topology::Topology(Configuration config)
    : m_config(std::move(config))
    , m_gredSlot(static_cast<size_t>(m_config.wrapperCount()), -1)
    , m_threadSlot(static_cast<size_t>(m_config.wrapperCount()), -1)
    , m_childPosition(static_cast<size_t>(m_config.wrapperCount()), 0)
{
    for (int w = 0; w < m_config.wrapperCount(); ++w) {
        const auto children = m_config.children(w);
        for (size_t i = 0; i < children.size(); ++i) {
            m_childPosition[static_cast<size_t>(children[i])] = static_cast<int>(i);
        }
        switch (m_config.wrapper(w).kind) {
        case WrapperKind::Gred:
            m_gredSlot[static_cast<size_t>(w)] = static_cast<int>(m_greds.size());
            m_greds.push_back(
                GredTopology{w, w == m_config.root(), {children.begin(), children.end()}});
            break;
        case WrapperKind::Proxy:
            m_proxies.push_back(SingleChildTopology{w, children.front()});
            break;
        case WrapperKind::Core:
            m_cores.push_back(SingleChildTopology{w, children.front()});
            break;
        case WrapperKind::Thread:
            break;
        }
    }
    for (int t : m_config.threads()) {
        ThreadTopology thread{t, m_config.pathToRoot(t), {}};
        for (int w : thread.path) {
            if (!thread.signature.empty()) {
                thread.signature += '>';
            }
            thread.signature += toString(m_config.wrapper(w).kind);
        }
        m_threadSlot[static_cast<size_t>(t)] = static_cast<int>(m_threads.size());
        m_threads.push_back(std::move(thread));
    }
}

} // namespace xylem
