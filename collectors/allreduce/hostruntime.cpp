#include "collectors/allreduce/hostruntime.h"

#include "collectors/allreduce/failure.h"
#include "core/protocol/allreducemessages.h"

#include <future>
#include <thread>

namespace xylem::allreduce {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

int childPosition(const Configuration& config, int w)
{
    const auto siblings = config.children(config.wrapper(w).parent);
    return static_cast<int>(std::find(siblings.begin(), siblings.end(), w) - siblings.begin());
}

std::string pathName(const Configuration& config, int tree, int proxy)
{
    const Wrapper& p = config.wrapper(proxy);
    return "path of proxy " + p.id + " (tree " + std::to_string(tree) + ", to host " +
           config.wrapper(p.parent).host + ")";
}

// A fixed address (across machines) may not listen yet: its host starts in its own time. Refused
// connections are tried again until the start time-out; any other error is final.
Result<tcp::socket> connectUntil(asio::io_context& io, const Address& address,
                                 const std::string& host,
                                 std::chrono::steady_clock::time_point deadline)
{
    boost::system::error_code ec;
    const tcp::endpoint endpoint(asio::ip::make_address(address.ip, ec), address.port);
    if (ec) {
        return makeError(ErrorCode::MalformedInput,
                         "bad address of host " + host + ": " + address.ip);
    }
    auto pause = std::chrono::milliseconds(5);
    for (;;) {
        tcp::socket socket(io);
        socket.connect(endpoint, ec);
        if (!ec) {
            return socket;
        }
        if (ec != asio::error::connection_refused || std::chrono::steady_clock::now() > deadline) {
            return makeError(ErrorCode::IoError, "cannot reach host " + host + ": " + ec.message());
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(200));
    }
}

} // namespace

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
    case WrapperKind::Gred:
        slots[static_cast<size_t>(w)] =
            std::make_unique<GredWrapper>(static_cast<int>(m_config.children(w).size()), edgeUp());
        break;
    case WrapperKind::Core:
        slots[static_cast<size_t>(w)] = std::make_unique<CoreWrapper>();
        break;
    case WrapperKind::Proxy:
    case WrapperKind::Thread:
        break; // stubs come with their connections; threads are callers, not wrappers
    }
    return slots[static_cast<size_t>(w)].get();
}

Result<Ok> HostRuntime::listen()
{
    if (auto ok = checkRunnable(m_config); !ok) {
        return ok.error();
    }
    m_wrappers.resize(static_cast<size_t>(m_options.trees));
    for (auto& slots : m_wrappers) {
        slots.resize(static_cast<size_t>(m_config.wrapperCount()));
    }
    m_threadEdges.resize(static_cast<size_t>(m_options.trees));
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(m_options.listenAddress, ec);
    if (!ec) {
        m_acceptor.open(tcp::v4(), ec);
    }
    if (!ec) {
        m_acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
        m_acceptor.bind(tcp::endpoint(address, m_options.listenPort), ec);
    }
    if (!ec) {
        m_acceptor.listen(asio::socket_base::max_listen_connections, ec);
    }
    if (ec) {
        return makeError(ErrorCode::IoError, "cannot listen on " + m_options.listenAddress + ":" +
                                                 std::to_string(m_options.listenPort) + ": " +
                                                 ec.message());
    }
    return Ok{};
}

LinkEmulation HostRuntime::linkOf(int proxy) const
{
    const auto it = m_options.wan.find(m_config.wrapper(proxy).id);
    return it == m_options.wan.end() ? LinkEmulation{} : it->second;
}

// The paths whose service side is here: each connection names its tree and proxy first. A
// connection with another run's token, or garbage, is closed and not counted.
Result<std::vector<HostRuntime::AcceptedPath>> HostRuntime::acceptPaths(size_t expected)
{
    std::vector<AcceptedPath> paths;
    while (paths.size() < expected) {
        boost::system::error_code ec;
        tcp::socket socket(m_io);
        m_acceptor.accept(socket, ec);
        if (ec) {
            return makeError(ErrorCode::IoError, "accepting a path: " + ec.message());
        }
        FramedSocket framed(std::move(socket));
        auto frame = framed.receive();
        if (!frame || frame->type != protocol::MessageType::PathHello) {
            framed.close();
            continue;
        }
        auto hello = protocol::decodePathHello(frame->payload);
        const int proxy = hello ? static_cast<int>(hello->proxy) : -1;
        const bool valid = hello && hello->token == m_options.token &&
                           hello->tree < static_cast<std::uint32_t>(m_options.trees) &&
                           proxy >= 0 && proxy < m_config.wrapperCount() &&
                           m_config.wrapper(proxy).kind == WrapperKind::Proxy &&
                           m_config.wrapper(m_config.wrapper(proxy).parent).host == m_options.host;
        if (!valid) {
            framed.close();
            continue;
        }
        paths.push_back(AcceptedPath{static_cast<int>(hello->tree), proxy, std::move(framed)});
    }
    return paths;
}

Result<Ok> HostRuntime::connectStubs(RunDirectory& run)
{
    for (int tree = 0; tree < m_options.trees; ++tree) {
        for (int proxy = 0; proxy < m_config.wrapperCount(); ++proxy) {
            const auto& p = m_config.wrapper(proxy);
            if (p.kind != WrapperKind::Proxy || p.host != m_options.host) {
                continue;
            }
            const std::string& parentHost = m_config.wrapper(p.parent).host;
            auto address = run.waitForAddress(parentHost, m_options.startTimeout);
            if (!address) {
                return address.error();
            }
            auto socket = connectUntil(m_io, address.value(), parentHost,
                                       std::chrono::steady_clock::now() + m_options.startTimeout);
            if (!socket) {
                return socket.error();
            }
            FramedSocket framed(std::move(socket).value());
            const auto hello = protocol::encode(
                protocol::PathHelloMessage{m_options.token, static_cast<std::uint32_t>(tree),
                                           static_cast<std::uint32_t>(proxy)});
            if (auto ok = framed.send(protocol::MessageType::PathHello, hello); !ok) {
                return ok.error();
            }
            auto stub = std::make_unique<ProxyStub>(pathName(m_config, tree, proxy),
                                                    std::move(framed), linkOf(proxy));
            m_stubs.push_back(stub.get());
            m_wrappers[static_cast<size_t>(tree)][static_cast<size_t>(proxy)] = std::move(stub);
        }
    }
    return Ok{};
}

// With every stub in place, the rest of the wrappers, the service threads' edges and the
// threads' edges can be made: an edge needs its parent.
void HostRuntime::wire(std::vector<AcceptedPath> paths, probe::Probe* probe)
{
    for (AcceptedPath& path : paths) {
        const int parent = m_config.wrapper(path.proxy).parent;
        const Edge edge(makeWrapper(path.tree, parent), childPosition(m_config, path.proxy),
                        static_cast<std::uint32_t>(path.proxy));
        m_services.push_back(std::make_unique<PathService>(
            pathName(m_config, path.tree, path.proxy), std::move(path.socket), edge,
            linkOf(path.proxy), probe, m_options.recording));
    }
    for (int tree = 0; tree < m_options.trees; ++tree) {
        for (const int t : m_threads) {
            m_threadEdges[static_cast<size_t>(tree)].emplace(
                t, Edge(makeWrapper(tree, m_config.wrapper(t).parent), childPosition(m_config, t),
                        static_cast<std::uint32_t>(t)));
        }
    }
}

Result<std::unique_ptr<HostRuntime>> HostRuntime::start(const Configuration& config,
                                                        const RuntimeOptions& options,
                                                        RunDirectory& run, probe::Probe* probe)
{
    std::unique_ptr<HostRuntime> runtime(new HostRuntime(config, options));
    if (auto ok = runtime->listen(); !ok) {
        return ok.error();
    }
    const auto local = runtime->m_acceptor.local_endpoint();
    if (auto ok =
            run.publishAddress(options.host, Address{local.address().to_string(), local.port()});
        !ok) {
        return ok.error();
    }
    size_t incoming = 0;
    for (int w = 0; w < config.wrapperCount(); ++w) {
        incoming += config.wrapper(w).kind == WrapperKind::Proxy &&
                    config.wrapper(config.wrapper(w).parent).host == options.host;
    }
    incoming *= static_cast<size_t>(options.trees);
    // Accept while connecting: two hosts may each wait for the other's paths. A host that never
    // connects (it died starting) must not leave this one waiting forever.
    auto acceptance =
        std::async(std::launch::async, [&] { return runtime->acceptPaths(incoming); });
    auto connected = runtime->connectStubs(run);
    if (!connected || acceptance.wait_for(options.startTimeout) != std::future_status::ready) {
        boost::system::error_code ignored;
        runtime->m_acceptor.close(ignored); // ends the accepting thread
    }
    auto accepted = acceptance.get();
    if (!connected) {
        return connected.error();
    }
    if (!accepted) {
        return accepted.error();
    }
    runtime->wire(std::move(accepted).value(), probe);
    for (auto& service : runtime->m_services) {
        service->start();
    }
    std::vector<std::string> hosts;
    for (const Host& h : config.hosts()) {
        hosts.push_back(h.id);
    }
    if (auto ok = run.markReady(options.host); !ok) {
        return ok.error();
    }
    if (auto ok = run.waitForReady(hosts, options.startTimeout); !ok) {
        return ok.error();
    }
    return runtime;
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
