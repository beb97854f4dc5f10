#include "core/protocol/allreducemessages.h"

#include "core/protocol/bytes.h"

#include <algorithm>
#include <array>

namespace xylem::protocol {

namespace {

template <typename Message> Result<Message> finish(const ByteReader& r, Message m, const char* what)
{
    if (!r.ok() || !r.atEnd()) {
        return makeError(ErrorCode::MalformedInput, std::string("malformed ") + what + " message");
    }
    return m;
}

} // namespace

std::string claimOf(const PathHelloMessage& m)
{
    return "gsum tree " + std::to_string(m.tree) + " proxy " + std::to_string(m.proxy);
}

std::vector<std::uint8_t> encode(const PathHelloMessage& m)
{
    ByteWriter w;
    w.u32(m.tree);
    w.u32(m.proxy);
    w.bytes(m.nonce);
    return w.take();
}

Result<PathHelloMessage> decodePathHello(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    PathHelloMessage m;
    m.tree = r.u32();
    m.proxy = r.u32();
    m.nonce = r.fixed<32>();
    return finish(r, m, "PathHello");
}

std::vector<std::uint8_t> encode(const AllreduceMessage& m)
{
    ByteWriter w;
    w.i64(m.seq);
    w.u32(static_cast<std::uint32_t>(m.values.size()));
    for (const std::int64_t v : m.values) {
        w.i64(v);
    }
    return w.take();
}

Result<AllreduceMessage> decodeAllreduce(std::span<const std::uint8_t> payload)
{
    ByteReader r(payload);
    AllreduceMessage m;
    m.seq = r.i64();
    const std::uint32_t n = r.count(8);
    if (n > kMaxAllreduceValues) {
        r.fail();
    }
    m.values.reserve(r.ok() ? n : 0);
    for (std::uint32_t i = 0; i < n && r.ok(); ++i) {
        m.values.push_back(r.i64());
    }
    if (!r.ok() || !r.atEnd()) {
        return makeError(ErrorCode::MalformedInput, "malformed allreduce message");
    }
    return m;
}

} // namespace xylem::protocol
