// HostRuntime's start-up: listening, accepting the paths whose service side is here, connecting
// this host's stubs, waiting for every host. One deadline (the start time-out) bounds all of it:
// a peer that connects and sends nothing, or never comes, fails the start, named.

#include "collectors/allreduce/hostruntime.h"
#include "core/model/lifeline.h"
#include "core/protocol/allreducemessages.h"
#include "core/protocol/handshake.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <future>
#include <poll.h>
#include <thread>

namespace xylem::allreduce {

namespace asio = boost::asio;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

// A connection that says nothing is dropped after this (a port scan, a stray client), so that
// it cannot hold up the paths behind it for the whole start time-out.
constexpr auto kHelloTimeout = std::chrono::seconds(5);

std::string peerOf(const tcp::socket& socket)
{
    boost::system::error_code ec;
    const auto peer = socket.remote_endpoint(ec);
    return ec ? "an unknown peer" : peer.address().to_string() + ":" + std::to_string(peer.port());
}

std::string seconds(Clock::duration d)
{
    return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(d).count()) + " s";
}

// Whether a connection waits on the acceptor before the deadline (polled in slices, so that an
// abandoned start ends soon).
bool connectionBefore(int acceptor, Clock::time_point deadline, const std::atomic<bool>& abandon)
{
    while (!abandon && Clock::now() < deadline) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        pollfd p{acceptor, POLLIN, 0};
        const int n = ::poll(&p, 1, static_cast<int>(std::clamp<long long>(left.count(), 0, 100)));
        if (n > 0 || (n < 0 && errno != EINTR)) {
            return true; // an error is for accept() to report
        }
    }
    return false;
}

// A fixed address (across machines) may not listen yet: its host starts in its own time. Refused
// connections are tried again until the deadline; any other error is final.
Result<tcp::socket> connectUntil(asio::io_context& io, const Address& address,
                                 const std::string& host, Clock::time_point deadline)
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
        socket.open(endpoint.protocol(), ec);
        if (!ec) {
            closeOnExec(socket.native_handle());
            socket.connect(endpoint, ec);
        }
        if (!ec) {
            return socket;
        }
        if (ec != asio::error::connection_refused || Clock::now() > deadline) {
            return makeError(ErrorCode::IoError, "cannot reach host " + host + ": " + ec.message());
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(200));
    }
}

} // namespace

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
        closeOnExec(m_acceptor.native_handle());
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

// The path a connection announces in its hello, if it is one of ours: a proxy whose parent lives
// here, and a proof that the peer holds the run's token (core/protocol/handshake.h; the token
// never crosses the wire). nullopt for garbage, another run's path or a silent peer; a silent
// peer, or one that cannot make the proof, is noted for the message if the start fails. The
// whole handshake is bounded by the hello time-out, and until the proof a frame may be a hello's
// size and no more.
std::optional<HostRuntime::AcceptedPath> HostRuntime::takePath(tcp::socket socket,
                                                               Clock::time_point deadline,
                                                               std::vector<std::string>& refused)
{
    const std::string peer = peerOf(socket);
    FramedSocket framed(std::move(socket));
    framed.limitFrames(protocol::kMaxHelloPayloadBytes);
    const auto helloBy = std::min(deadline, Clock::now() + kHelloTimeout);
    const auto refuse = [&](const std::string& why) -> std::optional<AcceptedPath> {
        if (!why.empty()) {
            refused.push_back(peer + " " + why);
        }
        framed.close();
        return std::nullopt;
    };
    auto frame = framed.receive(helloBy);
    if (!frame) {
        const std::uint16_t version = framed.refusedVersion(); // an older or newer gsum
        return refuse(Clock::now() >= helloBy ? std::string("connected and sent nothing")
                      : version != 0 ? "speaks Xylem wire version " + std::to_string(version) +
                                           ", this host " + std::to_string(protocol::kWireVersion) +
                                           " (refused, and told why)"
                                     : std::string());
    }
    auto hello = frame->type == protocol::MessageType::PathHello
                     ? protocol::decodePathHello(frame->payload)
                     : Result<protocol::PathHelloMessage>(
                           makeError(ErrorCode::MalformedInput, "not a path hello"));
    const int proxy = hello ? static_cast<int>(hello->proxy) : -1;
    const bool ours = hello && hello->tree < static_cast<std::uint32_t>(m_options.trees) &&
                      proxy >= 0 && proxy < m_config.wrapperCount() &&
                      m_config.wrapper(proxy).kind == WrapperKind::Proxy &&
                      m_config.wrapper(m_config.wrapper(proxy).parent).host == m_options.host;
    if (!ours) {
        return refuse("");
    }
    auto server = protocol::ServerHandshake::begin(m_options.token, "gsum", hello->nonce,
                                                   protocol::claimOf(hello.value()));
    if (!server) {
        return refuse("could not be challenged: " + server.error().message);
    }
    const auto challenge =
        protocol::encode(protocol::PathChallengeMessage{server->nonce(), server->proof()});
    if (!framed.send(protocol::MessageType::PathChallenge, challenge)) {
        return refuse("");
    }
    frame = framed.receive(helloBy);
    if (!frame) {
        return refuse(Clock::now() >= helloBy ? "sent its hello and no proof in time"
                                              : "left before its proof: " + frame.error().message);
    }
    auto proof = frame->type == protocol::MessageType::PathProof
                     ? protocol::decodePathProof(frame->payload)
                     : Result<protocol::PathProofMessage>(
                           makeError(ErrorCode::MalformedInput, "not a path proof"));
    if (!proof || !server->clientKnowsToken(proof->proof)) {
        return refuse("does not know the run's token (wrong token)");
    }
    framed.limitFrames(protocol::kMaxPayloadBytes);
    return AcceptedPath{static_cast<int>(hello->tree), proxy, std::move(framed)};
}

// The paths whose service side is here: each connection names its tree and proxy first. A
// connection of another run (without the token), or garbage, is closed and not counted; one
// that says nothing is dropped after kHelloTimeout and named if the start then fails.
Result<std::vector<HostRuntime::AcceptedPath>>
HostRuntime::acceptPaths(size_t expected, Clock::time_point deadline,
                         const std::atomic<bool>& abandon)
{
    std::vector<AcceptedPath> paths;
    std::vector<std::string> refused;
    while (paths.size() < expected) {
        if (!connectionBefore(m_acceptor.native_handle(), deadline, abandon)) {
            std::string message = std::to_string(expected - paths.size()) + " of " +
                                  std::to_string(expected) + " paths to host " + m_options.host +
                                  " did not come within the start time-out (" +
                                  seconds(m_options.startTimeout) + ")";
            for (const std::string& note : refused) {
                message += "; " + note;
            }
            return makeError(ErrorCode::IoError, message);
        }
        boost::system::error_code ec;
        tcp::socket socket(m_io);
        m_acceptor.accept(socket, ec);
        if (ec) {
            return makeError(ErrorCode::IoError, "accepting a path: " + ec.message());
        }
        closeOnExec(socket.native_handle());
        if (auto path = takePath(std::move(socket), deadline, refused)) {
            paths.push_back(std::move(*path));
        }
    }
    return paths;
}

// The stub's side of the handshake: its hello, the host's challenge checked before the stub
// proves anything (a host without the run's token learns nothing it could use), its proof. The
// host answers nothing more: a path it refused ends, and the stub says so when it is used.
Result<Ok> HostRuntime::introducePath(FramedSocket& framed, protocol::PathHelloMessage hello,
                                      const std::string& where, Clock::time_point deadline)
{
    XYLEM_TRY(handshake,
              protocol::ClientHandshake::begin(m_options.token, "gsum", protocol::claimOf(hello)));
    hello.nonce = handshake->nonce();
    XYLEM_TRY(sent, framed.send(protocol::MessageType::PathHello, protocol::encode(hello)));
    framed.limitFrames(protocol::kMaxHelloPayloadBytes); // until the host has proven the token
    auto frame = framed.receive(deadline);
    auto challenge = !frame ? Result<protocol::PathChallengeMessage>(frame.error())
                     : frame->type == protocol::MessageType::PathChallenge
                         ? protocol::decodePathChallenge(frame->payload)
                         : Result<protocol::PathChallengeMessage>(makeError(
                               ErrorCode::MalformedInput,
                               "answered " + std::string(protocol::toString(frame->type))));
    if (!challenge) {
        return makeError(challenge.error().code, where + ": no challenge for path " +
                                                     protocol::claimOf(hello) + ": " +
                                                     challenge.error().message);
    }
    if (!handshake->serverKnowsToken(challenge->nonce, challenge->proof)) {
        return makeError(ErrorCode::IoError,
                         where +
                             " does not know the run's token (or the token given here is wrong)");
    }
    framed.limitFrames(protocol::kMaxPayloadBytes);
    return framed.send(
        protocol::MessageType::PathProof,
        protocol::encode(protocol::PathProofMessage{handshake->proof(challenge->nonce)}));
}

Result<Ok> HostRuntime::connectStubs(Rendezvous& run, Clock::time_point deadline)
{
    for (int tree = 0; tree < m_options.trees; ++tree) {
        for (int proxy = 0; proxy < m_config.wrapperCount(); ++proxy) {
            const auto& p = m_config.wrapper(proxy);
            if (p.kind != WrapperKind::Proxy || p.host != m_options.host) {
                continue;
            }
            const std::string& parentHost = m_config.wrapper(p.parent).host;
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            XYLEM_TRY(address, run.waitForAddress(parentHost, left));
            XYLEM_TRY(socket, connectUntil(m_io, address.value(), parentHost, deadline));
            FramedSocket framed(std::move(socket).value());
            const std::string where =
                "host " + parentHost + " at " + address->ip + ":" + std::to_string(address->port);
            XYLEM_TRY(introduced,
                      introducePath(framed,
                                    protocol::PathHelloMessage{static_cast<std::uint32_t>(tree),
                                                               static_cast<std::uint32_t>(proxy),
                                                               {}},
                                    where, deadline));
            auto stub = std::make_unique<ProxyStub>(pathName(tree, proxy), std::move(framed),
                                                    linkOf(proxy));
            m_stubs.push_back(stub.get());
            m_wrappers[static_cast<size_t>(tree)][static_cast<size_t>(proxy)] = std::move(stub);
        }
    }
    return Ok{};
}

size_t HostRuntime::incomingPaths() const
{
    size_t incoming = 0;
    for (int w = 0; w < m_config.wrapperCount(); ++w) {
        incoming += m_config.wrapper(w).kind == WrapperKind::Proxy &&
                    m_config.wrapper(m_config.wrapper(w).parent).host == m_options.host;
    }
    return incoming * static_cast<size_t>(m_options.trees);
}

Result<std::unique_ptr<HostRuntime>> HostRuntime::start(const Configuration& config,
                                                        const RuntimeOptions& options,
                                                        Rendezvous& run, probe::Probe* probe)
{
    const auto deadline = Clock::now() + options.startTimeout;
    std::unique_ptr<HostRuntime> runtime(new HostRuntime(config, options));
    XYLEM_TRY(listening, runtime->listen());
    const auto local = runtime->m_acceptor.local_endpoint();
    XYLEM_TRY(published,
              run.publishAddress(options.host, Address{local.address().to_string(), local.port()}));
    // Accept while connecting: two hosts may each wait for the other's paths.
    std::atomic<bool> abandon{false};
    auto acceptance = std::async(std::launch::async, [&] {
        return runtime->acceptPaths(runtime->incomingPaths(), deadline, abandon);
    });
    auto connected = runtime->connectStubs(run, deadline);
    abandon = !connected.ok();
    auto accepted = acceptance.get();
    XYLEM_TRY(stubs, std::move(connected));
    XYLEM_TRY(paths, std::move(accepted));
    boost::system::error_code ignored;
    runtime->m_acceptor.close(ignored); // every path is here: the port is of no more use
    runtime->wire(std::move(paths).value(), probe);
    for (auto& service : runtime->m_services) {
        service->start();
    }
    std::vector<std::string> hosts;
    for (const Host& h : config.hosts()) {
        hosts.push_back(h.id);
    }
    XYLEM_TRY(ready, run.markReady(options.host));
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    XYLEM_TRY(all, run.waitForReady(hosts, left));
    return runtime;
}

} // namespace xylem::allreduce
