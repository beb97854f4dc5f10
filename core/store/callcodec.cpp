#include "core/store/callcodec.h"

#include "core/store/chunkframe.h"
#include "core/store/varint.h"

#include <limits>
#include <string>

namespace xylem::store {

namespace {
constexpr FrameKind kCallFrame{'X', 'C', 1, "call chunk"};
constexpr size_t kMinCallBytes = 5;
} // namespace

void encodeCallChunk(std::span<const CallTimes> calls, std::vector<std::uint8_t>& out)
{
    beginFrame(out, calls.size() * 10);
    std::int64_t seq = 0;
    std::int64_t start = 0;
    for (const CallTimes& c : calls) {
        putVarint(out, zigzag(wrappingSub(c.seq, seq)));
        putVarint(out, zigzag(wrappingSub(c.startNs, start)));
        putVarint(out, zigzag(c.operationTime));
        putVarint(out, zigzag(c.slowestThreadTime));
        putVarint(out, static_cast<std::uint64_t>(c.slowestThread));
        seq = c.seq;
        start = c.startNs;
    }
    endFrame(out, kCallFrame, static_cast<std::uint32_t>(calls.size()));
}

Result<Ok> decodeCallChunk(std::span<const std::uint8_t> chunk, std::uint32_t threads,
                           std::vector<CallTimes>& out)
{
    auto frame = openFrame(chunk, kCallFrame, kMinCallBytes);
    if (!frame) {
        return frame.error();
    }
    VarintReader in(frame->payload.data(), frame->payload.data() + frame->payload.size());
    out.reserve(out.size() + frame->count);
    std::int64_t seq = 0;
    std::int64_t start = 0;
    for (std::uint32_t i = 0; i < frame->count; ++i) {
        std::uint64_t dseq, dstart, op, slowest, thread;
        if (!in.read(dseq) || !in.read(dstart) || !in.read(op) || !in.read(slowest) ||
            !in.read(thread) || thread >= threads) {
            return makeError(ErrorCode::Corrupt,
                             "damaged call chunk: bad call " + std::to_string(i));
        }
        seq = wrappingAdd(seq, unzigzag(dseq));
        start = wrappingAdd(start, unzigzag(dstart));
        out.push_back(
            CallTimes{seq, start, unzigzag(op), unzigzag(slowest), static_cast<int>(thread)});
    }
    if (!in.atEnd()) {
        return makeError(ErrorCode::Corrupt, "damaged call chunk: bytes after the last call");
    }
    return Ok{};
}

} // namespace xylem::store
