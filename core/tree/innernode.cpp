#include "core/tree/innernode.h"

#include <algorithm>
#include <charconv>

namespace xylem::tree {

namespace asio = boost::asio;
using protocol::MessageType;

InnerNode::InnerNode(asio::io_context& io, const gather::Topology& topology, std::uint32_t self,
                     std::string token, bool leavesAttach, Upstream& up,
                     gather::FilterRegistry& filters, std::function<void(const std::string&)> log)
    : m_io(io)
    , m_topology(topology)
    , m_self(self)
    , m_up(up)
    , m_filters(filters)
    , m_log(std::move(log))
    , m_children(io, topology, self, std::move(token), leavesAttach,
                 Downstream::Events{
                     [this](std::uint32_t slot, protocol::Frame& f) { onFrame(slot, f); },
                     [this](std::uint32_t slot) { onJoined(slot); },
                     [this](std::uint32_t slot, const std::string& why) { onLost(slot, why); },
                     m_log})
    , m_clocks(m_children.childSlots())
    , m_live(m_children.childSlots(), false)
    , m_watch(m_children.childSlots())
    , m_ready(m_children.childSlots())
    , m_startupTimer(io)
    , m_expiryTimer(io)
    , m_watchTimer(io)
{
    setSlowAfter(kSlowAfter);
    m_lastWatch = std::chrono::steady_clock::now();
    startWatch();
    if (leavesAttach) {
        for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
            if (topology.nodes[m_children.nodeOf(slot)].role == gather::NodeRole::Leaf) {
                m_ready[slot] = SubtreeReadyMessage{
                    m_children.nodeOf(slot), 0, {}, {}}; // joins later, by itself
            }
        }
    }
}

Result<std::uint16_t> InnerNode::listen(const std::string& address, std::uint16_t port)
{
    return m_children.listen(address, port);
}

std::vector<std::uint32_t> InnerNode::subtreeOf(std::uint32_t slot) const
{
    return m_topology.subtree(m_children.nodeOf(slot));
}

void InnerNode::onFrame(std::uint32_t slot, protocol::Frame& frame)
{
    auto bad = [&](const Error& e) {
        m_log(m_topology.nodes[m_children.nodeOf(slot)].name() + ": " + e.message);
    };
    switch (frame.type) {
    case MessageType::WaveData:
        if (auto m = decodeWaveData(frame.payload)) {
            onWave(slot, std::move(m).value());
        } else {
            bad(m.error());
        }
        return;
    case MessageType::SubtreeReady:
        if (auto m = decodeSubtreeReady(frame.payload)) {
            onChildReady(slot, m.value());
        } else {
            bad(m.error());
        }
        return;
    case MessageType::NodesLost:
    case MessageType::NodesJoined:
    case MessageType::NodesSlow:
    case MessageType::NodesBack:
        if (auto m = decodeNodes(frame.payload)) {
            forwardNodes(frame.type, std::move(m).value());
        } else {
            bad(m.error());
        }
        return;
    case MessageType::ClockReport:
        if (auto m = decodeClockReport(frame.payload)) {
            onChildClockReport(slot, std::move(m).value());
        } else {
            bad(m.error());
        }
        return;
    case MessageType::Pong:
        if (auto m = decodePong(frame.payload)) {
            onPong(slot, m.value());
        } else {
            bad(m.error());
        }
        return;
    default:
        bad(makeError(ErrorCode::MalformedInput, "unexpected " +
                                                     std::string(protocol::toString(frame.type)) +
                                                     " from a child; ignored"));
    }
}

void InnerNode::forwardNodes(MessageType type, NodesMessage m)
{
    switch (type) {
    case MessageType::NodesLost:
        return m_up.nodesLost(std::move(m));
    case MessageType::NodesJoined:
        return m_up.nodesJoined(std::move(m));
    case MessageType::NodesSlow:
        return m_up.nodesSlow(std::move(m));
    default:
        return m_up.nodesBack(std::move(m));
    }
}

void InnerNode::onJoined(std::uint32_t slot)
{
    const bool again = m_startupDone || m_ready[slot].has_value();
    m_live[slot] = true;
    resetWatch(slot);
    if (m_slowAfterBase != kSlowAfter &&
        m_topology.nodes[m_children.nodeOf(slot)].role != gather::NodeRole::Leaf) {
        m_children.send(
            slot, MessageType::Control,
            encode(ControlMessage{kSlowAfterCommand, std::to_string(m_slowAfterBase.count())}));
    }
    for (auto& [id, stream] : m_streams) {
        stream.assembler.childRejoined(slot);
        m_children.send(slot, MessageType::OpenStream, encode(stream.spec));
    }
    restartClock(slot);
    ping(slot);
    if (again) {
        m_up.nodesJoined(NodesMessage{subtreeOf(slot), "rejoined"});
    }
}

void InnerNode::onLost(std::uint32_t slot, const std::string& reason)
{
    m_live[slot] = false;
    resetWatch(slot);
    const std::string name = m_topology.nodes[m_children.nodeOf(slot)].name();
    m_log(name + " lost: " + reason);
    for (auto& [id, stream] : m_streams) {
        deliver(stream, stream.assembler.childLost(slot));
        if (!stream.sequential.empty() && stream.sequentialChild == slot) {
            ++stream.sequentialChild;
            sendSequentialPull(stream);
        }
    }
    m_up.nodesLost(NodesMessage{subtreeOf(slot), name + ": " + reason});
    if (!m_startupDone && !m_ready[slot]) {
        m_ready[slot] = SubtreeReadyMessage{m_children.nodeOf(slot), 0, subtreeOf(slot), {}};
        onChildReady(slot, *m_ready[slot]);
    }
}

namespace {

// Levels of inner nodes at and below `node` (1 for a node whose children are leaves).
std::uint32_t innerLevels(const gather::Topology& topology, std::uint32_t node)
{
    std::uint32_t below = 0;
    for (const std::uint32_t child : topology.nodes[node].children) {
        below = std::max(below, innerLevels(topology, child));
    }
    return topology.nodes[node].children.empty() ? 0 : below + 1;
}

// Late batches of a stream of increments (each batch new tuples or samples) are carried into
// the next wave: dropping them would lose data. A stream of totals or states (ring counts,
// monitor states, the tree's own test sources) drops them: the child's next batch says more.
gather::LatePolicy latePolicyOf(const SourceSpec& source)
{
    for (const char* increments : {"ring-tuples", "system-samples", "synthetic-tuples"}) {
        if (source.name == increments) {
            return gather::LatePolicy::Carry;
        }
    }
    return gather::LatePolicy::Drop;
}

// A time-out counts at the nodes just above the leaves; each level above waits a grace longer,
// so that a partial wave passed up at its child's deadline still makes it into this one's.
gather::SyncSpec syncAt(const gather::Topology& topology, std::uint32_t node, gather::SyncSpec sync)
{
    if (sync.mode == gather::SyncMode::TimeOut) {
        const auto grace = sync.timeout / 10 + std::chrono::milliseconds(5);
        sync.timeout += grace * (innerLevels(topology, node) - 1);
    }
    return sync;
}

} // namespace

void InnerNode::setSlowAfter(std::chrono::milliseconds base)
{
    m_slowAfterBase = base;
    const auto levels = std::max<std::uint32_t>(innerLevels(m_topology, m_self), 1);
    m_slowAfter = base + base / 2 * (levels - 1);
}

Result<Ok> InnerNode::openStream(const StreamSpec& spec)
{
    auto filter = m_filters.resolve(spec.filter);
    if (!filter) {
        return filter.error();
    }
    m_streams.erase(spec.id);
    Stream& stream =
        m_streams
            .emplace(spec.id,
                     Stream{spec,
                            filter.value(),
                            gather::WaveAssembler(syncAt(m_topology, m_self, spec.sync),
                                                  m_children.childSlots(), latePolicyOf(spec.source)),
                            {},
                            0,
                            {},
                            std::vector<std::uint64_t>(m_children.childSlots(), 0)})
            .first->second;
    for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
        if (!counted(slot)) {
            (void)stream.assembler.childLost(slot);
        }
    }
    m_children.multicast(MessageType::OpenStream, encode(spec));
    return Ok{};
}

void InnerNode::closeStream(std::uint32_t stream)
{
    m_streams.erase(stream);
    m_children.multicast(MessageType::CloseStream, encode(CloseStreamMessage{stream}));
}

void InnerNode::pull(const PullMessage& pull)
{
    const auto it = m_streams.find(pull.stream);
    if (it == m_streams.end()) {
        m_log("pull of stream " + std::to_string(pull.stream) + ", which is not open; ignored");
        return;
    }
    Stream& stream = it->second;
    // The waves exist from now on: those with nobody to wait for go up at once, in order.
    deliver(stream, stream.assembler.requested(pull.firstWave, pull.count));
    if (stream.spec.gathering == Gathering::Parallel) {
        for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
            if (counted(slot)) {
                sendPull(stream, slot, pull);
            }
        }
    } else {
        stream.sequential.push_back(pull);
        if (stream.sequential.size() == 1) {
            stream.sequentialChild = 0;
            sendSequentialPull(stream);
        }
    }
    if (stream.spec.sync.mode == gather::SyncMode::DoNotWait && !anyCounted()) {
        // Nobody below to wait for: the waves are complete (and empty) now.
        for (std::uint64_t w = pull.firstWave; w < pull.firstWave + pull.count; ++w) {
            WaveDataMessage empty{pull.stream, w, m_topology.subtree(m_self), {}};
            empty.batch.contributors = 0;
            m_up.wave(std::move(empty));
        }
    }
}

void InnerNode::sendSequentialPull(Stream& stream)
{
    while (!stream.sequential.empty()) {
        while (stream.sequentialChild < m_children.childSlots() && !counted(stream.sequentialChild)) {
            ++stream.sequentialChild;
        }
        if (stream.sequentialChild < m_children.childSlots()) {
            sendPull(stream, stream.sequentialChild, stream.sequential.front());
            return;
        }
        stream.sequential.pop_front();
        stream.sequentialChild = 0;
    }
}

void InnerNode::advanceSequential(Stream& stream, std::uint32_t slot, std::uint64_t wave)
{
    if (stream.sequential.empty() || slot != stream.sequentialChild) {
        return;
    }
    const PullMessage& current = stream.sequential.front();
    if (wave + 1 == current.firstWave + current.count) {
        ++stream.sequentialChild;
        sendSequentialPull(stream);
    }
}

void InnerNode::onWave(std::uint32_t slot, WaveDataMessage message)
{
    const auto it = m_streams.find(message.stream);
    if (it == m_streams.end()) {
        return; // closed meanwhile
    }
    Stream& stream = it->second;
    const std::uint64_t wave = message.wave;
    delivered(stream, slot);
    // (A late batch's own missing nodes are no news: it is carried or dropped.)
    if (!message.missing.empty() && !stream.assembler.isPassed(wave)) {
        auto& missing = stream.missing[wave];
        missing.insert(missing.end(), message.missing.begin(), message.missing.end());
    }
    const std::uint64_t late = stream.assembler.lateBatches();
    const std::uint64_t carried = stream.assembler.carriedBatches();
    deliver(stream, stream.assembler.arrive(slot, wave, std::move(message.batch),
                                            std::chrono::steady_clock::now()));
    heardFrom(slot, stream, late, carried);
    if (stream.spec.gathering == Gathering::Sequential) {
        advanceSequential(stream, slot, wave);
    }
    if (stream.spec.sync.mode == gather::SyncMode::TimeOut) {
        scheduleExpiry();
    }
}

void InnerNode::deliver(Stream& stream, std::vector<gather::ReadyWave> ready)
{
    for (gather::ReadyWave& wave : ready) {
        WaveDataMessage up{stream.spec.id, wave.wave, {}, {}};
        if (const auto m = stream.missing.find(wave.wave); m != stream.missing.end()) {
            up.missing = std::move(m->second);
            stream.missing.erase(m);
        }
        for (const std::uint32_t slot : wave.missing) {
            const auto below = subtreeOf(slot);
            up.missing.insert(up.missing.end(), below.begin(), below.end());
        }
        // A batch from nobody (a child whose own children were all slow or lost, a leaf whose
        // source failed) holds nothing, and no kind a filter could take with the rest.
        std::erase_if(wave.batches, [](const gather::Batch& b) { return b.contributors == 0; });
        if (wave.batches.empty()) { // nobody delivered: nothing to reduce
            up.batch.contributors = 0;
            m_up.wave(std::move(up));
            continue;
        }
        auto reduced = stream.filter(wave.batches, stream.spec.filter.arguments);
        if (reduced) {
            up.batch = std::move(reduced).value();
        } else {
            m_log("stream " + std::to_string(stream.spec.id) + ", wave " +
                  std::to_string(wave.wave) + ": " + reduced.error().message +
                  "; the wave goes up empty");
            up.batch.contributors = 0;
            up.missing = m_topology.subtree(m_self);
        }
        m_up.wave(std::move(up));
    }
}

void InnerNode::scheduleExpiry()
{
    std::optional<gather::SteadyTime> next;
    for (const auto& [id, stream] : m_streams) {
        if (const auto d = stream.assembler.nextDeadline(); d && (!next || *d < *next)) {
            next = d;
        }
    }
    if (!next) {
        return;
    }
    m_expiryTimer.expires_at(*next);
    m_expiryTimer.async_wait([this](const boost::system::error_code& ec) {
        if (ec) {
            return;
        }
        const auto now = std::chrono::steady_clock::now();
        for (auto& [id, stream] : m_streams) {
            deliver(stream, stream.assembler.expire(now));
        }
        scheduleExpiry();
    });
}

void InnerNode::control(const ControlMessage& control)
{
    if (control.command == kSlowAfterCommand) {
        std::int64_t ms = 0;
        const auto& text = control.argument;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), ms);
        if (ec != std::errc() || end != text.data() + text.size() || ms < 1 || ms > 3'600'000) {
            m_log(std::string(kSlowAfterCommand) + " '" + text + "': not 1 to 3600000 ms; ignored");
        } else {
            setSlowAfter(std::chrono::milliseconds(ms));
        }
    }
    m_children.multicast(MessageType::Control, encode(control));
}

void InnerNode::shutdown()
{
    m_children.multicast(MessageType::Shutdown, {});
    m_startupTimer.cancel();
    m_expiryTimer.cancel();
    m_watchTimer.cancel();
}

} // namespace xylem::tree
