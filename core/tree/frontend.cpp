#include "core/tree/frontend.h"

#include "core/tree/addressfile.h"
#include "core/tree/attachlocate.h"
#include "core/tree/innernode.h"
#include "core/tree/listenaddress.h"
#include "core/tree/token.h"
#include "core/tree/upstream.h"

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <condition_variable>
#include <deque>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace xylem::tree {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

class FrontEnd::Impl final : public Upstream
{
public:
    explicit Impl(FrontEndOptions options)
        : m_options(std::move(options))
        , m_token(makeToken())
        , m_inner(m_io, m_options.topology, 0, m_token, m_options.launch.leavesAttach, *this,
                  m_filters, [this](const std::string& line) { log(line); })
        , m_spawner(m_options.launch.launcher)
    {
        if (!m_options.log) {
            m_options.log = [](const std::string&) {
            };
        }
    }

    ~Impl() override { stop(); }

    Result<Ok> start()
    {
        const auto began = Clock::now();
        XYLEM_TRY(port, listen());
        m_thread = std::thread([this] { m_io.run(); });
        (void)runOnIo([&]() -> Result<Ok> {
            m_port = port.value();
            auto launched = launchChildren(m_spawner, m_options.topology, 0, m_options.launch,
                                           m_advertised, port.value(), m_token, &m_children);
            if (!launched) {
                log(launched.error().message);
            }
            m_inner.awaitChildren(m_options.startTimeout,
                                  {NodeAddress{0, m_advertised, port.value()}});
            if (m_options.slowAfter != kSlowAfter) {
                m_inner.control(
                    ControlMessage{kSlowAfterCommand, std::to_string(m_options.slowAfter.count())});
            }
            m_slowAfter = m_inner.slowAfter();
            return Ok{};
        });
        std::unique_lock lock(m_mutex);
        if (!m_changed.wait_for(lock, m_options.startTimeout + std::chrono::seconds(1),
                                [&] { return m_ready.has_value(); })) {
            return makeError(ErrorCode::IoError, "the tree did not start in time");
        }
        m_startup.latency =
            std::chrono::duration_cast<std::chrono::microseconds>(m_readyAt - began);
        m_startup.nodesUp = m_ready->nodes;
        m_startup.missing = m_ready->missing;
        if (!m_options.addressFile.empty() || m_options.launch.leavesAttach) {
            const std::string path =
                m_options.addressFile.empty() ? "xylem-tree.address" : m_options.addressFile;
            if (auto ok = writeAddressFile(path, *m_book); !ok) {
                return ok.error();
            }
        }
        return Ok{};
    }

    // Binds where --listen says, and answers collectors that attach by this address.
    Result<std::uint16_t> listen()
    {
        XYLEM_TRY(choice, chooseListen(m_options.listen,
                                       childHosts(m_options.topology, 0, m_options.launch)));
        XYLEM_TRY(port, m_inner.listen(choice->bind, 0));
        m_advertised = choice->advertise;
        log("listening on " + toString(HostPort{choice->bind, port.value()}) + ", advertised as " +
            m_advertised + " (" + choice->why + ")");
        m_inner.answerLocates([this](std::shared_ptr<Connection> connection) {
            answerLocate(
                m_io, std::move(connection),
                [this](const TreeLocateMessage& request) { return locate(request); },
                [this](const std::string& line) { log(line); });
        });
        return port;
    }

    Result<TreeLocatedMessage> locate(const TreeLocateMessage& request)
    {
        std::lock_guard lock(m_mutex);
        if (!m_book) {
            return makeError(ErrorCode::Busy, "the tree is still starting");
        }
        return locateIn(*m_book, request);
    }

    void stop()
    {
        if (m_stopped.exchange(true)) {
            return;
        }
        (void)runOnIo([&]() -> Result<Ok> {
            m_inner.shutdown();
            return Ok{};
        });
        // Let the Shutdown frames leave before the sockets close.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        m_io.stop();
        if (m_thread.joinable()) {
            m_thread.join();
        }
        m_spawner.stopAll();
    }

    // Runs f on the io thread and waits for its result.
    Result<Ok> runOnIo(std::function<Result<Ok>()> f)
    {
        if (!m_thread.joinable() || m_io.stopped()) {
            return makeError(ErrorCode::IoError, "the tree is not running");
        }
        std::promise<Result<Ok>> done;
        auto result = done.get_future();
        asio::post(m_io, [&] { done.set_value(f()); });
        if (result.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
            return makeError(ErrorCode::IoError, "the tree's thread does not answer");
        }
        return result.get();
    }

    // Upstream: called on the io thread.
    void wave(WaveDataMessage m) override
    {
        std::lock_guard lock(m_mutex);
        auto it = m_streams.find(m.stream);
        if (it == m_streams.end()) {
            return;
        }
        Wave wave{m.stream, m.wave, std::move(m.batch), std::move(m.missing)};
        if (it->second.arrivals) {
            it->second.arrived.push_back(std::move(wave));
        } else {
            it->second.done.emplace(m.wave, std::move(wave));
        }
        m_changed.notify_all();
    }
    void subtreeReady(SubtreeReadyMessage m) override
    {
        std::lock_guard lock(m_mutex);
        m_readyAt = Clock::now();
        m_book = AddressBook{m_token, m.listening, m_options.topology};
        m_ready = std::move(m);
        m_changed.notify_all();
    }
    void nodesLost(NodesMessage m) override { event(TreeEvent::Kind::Lost, std::move(m)); }
    void nodesJoined(NodesMessage m) override { event(TreeEvent::Kind::Joined, std::move(m)); }
    void nodesSlow(NodesMessage m) override { event(TreeEvent::Kind::Slow, std::move(m)); }
    void nodesBack(NodesMessage m) override { event(TreeEvent::Kind::Back, std::move(m)); }
    void clockReport(ClockReportMessage m) override
    {
        std::lock_guard lock(m_mutex);
        for (const ClockOffset& o : m.offsets) {
            m_offsets[o.node] = o;
            ++m_clockReports;
        }
        m_changed.notify_all();
    }

    void event(TreeEvent::Kind kind, NodesMessage m)
    {
        static constexpr const char* kWords[] = {"lost: ", "joined: ", "slow: ", "back: "};
        log(kWords[static_cast<int>(kind)] + m.reason);
        std::lock_guard lock(m_mutex);
        for (const std::uint32_t n : m.nodes) {
            if (kind == TreeEvent::Kind::Lost) {
                m_lostNodes.insert(n);
            } else if (kind == TreeEvent::Kind::Joined) {
                m_lostNodes.erase(n);
            }
        }
        m_events.push_back(TreeEvent{kind, std::move(m.nodes), std::move(m.reason), Clock::now()});
        m_changed.notify_all();
    }

    void log(const std::string& line) { m_options.log(line); }

    struct StreamQueue
    {
        std::uint64_t pulled = 0; // waves asked for: 0 .. pulled-1
        std::uint64_t taken = 0;  // waves (arrivals, for do-not-wait) handed out by next()
        std::map<std::uint64_t, Wave> done;
        // Do-not-wait: every arrival is passed on by itself, in the order it came.
        bool arrivals = false;
        std::deque<Wave> arrived;
    };

    FrontEndOptions m_options;
    std::string m_token;
    asio::io_context m_io;
    gather::FilterRegistry m_filters;
    InnerNode m_inner;
    Spawner m_spawner;
    std::thread m_thread;
    std::atomic<bool> m_stopped{false};
    std::uint16_t m_port = 0;
    std::string m_advertised; // where children connect: written before the io thread starts
    std::chrono::milliseconds m_slowAfter{0}; // written on the io thread before start() returns
    std::vector<std::pair<std::uint32_t, pid_t>>
        m_children; // written on the io thread before start() returns

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::optional<SubtreeReadyMessage> m_ready;
    std::optional<AddressBook> m_book; // what the address file says: once the tree is up
    Clock::time_point m_readyAt;
    StartupReport m_startup;
    std::map<std::uint32_t, StreamQueue> m_streams;
    std::map<std::uint32_t, ClockOffset> m_offsets;
    std::uint64_t m_clockReports = 0;
    std::vector<TreeEvent> m_events;
    std::set<std::uint32_t> m_lostNodes;
};

Result<std::unique_ptr<FrontEnd>> FrontEnd::start(FrontEndOptions options)
{
    if (options.topology.nodes.empty()) {
        return makeError(ErrorCode::InvalidArgument, "an empty topology");
    }
    auto impl = std::make_unique<Impl>(std::move(options));
    if (auto ok = impl->start(); !ok) {
        impl->stop();
        return ok.error();
    }
    return std::unique_ptr<FrontEnd>(new FrontEnd(std::move(impl)));
}

FrontEnd::FrontEnd(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{
}

FrontEnd::~FrontEnd() = default;

const StartupReport& FrontEnd::startup() const
{
    return m_impl->m_startup;
}

const gather::Topology& FrontEnd::topology() const
{
    return m_impl->m_options.topology;
}

std::uint16_t FrontEnd::listenPort() const
{
    return m_impl->m_port;
}

const std::string& FrontEnd::listenAddress() const
{
    return m_impl->m_advertised;
}

std::chrono::milliseconds FrontEnd::slowAfter() const
{
    return m_impl->m_slowAfter;
}

pid_t FrontEnd::childProcess(std::uint32_t node) const
{
    for (const auto& [n, pid] : m_impl->m_children) {
        if (n == node) {
            return pid;
        }
    }
    return 0;
}

Result<Ok> FrontEnd::openStream(const StreamSpec& spec)
{
    {
        std::lock_guard lock(m_impl->m_mutex);
        m_impl->m_streams[spec.id] = Impl::StreamQueue{};
        m_impl->m_streams[spec.id].arrivals = spec.sync.mode == gather::SyncMode::DoNotWait;
    }
    return m_impl->runOnIo([&] { return m_impl->m_inner.openStream(spec); });
}

void FrontEnd::closeStream(std::uint32_t stream)
{
    (void)m_impl->runOnIo([&]() -> Result<Ok> {
        m_impl->m_inner.closeStream(stream);
        return Ok{};
    });
    std::lock_guard lock(m_impl->m_mutex);
    m_impl->m_streams.erase(stream);
}

Result<Ok> FrontEnd::pull(std::uint32_t stream, std::uint32_t count,
                          std::chrono::milliseconds timeout)
{
    PullMessage pull{stream, 0, count};
    {
        std::unique_lock lock(m_impl->m_mutex);
        const auto it = m_impl->m_streams.find(stream);
        if (it == m_impl->m_streams.end()) {
            return makeError(ErrorCode::InvalidArgument,
                             "stream " + std::to_string(stream) + " is not open");
        }
        const std::uint64_t window = std::max<std::uint32_t>(m_impl->m_options.window, count);
        const std::uint64_t perWave =
            it->second.arrivals ? m_impl->m_options.topology.leaves().size() : 1;
        auto room = [&] {
            const auto q = m_impl->m_streams.find(stream);
            return q == m_impl->m_streams.end() ||
                   (q->second.pulled + count) * perWave <= window * perWave + q->second.taken;
        };
        if (!m_impl->m_changed.wait_for(lock, timeout, room)) {
            return makeError(ErrorCode::IoError, "the consumer is behind: the window of stream " +
                                                     std::to_string(stream) + " stayed full");
        }
        auto& q = m_impl->m_streams[stream];
        pull.firstWave = q.pulled;
        q.pulled += count;
    }
    return m_impl->runOnIo([&]() -> Result<Ok> {
        m_impl->m_inner.pull(pull);
        return Ok{};
    });
}

Result<Wave> FrontEnd::next(std::uint32_t stream, std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_impl->m_mutex);
    auto ready = [&] {
        const auto q = m_impl->m_streams.find(stream);
        return q == m_impl->m_streams.end() || q->second.done.contains(q->second.taken) ||
               !q->second.arrived.empty();
    };
    if (!m_impl->m_changed.wait_for(lock, timeout, ready)) {
        return makeError(ErrorCode::IoError,
                         "no complete wave of stream " + std::to_string(stream) + " in time");
    }
    const auto q = m_impl->m_streams.find(stream);
    if (q == m_impl->m_streams.end()) {
        return makeError(ErrorCode::InvalidArgument,
                         "stream " + std::to_string(stream) + " is not open");
    }
    m_impl->m_changed.notify_all(); // room in the window
    if (q->second.arrivals) {
        Wave wave = std::move(q->second.arrived.front());
        q->second.arrived.pop_front();
        ++q->second.taken;
        return wave;
    }
    auto node = q->second.done.extract(q->second.taken++);
    return std::move(node.mapped());
}

void FrontEnd::control(const ControlMessage& control)
{
    (void)m_impl->runOnIo([&]() -> Result<Ok> {
        m_impl->m_inner.control(control);
        return Ok{};
    });
}

Result<std::vector<ClockOffset>> FrontEnd::measureClocks(std::chrono::milliseconds timeout)
{
    std::uint64_t before = 0;
    {
        std::lock_guard lock(m_impl->m_mutex);
        before = m_impl->m_clockReports;
    }
    (void)m_impl->runOnIo([&]() -> Result<Ok> {
        m_impl->m_inner.measureClocks();
        return Ok{};
    });
    std::unique_lock lock(m_impl->m_mutex);
    const std::uint64_t lost = m_impl->m_lostNodes.size() + m_impl->m_startup.missing.size();
    const std::uint64_t expected = m_impl->m_startup.nodesUp - 1 -
                                   std::min<std::uint64_t>(lost, m_impl->m_startup.nodesUp - 1);
    if (!m_impl->m_changed.wait_for(lock, timeout,
                                    [&] { return m_impl->m_clockReports - before >= expected; })) {
        return makeError(ErrorCode::IoError,
                         "not every node answered the clock measurement in time");
    }
    std::vector<ClockOffset> out;
    for (const auto& [node, offset] : m_impl->m_offsets) {
        out.push_back(offset);
    }
    return out;
}

std::vector<ClockOffset> FrontEnd::clockOffsets() const
{
    std::lock_guard lock(m_impl->m_mutex);
    std::vector<ClockOffset> out;
    for (const auto& [node, offset] : m_impl->m_offsets) {
        out.push_back(offset);
    }
    return out;
}

std::vector<TreeEvent> FrontEnd::takeEvents()
{
    std::lock_guard lock(m_impl->m_mutex);
    return std::exchange(m_impl->m_events, {});
}

void FrontEnd::shutdown()
{
    m_impl->stop();
}

} // namespace xylem::tree
