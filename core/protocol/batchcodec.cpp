#include "core/protocol/batchcodec.h"

#include "core/protocol/tuplefields.h"
#include "core/protocol/wire.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>

namespace xylem::protocol {

// A batch's content, described once (wire.h).

template <class V, DescribedAs<gather::Numbers> M> void fields(V& v, M& m)
{
    v("values", m.values);
}

template <class V, DescribedAs<gather::StatEntry> M> void fields(V& v, M& m)
{
    v("key", m.key);
    v("count", m.count);
    v("mean", m.mean);
    v("m2", m.m2);
    v("min", m.min);
    v("max", m.max);
}

template <class V, DescribedAs<gather::Stats> M> void fields(V& v, M& m)
{
    v("entries", m.entries);
}

template <class V, DescribedAs<gather::ClassEntry> M> void fields(V& v, M& m)
{
    v("key", m.key);
    v("members", m.members);
}

template <class V, DescribedAs<gather::Classes> M> void fields(V& v, M& m)
{
    v("classes", m.classes);
}

template <class V, DescribedAs<gather::Bytes> M> void fields(V& v, M& m)
{
    v("bytes", m.bytes);
}

namespace {

// On a little-endian host the 32-byte wire record (tuplefields.h) is the in-memory Tuple, so a
// batch of them is copied as one block; elsewhere field by field.
constexpr bool kTupleIsWire = std::endian::native == std::endian::little &&
                              std::is_trivially_copyable_v<Tuple> &&
                              sizeof(Tuple) == kTupleWireBytes && offsetof(Tuple, seq) == 0 &&
                              offsetof(Tuple, down) == 8 && offsetof(Tuple, up) == 16 &&
                              offsetof(Tuple, collector) == 24 && offsetof(Tuple, op) == 28 &&
                              offsetof(Tuple, ret) == 30;

template <class Content> void readContent(WireReader& in, const char* name, gather::Batch& batch)
{
    Content content;
    in(name, content);
    batch.content = std::move(content);
}

// Keys (and class members) ascending and unique: what the filters' merges rely on.
Result<Ok> checkOrder(const gather::BatchContent& content)
{
    if (const auto* s = std::get_if<gather::Stats>(&content)) {
        const auto byKey = [](const gather::StatEntry& a, const gather::StatEntry& b) {
            return a.key >= b.key;
        };
        if (std::adjacent_find(s->entries.begin(), s->entries.end(), byKey) != s->entries.end()) {
            return makeError(ErrorCode::MalformedInput, "Stats keys not sorted and unique");
        }
    }
    if (const auto* c = std::get_if<gather::Classes>(&content)) {
        for (const gather::ClassEntry& e : c->classes) {
            if (std::adjacent_find(e.members.begin(), e.members.end(), std::greater_equal<>{}) !=
                e.members.end()) {
                return makeError(ErrorCode::MalformedInput, "Classes members not sorted and unique");
            }
        }
        const auto byKey = [](const gather::ClassEntry& a, const gather::ClassEntry& b) {
            return a.key >= b.key;
        };
        if (std::adjacent_find(c->classes.begin(), c->classes.end(), byKey) != c->classes.end()) {
            return makeError(ErrorCode::MalformedInput, "Classes keys not sorted and unique");
        }
    }
    return Ok{};
}

} // namespace

void encodeWire(WireWriter& out, const gather::Tuples& t)
{
    out.bytes().u32(static_cast<std::uint32_t>(t.tuples.size()));
    if constexpr (kTupleIsWire) {
        const auto* raw = reinterpret_cast<const std::uint8_t*>(t.tuples.data());
        out.bytes().bytes({raw, t.tuples.size() * kTupleWireBytes});
    } else {
        for (const Tuple& one : t.tuples) {
            out("tuple", one);
        }
    }
}

Result<Ok> decodeWire(WireReader& in, gather::Tuples& t)
{
    ByteReader& bytes = in.bytes();
    const std::uint32_t n = bytes.count(kTupleWireBytes);
    const auto raw = bytes.bytes(size_t(n) * kTupleWireBytes);
    if (!bytes.ok()) {
        return makeError(ErrorCode::MalformedInput, "truncated Tuples content");
    }
    t.tuples.resize(n);
    if constexpr (kTupleIsWire) {
        if (n > 0) {
            std::memcpy(t.tuples.data(), raw.data(), raw.size());
        }
    } else {
        WireReader records(raw);
        for (Tuple& one : t.tuples) {
            records("tuple", one);
        }
    }
    return Ok{};
}

void encodeWire(WireWriter& out, const gather::Batch& batch)
{
    out("kind", static_cast<std::uint8_t>(batch.kind()));
    out("contributors", batch.contributors);
    std::visit([&](const auto& content) { out(gather::batchKindName(batch.kind()), content); },
               batch.content);
}

Result<Ok> decodeWire(WireReader& in, gather::Batch& batch)
{
    std::uint8_t kind = 0;
    in("kind", kind, Range{0, static_cast<std::int64_t>(gather::BatchKind::Bytes)});
    in("contributors", batch.contributors);
    if (!in.ok()) {
        return Ok{}; // the reader holds the failure and its field
    }
    const char* name = gather::batchKindName(static_cast<gather::BatchKind>(kind));
    switch (static_cast<gather::BatchKind>(kind)) {
    case gather::BatchKind::Numbers:
        readContent<gather::Numbers>(in, name, batch);
        break;
    case gather::BatchKind::Tuples:
        readContent<gather::Tuples>(in, name, batch);
        break;
    case gather::BatchKind::Stats:
        readContent<gather::Stats>(in, name, batch);
        break;
    case gather::BatchKind::Classes:
        readContent<gather::Classes>(in, name, batch);
        break;
    case gather::BatchKind::Bytes:
        readContent<gather::Bytes>(in, name, batch);
        break;
    }
    return in.ok() ? checkOrder(batch.content) : Result<Ok>(Ok{});
}

} // namespace xylem::protocol

namespace xylem::gather {

void encodeBatch(const Batch& batch, protocol::ByteWriter& out)
{
    protocol::WireWriter w(out);
    w("batch", batch);
}

Result<Batch> decodeBatch(protocol::ByteReader& in)
{
    protocol::WireReader r(in);
    Batch batch;
    r("batch", batch);
    XYLEM_TRY(read, r.status("batch"));
    return batch;
}

} // namespace xylem::gather
