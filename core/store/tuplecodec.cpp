#include "core/store/tuplecodec.h"

#include "core/store/chunkframe.h"
#include "core/store/varint.h"

#include <array>
#include <limits>
#include <string>

namespace xylem::store {

namespace {
constexpr FrameKind kTupleFrame{'X', 'T', 1, "tuple chunk"};
} // namespace

namespace {

// The six values a tuple is stored as, given the seq and down of the tuple before it.
std::array<std::uint64_t, 6> fieldsOf(const Tuple& t, std::int64_t seq, std::int64_t down)
{
    return {t.collector,
            zigzag(wrappingSub(t.seq, seq)),
            zigzag(wrappingSub(t.down, down)),
            static_cast<std::uint64_t>(t.up) - static_cast<std::uint64_t>(t.down),
            t.op,
            zigzag(static_cast<std::int64_t>(t.ret))};
}

} // namespace

void encodeTupleChunk(std::span<const Tuple> tuples, std::vector<std::uint8_t>& out)
{
    // Measure first, then write through a pointer into exactly that much: no capacity check
    // per byte and no zero-filling of a worst-case buffer.
    size_t payload = 0;
    std::int64_t seq = 0;
    std::int64_t down = 0;
    for (const Tuple& t : tuples) {
        for (const std::uint64_t v : fieldsOf(t, seq, down)) {
            payload += varintSize(v);
        }
        seq = t.seq;
        down = t.down;
    }
    beginFrame(out, payload);
    out.resize(kFrameHeaderSize + payload);
    std::uint8_t* p = out.data() + kFrameHeaderSize;
    seq = 0;
    down = 0;
    for (const Tuple& t : tuples) {
        for (const std::uint64_t v : fieldsOf(t, seq, down)) {
            p = writeVarint(p, v);
        }
        seq = t.seq;
        down = t.down;
    }
    endFrame(out, kTupleFrame, static_cast<std::uint32_t>(tuples.size()));
}

Result<Ok> decodeTupleChunk(std::span<const std::uint8_t> chunk, std::uint32_t collectors,
                            std::vector<Tuple>& out)
{
    auto frame = openFrame(chunk, kTupleFrame, kMinTupleBytes);
    if (!frame) {
        return frame.error();
    }
    const auto corrupt = [](const std::string& what) {
        return makeError(ErrorCode::Corrupt, "damaged tuple chunk: " + what);
    };
    const auto payload = frame->payload;
    VarintReader in(payload.data(), payload.data() + payload.size());
    out.reserve(out.size() + frame->count);
    std::int64_t seq = 0;
    std::int64_t down = 0;
    for (std::uint32_t i = 0; i < frame->count; ++i) {
        std::uint64_t collector, dseq, ddown, span, op, ret;
        if (!in.read(collector) || !in.read(dseq) || !in.read(ddown) || !in.read(span) ||
            !in.read(op) || !in.read(ret)) {
            return corrupt("truncated tuple " + std::to_string(i));
        }
        seq = wrappingAdd(seq, unzigzag(dseq));
        down = wrappingAdd(down, unzigzag(ddown));
        const std::int64_t r = unzigzag(ret);
        // up = down + span must stay within int64 (computed without signed overflow).
        const std::uint64_t roomAbove =
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) -
            static_cast<std::uint64_t>(down);
        if (collector >= collectors || op > std::numeric_limits<std::uint16_t>::max() ||
            r < std::numeric_limits<std::int16_t>::min() ||
            r > std::numeric_limits<std::int16_t>::max() || span > roomAbove) {
            return corrupt("value out of range in tuple " + std::to_string(i));
        }
        const auto up = static_cast<std::int64_t>(static_cast<std::uint64_t>(down) + span);
        out.push_back(Tuple{seq, down, up, static_cast<std::uint32_t>(collector),
                            static_cast<std::uint16_t>(op), static_cast<std::int16_t>(r)});
    }
    if (!in.atEnd()) {
        return corrupt("bytes after the last tuple");
    }
    return Ok{};
}

} // namespace xylem::store
