#include "core/protocol/collectormessages.h"

#include "core/protocol/bytes.h"

namespace xylem::protocol {

namespace {

constexpr size_t kMaxText = 1 << 16;       // names, labels, metrics
constexpr size_t kMaxDocument = 16u << 20; // configurations and results as JSON
constexpr size_t kTupleBytes = 32;

template <typename Message> Result<Message> finish(const ByteReader& r, Message m, const char* what)
{
    if (!r.ok() || !r.atEnd()) {
        return makeError(ErrorCode::MalformedInput, std::string("malformed ") + what + " message");
    }
    return m;
}

void putTuple(ByteWriter& w, const Tuple& t)
{
    w.i64(t.seq);
    w.i64(t.down);
    w.i64(t.up);
    w.u32(t.collector);
    w.u16(t.op);
    w.u16(static_cast<std::uint16_t>(t.ret));
}

Tuple getTuple(ByteReader& r)
{
    Tuple t;
    t.seq = r.i64();
    t.down = r.i64();
    t.up = r.i64();
    t.collector = r.u32();
    t.op = r.u16();
    t.ret = static_cast<std::int16_t>(r.u16());
    return t;
}

std::optional<BufferPolicy> policyFrom(std::uint32_t v)
{
    return v <= static_cast<std::uint32_t>(BufferPolicy::ReplaceDrain)
               ? std::optional(static_cast<BufferPolicy>(v))
               : std::nullopt;
}

} // namespace

std::vector<std::uint8_t> encode(const ErrorMessage& m)
{
    ByteWriter w;
    w.u32(m.code);
    w.string(m.message);
    return w.take();
}

Result<ErrorMessage> decodeError(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    ErrorMessage m;
    m.code = r.u32();
    m.message = r.string(kMaxText);
    return finish(r, std::move(m), "Error");
}

std::vector<std::uint8_t> encode(const RegisterRingMessage& m)
{
    ByteWriter w;
    w.string(m.ringName);
    return w.take();
}

Result<RegisterRingMessage> decodeRegisterRing(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    RegisterRingMessage m{r.string(255)};
    return finish(r, std::move(m), "RegisterRing");
}

std::vector<std::uint8_t> encode(const HelloMessage& m)
{
    ByteWriter w;
    w.string(m.client);
    return w.take();
}

Result<HelloMessage> decodeHello(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    HelloMessage m{r.string(kMaxText)};
    return finish(r, std::move(m), "Hello");
}

std::vector<std::uint8_t> encode(const WelcomeMessage& m)
{
    ByteWriter w;
    w.string(m.host);
    w.string(m.version);
    w.u32(m.pid);
    return w.take();
}

Result<WelcomeMessage> decodeWelcome(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    WelcomeMessage m;
    m.host = r.string(kMaxText);
    m.version = r.string(kMaxText);
    m.pid = r.u32();
    return finish(r, std::move(m), "Welcome");
}

std::vector<std::uint8_t> encode(const RingListMessage& m)
{
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(m.rings.size()));
    for (const RingInfo& i : m.rings) {
        w.u32(i.id);
        w.string(i.name);
        w.u32(i.pid);
        w.u32(i.tid);
        w.string(i.program);
        w.string(i.label);
        w.u32(i.capacity);
        w.u32(static_cast<std::uint32_t>(i.policy));
        w.u32(static_cast<std::uint32_t>(i.clock));
        w.u8(i.processAlive ? 1 : 0);
        w.u64(i.written);
        w.u64(i.read);
        w.u64(i.overwritten);
    }
    return w.take();
}

Result<RingListMessage> decodeRingList(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    RingListMessage m;
    const std::uint32_t n = r.count(57);
    for (std::uint32_t k = 0; k < n && r.ok(); ++k) {
        RingInfo i;
        i.id = r.u32();
        i.name = r.string(kMaxText);
        i.pid = r.u32();
        i.tid = r.u32();
        i.program = r.string(kMaxText);
        i.label = r.string(kMaxText);
        i.capacity = r.u32();
        const auto policy = policyFrom(r.u32());
        const std::uint32_t clock = r.u32();
        i.processAlive = r.u8() != 0;
        i.written = r.u64();
        i.read = r.u64();
        i.overwritten = r.u64();
        if (!policy || (clock != 1 && clock != 2)) {
            r.fail();
            break;
        }
        i.policy = *policy;
        i.clock = static_cast<ClockKind>(clock);
        m.rings.push_back(std::move(i));
    }
    return finish(r, std::move(m), "RingList");
}

std::vector<std::uint8_t> encode(const SetPolicyMessage& m)
{
    ByteWriter w;
    w.u8(m.ring ? 1 : 0);
    w.u32(m.ring.value_or(0));
    w.u32(static_cast<std::uint32_t>(m.policy));
    return w.take();
}

Result<SetPolicyMessage> decodeSetPolicy(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    SetPolicyMessage m;
    const bool one = r.u8() != 0;
    const std::uint32_t ring = r.u32();
    const auto policy = policyFrom(r.u32());
    if (!policy) {
        r.fail();
    }
    m.ring = one ? std::optional(ring) : std::nullopt;
    m.policy = policy.value_or(BufferPolicy::FillRead);
    return finish(r, std::move(m), "SetPolicy");
}

std::vector<std::uint8_t> encode(const ReadTuplesMessage& m)
{
    ByteWriter w;
    w.u32(m.maxTuples);
    return w.take();
}

Result<ReadTuplesMessage> decodeReadTuples(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    ReadTuplesMessage m{r.u32()};
    return finish(r, m, "ReadTuples");
}

std::vector<std::uint8_t> encode(const TupleBatchMessage& m)
{
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(m.rings.size()));
    for (const RingTuples& rt : m.rings) {
        w.u32(rt.ring);
        w.u64(rt.overwritten);
        w.u32(static_cast<std::uint32_t>(rt.tuples.size()));
        for (const Tuple& t : rt.tuples) {
            putTuple(w, t);
        }
    }
    return w.take();
}

Result<TupleBatchMessage> decodeTupleBatch(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    TupleBatchMessage m;
    const std::uint32_t rings = r.count(16);
    for (std::uint32_t k = 0; k < rings && r.ok(); ++k) {
        RingTuples rt;
        rt.ring = r.u32();
        rt.overwritten = r.u64();
        const std::uint32_t n = r.count(kTupleBytes);
        rt.tuples.reserve(n);
        for (std::uint32_t i = 0; i < n && r.ok(); ++i) {
            rt.tuples.push_back(getTuple(r));
        }
        m.rings.push_back(std::move(rt));
    }
    return finish(r, std::move(m), "TupleBatch");
}

std::vector<std::uint8_t> encode(const ReadSamplesMessage& m)
{
    ByteWriter w;
    w.u64(m.fromSequence);
    w.u32(m.maxSamples);
    return w.take();
}

Result<ReadSamplesMessage> decodeReadSamples(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    ReadSamplesMessage m;
    m.fromSequence = r.u64();
    m.maxSamples = r.u32();
    return finish(r, m, "ReadSamples");
}

std::vector<std::uint8_t> encode(const SampleBatchMessage& m)
{
    ByteWriter w;
    w.u64(m.nextSequence);
    w.u64(m.overwritten);
    w.u32(static_cast<std::uint32_t>(m.samples.size()));
    for (const SampleRecord& s : m.samples) {
        w.string(s.host);
        w.string(s.metric);
        w.i64(s.timeNs);
        w.f64(s.value);
    }
    return w.take();
}

Result<SampleBatchMessage> decodeSampleBatch(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    SampleBatchMessage m;
    m.nextSequence = r.u64();
    m.overwritten = r.u64();
    const std::uint32_t n = r.count(24);
    for (std::uint32_t i = 0; i < n && r.ok(); ++i) {
        SampleRecord s;
        s.host = r.string(kMaxText);
        s.metric = r.string(kMaxText);
        s.timeNs = r.i64();
        s.value = r.f64();
        m.samples.push_back(std::move(s));
    }
    return finish(r, std::move(m), "SampleBatch");
}

std::vector<std::uint8_t> encode(const InstallFilterMessage& m)
{
    ByteWriter w;
    w.u32(m.filter);
    w.u32(static_cast<std::uint32_t>(m.kind));
    w.string(m.configuration);
    w.string(m.host);
    return w.take();
}

Result<InstallFilterMessage> decodeInstallFilter(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    InstallFilterMessage m;
    m.filter = r.u32();
    const std::uint32_t kind = r.u32();
    m.configuration = r.string(kMaxDocument);
    m.host = r.string(kMaxText);
    if (kind != static_cast<std::uint32_t>(FilterKind::LastArrivals) &&
        kind != static_cast<std::uint32_t>(FilterKind::CollectorStatistics)) {
        r.fail();
    }
    m.kind = static_cast<FilterKind>(kind);
    return finish(r, std::move(m), "InstallFilter");
}

std::vector<std::uint8_t> encode(const PollFilterMessage& m)
{
    ByteWriter w;
    w.u32(m.filter);
    return w.take();
}

Result<PollFilterMessage> decodePollFilter(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    PollFilterMessage m{r.u32()};
    return finish(r, m, "PollFilter");
}

std::vector<std::uint8_t> encode(const RemoveFilterMessage& m)
{
    ByteWriter w;
    w.u32(m.filter);
    return w.take();
}

Result<RemoveFilterMessage> decodeRemoveFilter(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    RemoveFilterMessage m{r.u32()};
    return finish(r, m, "RemoveFilter");
}

std::vector<std::uint8_t> encode(const FilterResultMessage& m)
{
    ByteWriter w;
    w.u32(m.filter);
    w.u64(m.calls);
    w.string(m.resultJson);
    return w.take();
}

Result<FilterResultMessage> decodeFilterResult(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    FilterResultMessage m;
    m.filter = r.u32();
    m.calls = r.u64();
    m.resultJson = r.string(kMaxDocument);
    return finish(r, std::move(m), "FilterResult");
}

} // namespace xylem::protocol
