#include "core/tree/treemessages.h"

#include "core/gather/batchcodec.h"
#include "core/protocol/bytes.h"

#include <algorithm>
#include <array>

namespace xylem::tree {

using protocol::ByteReader;
using protocol::ByteWriter;

namespace {

constexpr size_t kMaxName = 4096;
constexpr size_t kMaxDocument = 16u << 20; // a topology of many thousand nodes
constexpr std::uint32_t kMaxArguments = 1u << 20;
constexpr std::uint32_t kMaxPullCount = 1u << 20;

template <typename Message> Result<Message> finish(const ByteReader& r, Message m, const char* what)
{
    if (!r.ok() || !r.atEnd()) {
        return makeError(ErrorCode::MalformedInput, std::string("malformed ") + what + " message");
    }
    return m;
}

void putIndices(ByteWriter& w, const std::vector<std::uint32_t>& v)
{
    w.u32(static_cast<std::uint32_t>(v.size()));
    for (const std::uint32_t x : v) {
        w.u32(x);
    }
}

std::vector<std::uint32_t> getIndices(ByteReader& r)
{
    const std::uint32_t n = r.count(4);
    std::vector<std::uint32_t> v(n);
    for (auto& x : v) {
        x = r.u32();
    }
    return v;
}

void putArguments(ByteWriter& w, const std::vector<std::int64_t>& v)
{
    w.u32(static_cast<std::uint32_t>(v.size()));
    for (const std::int64_t x : v) {
        w.i64(x);
    }
}

std::vector<std::int64_t> getArguments(ByteReader& r)
{
    const std::uint32_t n = r.count(8);
    if (n > kMaxArguments) {
        r.fail();
        return {};
    }
    std::vector<std::int64_t> v(n);
    for (auto& x : v) {
        x = r.i64();
    }
    return v;
}

} // namespace

std::string claimOf(const TreeHelloMessage& m)
{
    return "tree node " + std::to_string(m.node);
}

std::vector<std::uint8_t> encode(const TreeHelloMessage& m)
{
    ByteWriter w;
    w.u32(m.node);
    w.bytes(m.nonce);
    return w.take();
}

Result<TreeHelloMessage> decodeTreeHello(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    TreeHelloMessage m;
    m.node = r.u32();
    m.nonce = r.fixed<32>();
    return finish(r, m, "TreeHello");
}


std::vector<std::uint8_t> encode(const TreeWelcomeMessage& m)
{
    ByteWriter w;
    w.u32(m.node);
    w.string(m.topologyJson);
    w.u8(m.leavesAttach ? 1 : 0);
    return w.take();
}

Result<TreeWelcomeMessage> decodeTreeWelcome(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    TreeWelcomeMessage m;
    m.node = r.u32();
    m.topologyJson = r.string(kMaxDocument);
    const std::uint8_t attach = r.u8();
    if (attach > 1) {
        r.fail();
    }
    m.leavesAttach = attach == 1;
    return finish(r, std::move(m), "TreeWelcome");
}

std::vector<std::uint8_t> encode(const SubtreeReadyMessage& m)
{
    ByteWriter w;
    w.u32(m.node);
    w.u32(m.nodes);
    putIndices(w, m.missing);
    w.u32(static_cast<std::uint32_t>(m.listening.size()));
    for (const NodeAddress& a : m.listening) {
        w.u32(a.node);
        w.string(a.ip);
        w.u16(a.port);
    }
    return w.take();
}

Result<SubtreeReadyMessage> decodeSubtreeReady(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    SubtreeReadyMessage m;
    m.node = r.u32();
    m.nodes = r.u32();
    m.missing = getIndices(r);
    m.listening.resize(r.count(10));
    for (NodeAddress& a : m.listening) {
        a.node = r.u32();
        a.ip = r.string(64);
        a.port = r.u16();
    }
    return finish(r, std::move(m), "SubtreeReady");
}

std::vector<std::uint8_t> encode(const StreamSpec& m)
{
    ByteWriter w;
    w.u32(m.id);
    w.string(m.filter.name);
    putArguments(w, m.filter.arguments);
    w.u8(static_cast<std::uint8_t>(m.sync.mode));
    w.i64(m.sync.timeout.count());
    w.string(m.source.name);
    putArguments(w, m.source.arguments);
    w.u8(static_cast<std::uint8_t>(m.gathering));
    w.u8(m.filterAtLeaves ? 1 : 0);
    w.string(m.filter.library);
    return w.take();
}

Result<StreamSpec> decodeStreamSpec(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    StreamSpec m;
    m.id = r.u32();
    m.filter.name = r.string(kMaxName);
    m.filter.arguments = getArguments(r);
    const std::uint8_t mode = r.u8();
    m.sync.timeout = std::chrono::microseconds(r.i64());
    m.source.name = r.string(kMaxName);
    m.source.arguments = getArguments(r);
    const std::uint8_t gathering = r.u8();
    const std::uint8_t atLeaves = r.u8();
    m.filter.library = r.string(kMaxName);
    if (mode > static_cast<std::uint8_t>(gather::SyncMode::DoNotWait) || gathering > 1 ||
        atLeaves > 1 || m.sync.timeout.count() < 0) {
        r.fail();
    }
    m.sync.mode = static_cast<gather::SyncMode>(mode);
    m.gathering = static_cast<Gathering>(gathering);
    m.filterAtLeaves = atLeaves == 1;
    return finish(r, std::move(m), "OpenStream");
}

std::vector<std::uint8_t> encode(const CloseStreamMessage& m)
{
    ByteWriter w;
    w.u32(m.stream);
    return w.take();
}

Result<CloseStreamMessage> decodeCloseStream(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    CloseStreamMessage m;
    m.stream = r.u32();
    return finish(r, m, "CloseStream");
}

std::vector<std::uint8_t> encode(const PullMessage& m)
{
    ByteWriter w;
    w.u32(m.stream);
    w.u64(m.firstWave);
    w.u32(m.count);
    return w.take();
}

Result<PullMessage> decodePull(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    PullMessage m;
    m.stream = r.u32();
    m.firstWave = r.u64();
    m.count = r.u32();
    if (m.count == 0 || m.count > kMaxPullCount) {
        r.fail();
    }
    return finish(r, m, "Pull");
}

std::vector<std::uint8_t> encode(const WaveDataMessage& m)
{
    ByteWriter w;
    w.u32(m.stream);
    w.u64(m.wave);
    putIndices(w, m.missing);
    gather::encodeBatch(m.batch, w);
    return w.take();
}

Result<WaveDataMessage> decodeWaveData(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    WaveDataMessage m;
    m.stream = r.u32();
    m.wave = r.u64();
    m.missing = getIndices(r);
    auto batch = gather::decodeBatch(r);
    if (!batch) {
        return batch.error();
    }
    m.batch = std::move(batch).value();
    return finish(r, std::move(m), "WaveData");
}

std::vector<std::uint8_t> encode(const ControlMessage& m)
{
    ByteWriter w;
    w.string(m.command);
    w.string(m.argument);
    return w.take();
}

Result<ControlMessage> decodeControl(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    ControlMessage m;
    m.command = r.string(kMaxName);
    m.argument = r.string(kMaxDocument);
    return finish(r, std::move(m), "Control");
}

std::vector<std::uint8_t> encode(const PingMessage& m)
{
    ByteWriter w;
    w.u64(m.id);
    return w.take();
}

Result<PingMessage> decodePing(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    PingMessage m;
    m.id = r.u64();
    return finish(r, m, "Ping");
}

std::vector<std::uint8_t> encode(const PongMessage& m)
{
    ByteWriter w;
    w.u64(m.id);
    w.i64(m.clockNs);
    return w.take();
}

Result<PongMessage> decodePong(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    PongMessage m;
    m.id = r.u64();
    m.clockNs = r.i64();
    return finish(r, m, "Pong");
}

std::vector<std::uint8_t> encode(const NodesMessage& m)
{
    ByteWriter w;
    putIndices(w, m.nodes);
    w.string(m.reason);
    return w.take();
}

Result<NodesMessage> decodeNodes(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    NodesMessage m;
    m.nodes = getIndices(r);
    m.reason = r.string(kMaxName);
    return finish(r, std::move(m), "Nodes");
}

std::vector<std::uint8_t> encode(const ClockReportMessage& m)
{
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(m.offsets.size()));
    for (const ClockOffset& o : m.offsets) {
        w.u32(o.node);
        w.i64(o.offsetNs);
        w.i64(o.errorNs);
    }
    return w.take();
}

Result<ClockReportMessage> decodeClockReport(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    ClockReportMessage m;
    m.offsets.resize(r.count(20));
    for (ClockOffset& o : m.offsets) {
        o.node = r.u32();
        o.offsetNs = r.i64();
        o.errorNs = r.i64();
    }
    return finish(r, std::move(m), "ClockReport");
}

std::vector<std::uint8_t> encode(const TreeLocateMessage& m)
{
    ByteWriter w;
    w.u32(m.node);
    w.string(m.host);
    w.u32(m.rank);
    w.u32(m.jobIndex);
    return w.take();
}

std::vector<std::uint8_t> encode(const TreeLocatedMessage& m)
{
    ByteWriter w;
    w.u32(m.node);
    w.u32(m.parent);
    w.string(m.host);
    w.u16(m.port);
    w.string(m.leafHost);
    return w.take();
}

Result<TreeLocateMessage> decodeTreeLocate(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    TreeLocateMessage m;
    m.node = r.u32();
    m.host = r.string(255);
    m.rank = r.u32();
    m.jobIndex = r.u32();
    return finish(r, std::move(m), "TreeLocate");
}

Result<TreeLocatedMessage> decodeTreeLocated(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    TreeLocatedMessage m;
    m.node = r.u32();
    m.parent = r.u32();
    m.host = r.string(255);
    m.port = r.u16();
    m.leafHost = r.string(255);
    return finish(r, std::move(m), "TreeLocated");
}

} // namespace xylem::tree
