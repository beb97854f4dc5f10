#include "core/store/mpicodec.h"

#include "core/store/chunkframe.h"
#include "core/store/varint.h"

#include <algorithm>
#include <limits>
#include <string>

namespace xylem::store {

namespace {

constexpr FrameKind kMpiFrame{'X', 'M', 1, "MPI event chunk"};
constexpr FrameKind kTreeEdgeFrame{'X', 'E', 1, "MPI tree edge chunk"};

// call * 2 + 1 for a completed receive (as sessions before MpiCompletion stored it); the other
// completions add 128 * 2 (send) or 128 * 4 (collective), beyond any call code.
std::uint64_t callCode(const MpiEvent& e)
{
    const auto call = static_cast<std::uint64_t>(e.call);
    switch (e.completes) {
    case MpiCompletion::Receive:
        return call * 2 + 1;
    case MpiCompletion::Send:
        return (call + 128) * 2;
    case MpiCompletion::Collective:
        return (call + 256) * 2;
    case MpiCompletion::None:
        break;
    }
    return call * 2;
}

std::uint8_t* writeEvent(std::uint8_t* p, const MpiEvent& e, const MpiEvent& previous)
{
    p = writeVarint(p, zigzag(wrappingSub(e.rank, previous.rank)));
    p = writeVarint(p, zigzag(wrappingSub(e.enter, previous.enter)));
    p = writeVarint(p, zigzag(wrappingSub(e.seq, previous.seq)));
    p = writeVarint(p, zigzag(wrappingSub(e.exit, e.enter)));
    p = writeVarint(p, zigzag(e.bytes));
    p = writeVarint(p, zigzag(e.communicator));
    p = writeVarint(p, zigzag(std::int64_t(e.partner) + 1));
    p = writeVarint(p, zigzag(e.tag));
    return writeVarint(p, callCode(e));
}

bool fitsInt32(std::int64_t v)
{
    return v >= std::numeric_limits<std::int32_t>::min() &&
           v <= std::numeric_limits<std::int32_t>::max();
}

// The fields after rank, enter and seq; false on a truncated or out-of-range value.
bool readRest(VarintReader& in, MpiEvent& e, std::uint64_t& callCode)
{
    std::uint64_t duration, bytes, communicator, partner, tag;
    if (!in.read(duration) || !in.read(bytes) || !in.read(communicator) || !in.read(partner) ||
        !in.read(tag) || !in.read(callCode)) {
        return false;
    }
    const std::int64_t comm = unzigzag(communicator);
    const std::int64_t partnerPlusOne = unzigzag(partner); // as written: partner + 1
    const std::int64_t t = unzigzag(tag);
    if (!fitsInt32(comm) || !fitsInt32(partnerPlusOne) || !fitsInt32(t)) {
        return false; // checked before the - 1: INT64_MIN - 1 would overflow
    }
    const std::int64_t peer = partnerPlusOne - 1;
    if (!fitsInt32(peer)) {
        return false;
    }
    e.exit = wrappingAdd(e.enter, unzigzag(duration));
    e.bytes = unzigzag(bytes);
    e.communicator = static_cast<std::int32_t>(comm);
    e.partner = static_cast<std::int32_t>(peer);
    e.tag = static_cast<std::int32_t>(t);
    const std::uint64_t extra = (callCode / 2) / 128;
    if (callCode & 1) {
        e.completes = extra == 0 ? MpiCompletion::Receive : MpiCompletion::None;
    } else {
        e.completes = extra == 1   ? MpiCompletion::Send
                      : extra == 2 ? MpiCompletion::Collective
                                   : MpiCompletion::None;
    }

    return true;
}

// One tree edge after rank and down; false on a truncated or out-of-range value.
bool readEdgeRest(VarintReader& in, MpiTreeEdge& e, const MpiTreeEdge& previous)
{
    std::uint64_t duration, seq, parent, communicator, code;
    if (!in.read(duration) || !in.read(seq) || !in.read(parent) || !in.read(communicator) ||
        !in.read(code)) {
        return false;
    }
    const std::int64_t p = unzigzag(parent);
    const std::int64_t comm = unzigzag(communicator);
    if (p < 0 || !fitsInt32(p) || !fitsInt32(comm) ||
        code / 2 >= static_cast<std::uint64_t>(kMpiCallCount)) {
        return false;
    }
    e.up = wrappingAdd(e.down, unzigzag(duration));
    e.seq = wrappingAdd(previous.seq, unzigzag(seq));
    e.parent = static_cast<std::int32_t>(p);
    e.communicator = static_cast<std::int32_t>(comm);
    e.call = static_cast<MpiCall>(code / 2);
    e.atParent = (code & 1) != 0;
    return true;
}

} // namespace

void encodeMpiEventChunk(std::span<const MpiEvent> events, std::vector<std::uint8_t>& out)
{
    beginFrame(out, events.size() * 16);
    MpiEvent previous{};
    size_t used = out.size();
    for (const MpiEvent& e : events) {
        if (out.size() < used + 9 * kMaxVarintBytes) {
            out.resize(std::max(out.size() * 2, used + 9 * kMaxVarintBytes));
        }
        used = static_cast<size_t>(writeEvent(out.data() + used, e, previous) - out.data());
        previous = e;
    }
    out.resize(used);
    endFrame(out, kMpiFrame, static_cast<std::uint32_t>(events.size()));
}

Result<Ok> decodeMpiEventChunk(std::span<const std::uint8_t> chunk, std::vector<MpiEvent>& out)
{
    auto frame = openFrame(chunk, kMpiFrame, kMinMpiEventBytes);
    if (!frame) {
        return frame.error();
    }
    VarintReader in(frame->payload.data(), frame->payload.data() + frame->payload.size());
    out.reserve(out.size() + frame->count);
    MpiEvent previous{};
    for (std::uint32_t i = 0; i < frame->count; ++i) {
        std::uint64_t rank = 0, enter = 0, seq = 0, callCode = 0;
        MpiEvent e{};
        const bool read = in.read(rank) && in.read(enter) && in.read(seq);
        const std::int64_t r = read ? wrappingAdd(previous.rank, unzigzag(rank)) : -1;
        e.enter = wrappingAdd(previous.enter, unzigzag(enter));
        e.seq = wrappingAdd(previous.seq, unzigzag(seq));
        if (!read || r < 0 || !fitsInt32(r) || !readRest(in, e, callCode)) {
            return makeError(ErrorCode::Corrupt,
                             "damaged MPI event chunk: bad event " + std::to_string(i));
        }
        if ((callCode / 2) % 128 >= static_cast<std::uint64_t>(kMpiCallCount) ||
            (callCode / 2) / 128 > ((callCode & 1) ? 0u : 2u)) {
            return makeError(ErrorCode::Corrupt, "damaged MPI event chunk: event " +
                                                     std::to_string(i) + " has unknown call code " +
                                                     std::to_string(callCode / 2));
        }
        e.rank = static_cast<std::int32_t>(r);
        e.call = static_cast<MpiCall>((callCode / 2) % 128);
        out.push_back(e);
        previous = e;
    }
    if (!in.atEnd()) {
        return makeError(ErrorCode::Corrupt, "damaged MPI event chunk: bytes after the last event");
    }
    return Ok{};
}

void encodeMpiTreeEdges(std::vector<MpiTreeEdge> edges, std::vector<std::uint8_t>& out)
{
    std::stable_sort(edges.begin(), edges.end(), [](const MpiTreeEdge& a, const MpiTreeEdge& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.down < b.down;
    });
    beginFrame(out, edges.size() * 12);
    MpiTreeEdge previous{};
    for (const MpiTreeEdge& e : edges) {
        putVarint(out, zigzag(wrappingSub(e.rank, previous.rank)));
        putVarint(out, zigzag(wrappingSub(e.down, previous.down)));
        putVarint(out, zigzag(wrappingSub(e.up, e.down)));
        putVarint(out, zigzag(wrappingSub(e.seq, previous.seq)));
        putVarint(out, zigzag(e.parent));
        putVarint(out, zigzag(e.communicator));
        putVarint(out, static_cast<std::uint64_t>(e.call) * 2 + (e.atParent ? 1 : 0));
        previous = e;
    }
    endFrame(out, kTreeEdgeFrame, static_cast<std::uint32_t>(edges.size()));
}

Result<Ok> decodeMpiTreeEdges(std::span<const std::uint8_t> frame, std::vector<MpiTreeEdge>& out)
{
    auto contents = openFrame(frame, kTreeEdgeFrame, kMinMpiTreeEdgeBytes);
    if (!contents) {
        return contents.error();
    }
    VarintReader in(contents->payload.data(), contents->payload.data() + contents->payload.size());
    out.reserve(out.size() + contents->count);
    MpiTreeEdge previous{};
    for (std::uint32_t i = 0; i < contents->count; ++i) {
        std::uint64_t rank = 0, down = 0;
        MpiTreeEdge e{};
        const bool read = in.read(rank) && in.read(down);
        const std::int64_t r = read ? wrappingAdd(previous.rank, unzigzag(rank)) : -1;
        e.down = wrappingAdd(previous.down, unzigzag(down));
        if (!read || r < 0 || !fitsInt32(r) || !readEdgeRest(in, e, previous)) {
            return makeError(ErrorCode::Corrupt,
                             "damaged MPI tree edge chunk: bad edge " + std::to_string(i));
        }
        e.rank = static_cast<std::int32_t>(r);
        out.push_back(e);
        previous = e;
    }
    if (!in.atEnd()) {
        return makeError(ErrorCode::Corrupt,
                         "damaged MPI tree edge chunk: bytes after the last edge");
    }
    return Ok{};
}

} // namespace xylem::store
