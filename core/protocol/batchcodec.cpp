#include "core/protocol/batchcodec.h"

#include "core/protocol/wire.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>

namespace xylem::gather {

namespace {

constexpr size_t kTupleBytes = 32;
constexpr size_t kStatBytes = 48;     // key, count, mean, m2, min, max
constexpr size_t kClassMinBytes = 12; // key, member count
constexpr size_t kMemberBytes = 4;

// On a little-endian host the 32-byte wire record is the in-memory Tuple, so a batch of them
// is copied as one block; elsewhere field by field.
constexpr bool kTupleIsWire = std::endian::native == std::endian::little &&
                              std::is_trivially_copyable_v<Tuple> && sizeof(Tuple) == kTupleBytes &&
                              offsetof(Tuple, seq) == 0 && offsetof(Tuple, down) == 8 &&
                              offsetof(Tuple, up) == 16 && offsetof(Tuple, collector) == 24 &&
                              offsetof(Tuple, op) == 28 && offsetof(Tuple, ret) == 30;

Error malformed(const std::string& what)
{
    return makeError(ErrorCode::MalformedInput, "malformed batch: " + what);
}

void encodeTuples(const std::vector<Tuple>& tuples, protocol::ByteWriter& out)
{
    out.u32(static_cast<std::uint32_t>(tuples.size()));
    if constexpr (kTupleIsWire) {
        const auto* raw = reinterpret_cast<const std::uint8_t*>(tuples.data());
        out.bytes({raw, tuples.size() * kTupleBytes});
    } else {
        for (const Tuple& t : tuples) {
            out.i64(t.seq);
            out.i64(t.down);
            out.i64(t.up);
            out.u32(t.collector);
            out.u16(t.op);
            out.u16(static_cast<std::uint16_t>(t.ret));
        }
    }
}

void decodeTuples(protocol::ByteReader& in, std::vector<Tuple>& tuples)
{
    const std::uint32_t n = in.count(kTupleBytes);
    const auto raw = in.bytes(size_t(n) * kTupleBytes);
    if (!in.ok()) {
        return;
    }
    tuples.resize(n);
    if constexpr (kTupleIsWire) {
        if (n > 0) {
            std::memcpy(tuples.data(), raw.data(), raw.size());
        }
    } else {
        protocol::ByteReader records(raw);
        for (Tuple& t : tuples) {
            t.seq = records.i64();
            t.down = records.i64();
            t.up = records.i64();
            t.collector = records.u32();
            t.op = records.u16();
            t.ret = static_cast<std::int16_t>(records.u16());
        }
    }
}

struct Encoder
{
    protocol::ByteWriter& out;

    void operator()(const Numbers& n)
    {
        out.u32(static_cast<std::uint32_t>(n.values.size()));
        for (double v : n.values) {
            out.f64(v);
        }
    }
    void operator()(const Tuples& t) { encodeTuples(t.tuples, out); }
    void operator()(const Stats& s)
    {
        out.u32(static_cast<std::uint32_t>(s.entries.size()));
        for (const StatEntry& e : s.entries) {
            out.u64(e.key);
            out.i64(e.count);
            out.f64(e.mean);
            out.f64(e.m2);
            out.i64(e.min);
            out.i64(e.max);
        }
    }
    void operator()(const Classes& c)
    {
        out.u32(static_cast<std::uint32_t>(c.classes.size()));
        for (const ClassEntry& e : c.classes) {
            out.i64(e.key);
            out.u32(static_cast<std::uint32_t>(e.members.size()));
            for (std::uint32_t m : e.members) {
                out.u32(m);
            }
        }
    }
    void operator()(const Bytes& b)
    {
        out.u32(static_cast<std::uint32_t>(b.bytes.size()));
        out.bytes(b.bytes);
    }
};

Result<BatchContent> decodeStats(protocol::ByteReader& in)
{
    Stats s;
    s.entries.resize(in.count(kStatBytes));
    for (StatEntry& e : s.entries) {
        e.key = in.u64();
        e.count = in.i64();
        e.mean = in.f64();
        e.m2 = in.f64();
        e.min = in.i64();
        e.max = in.i64();
    }
    const auto byKey = [](const StatEntry& a, const StatEntry& b) {
        return a.key >= b.key;
    };
    if (in.ok() &&
        std::adjacent_find(s.entries.begin(), s.entries.end(), byKey) != s.entries.end()) {
        return malformed("Stats keys not sorted and unique");
    }
    return BatchContent{std::move(s)};
}

Result<BatchContent> decodeClasses(protocol::ByteReader& in)
{
    Classes c;
    c.classes.resize(in.count(kClassMinBytes));
    for (ClassEntry& e : c.classes) {
        e.key = in.i64();
        e.members.resize(in.count(kMemberBytes));
        for (std::uint32_t& m : e.members) {
            m = in.u32();
        }
        if (in.ok() && std::adjacent_find(e.members.begin(), e.members.end(),
                                          std::greater_equal<>{}) != e.members.end()) {
            return malformed("Classes members not sorted and unique");
        }
    }
    const auto byKey = [](const ClassEntry& a, const ClassEntry& b) {
        return a.key >= b.key;
    };
    if (in.ok() &&
        std::adjacent_find(c.classes.begin(), c.classes.end(), byKey) != c.classes.end()) {
        return malformed("Classes keys not sorted and unique");
    }
    return BatchContent{std::move(c)};
}

Result<BatchContent> decodeContent(BatchKind kind, protocol::ByteReader& in)
{
    switch (kind) {
    case BatchKind::Numbers: {
        Numbers n;
        n.values.resize(in.count(8));
        for (double& v : n.values) {
            v = in.f64();
        }
        return BatchContent{std::move(n)};
    }
    case BatchKind::Tuples: {
        Tuples t;
        decodeTuples(in, t.tuples);
        return BatchContent{std::move(t)};
    }
    case BatchKind::Stats:
        return decodeStats(in);
    case BatchKind::Classes:
        return decodeClasses(in);
    case BatchKind::Bytes: {
        const auto bytes = in.bytes(in.count(1));
        return BatchContent{Bytes{{bytes.begin(), bytes.end()}}};
    }
    }
    return malformed("unknown kind " + std::to_string(static_cast<int>(kind)));
}

} // namespace

void encodeBatch(const Batch& batch, protocol::ByteWriter& out)
{
    out.u8(static_cast<std::uint8_t>(batch.kind()));
    out.u32(batch.contributors);
    std::visit(Encoder{out}, batch.content);
}

Result<Batch> decodeBatch(protocol::ByteReader& in)
{
    const std::uint8_t kind = in.u8();
    const std::uint32_t contributors = in.u32();
    if (!in.ok()) {
        return malformed("truncated header");
    }
    if (kind > static_cast<std::uint8_t>(BatchKind::Bytes)) {
        in.fail();
        return malformed("unknown kind " + std::to_string(kind));
    }
    auto content = decodeContent(static_cast<BatchKind>(kind), in);
    if (!content) {
        in.fail();
        return content.error();
    }
    if (!in.ok()) {
        return malformed(std::string("truncated ") + batchKindName(static_cast<BatchKind>(kind)) +
                         " content");
    }
    return Batch{contributors, std::move(content).value()};
}

} // namespace xylem::gather

namespace xylem::protocol {

void encodeWire(WireWriter& out, const gather::Batch& batch)
{
    gather::encodeBatch(batch, out.bytes());
}

Result<Ok> decodeWire(WireReader& in, gather::Batch& batch)
{
    XYLEM_TRY(decoded, gather::decodeBatch(in.bytes()));
    batch = std::move(decoded).value();
    return Ok{};
}

} // namespace xylem::protocol
