#include "collectors/allreduce/hostruntime.h"

#include "collectors/allreduce/failure.h"
#include "core/protocol/allreducemessages.h"

namespace xylem::allreduce {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

int childPosition(const Configuration& config, int w)
{
    const auto siblings = config.children(config.wrapper(w).parent);
    return static_cast<int>(std::find(siblings.begin(), siblings.end(), w) - siblings.begin());
}

} // namespace

std::string HostRuntime::pathName(int tree, int proxy) const
{
    const Wrapper& p = m_config.wrapper(proxy);
    return "path of proxy " + p.id + " (tree " + std::to_string(tree) + ", to host " +
           m_config.wrapper(p.parent).host + ")";
}

Result<Ok> checkRunnable(const Configuration& config)
{
    for (int w = 0; w < config.wrapperCount(); ++w) {
        const auto& wrapper = config.wrapper(w);
        if (wrapper.parent < 0) {
            continue;
        }
        const bool crosses = wrapper.host != config.wrapper(wrapper.parent).host;
        if (crosses && wrapper.kind != WrapperKind::Proxy) {
            return makeError(ErrorCode::InvalidConfiguration,
                             "edge to '" + config.wrapper(wrapper.parent).id +
                                 "' crosses hosts without a proxy",
                             "wrapper '" + wrapper.id + "'");
        }
    }
    return Ok{};
}

HostRuntime::HostRuntime(const Configuration& config, RuntimeOptions options)
    : m_config(config)
    , m_options(std::move(options))
    , m_acceptor(m_io)
{
    for (int t : config.threads()) {
        if (config.wrapper(t).host == m_options.host) {
            m_threads.push_back(t);
        }
    }
}

HostRuntime::~HostRuntime()
{
    finish();
}

// The wrapper object for w in a tree, made with its parent first (an edge points at its parent).
RuntimeWrapper* HostRuntime::makeWrapper(int tree, int w)
{
    auto& slots = m_wrappers[static_cast<size_t>(tree)];
    if (slots[static_cast<size_t>(w)]) {
        return slots[static_cast<size_t>(w)].get();
    }
    const auto& wrapper = m_config.wrapper(w);
    const auto edgeUp = [&]() -> std::optional<Edge> {
        if (wrapper.parent < 0) {
            return std::nullopt;
        }
        return Edge(makeWrapper(tree, wrapper.parent), childPosition(m_config, w),
                    static_cast<std::uint32_t>(w));
    };
    switch (wrapper.kind) {
    case WrapperKind::Gred: {
        const int parent = wrapper.parent;
        const bool parentIsProxy =
            parent >= 0 && m_config.wrapper(parent).kind == WrapperKind::Proxy;
        const bool hostTop =
            parent < 0 || parentIsProxy || m_config.wrapper(parent).kind == WrapperKind::Core;
        slots[static_cast<size_t>(w)] = std::make_unique<GredWrapper>(
            static_cast<int>(m_config.children(w).size()), edgeUp(), hostTop, parentIsProxy);
        break;
    }
    case WrapperKind::Core:
        slots[static_cast<size_t>(w)] = std::make_unique<CoreWrapper>();
        break;
    case WrapperKind::Proxy:
    case WrapperKind::Thread:
        break; // stubs come with their connections; threads are callers, not wrappers
    }
    return slots[static_cast<size_t>(w)].get();
}

LinkEmulation HostRuntime::linkOf(int proxy) const
{
    const auto it = m_options.wan.find(m_config.wrapper(proxy).id);
    return it == m_options.wan.end() ? LinkEmulation{} : it->second;
}

// With every stub in place, the rest of the wrappers, the service threads' edges and the
// threads' edges can be made: an edge needs its parent.
void HostRuntime::wire(std::vector<AcceptedPath> paths, probe::Probe* probe)
{
    for (AcceptedPath& path : paths) {
        const int parent = m_config.wrapper(path.proxy).parent;
        const Edge edge(makeWrapper(path.tree, parent), childPosition(m_config, path.proxy),
                        static_cast<std::uint32_t>(path.proxy));
        m_services.push_back(
            std::make_unique<PathService>(pathName(path.tree, path.proxy), std::move(path.socket),
                                          edge, linkOf(path.proxy), probe, m_options.recording));
    }
    for (int tree = 0; tree < m_options.trees; ++tree) {
        for (const int t : m_threads) {
            m_threadEdges[static_cast<size_t>(tree)].emplace(
                t, Edge(makeWrapper(tree, m_config.wrapper(t).parent), childPosition(m_config, t),
                        static_cast<std::uint32_t>(t)));
        }
    }
}

Payload HostRuntime::allreduce(CallContext& context, int threadWrapper, std::int64_t seq,
                               Payload value)
{
    const auto tree =
        static_cast<size_t>(((seq % m_options.trees) + m_options.trees) % m_options.trees);
    return m_threadEdges[tree].at(threadWrapper).cross(context, seq, std::move(value));
}

void HostRuntime::finish()
{
    for (ProxyStub* stub : m_stubs) {
        stub->finish();
    }
    m_stubs.clear();
    for (auto& service : m_services) {
        service->join();
    }
}

} // namespace xylem::allreduce
