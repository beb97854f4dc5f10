// libFuzzer target: the bytes a peer sends on any Xylem connection. They go through FrameDecoder
// as a connection feeds it (in pieces, the first byte choosing the piece size), and every whole
// frame's payload through the decoder of its message type, as the collector, allreduce and
// gather-tree connections dispatch them; a WaveData's Bytes batch also through the four gather
// record decoders. What decodes must encode again and decode to the same bytes.

#include "core/protocol/allreducemessages.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"
#include "core/protocol/gatherrecords.h"
#include "core/protocol/treemessages.h"
#include "tests/fuzz/fuzzcheck.h"

#include <variant>

using namespace xylem;
using namespace xylem::protocol;

namespace {

using Span = std::span<const std::uint8_t>;

template <class M> void roundTrip(Span payload, Result<M> (*decode)(Span))
{
    auto first = decode(payload);
    if (!first) {
        fuzz::require(!first.error().message.empty(), "a refused message says why");
        return;
    }
    const auto bytes = encode(first.value());
    auto second = decode(bytes);
    fuzz::require(second.ok(), "a decoded message encodes to bytes that decode");
    fuzz::require(encode(second.value()) == bytes, "a decoded message encodes the same twice");
}

template <class R> void records(Span bytes, Result<std::vector<R>> (*decode)(Span))
{
    auto decoded = decode(bytes);
    if (!decoded) {
        return;
    }
    std::vector<std::uint8_t> again;
    for (const R& r : decoded.value()) {
        appendRecord(r, again);
    }
    auto second = decode(again);
    fuzz::require(second.ok(), "decoded gather records encode to bytes that decode");
    std::vector<std::uint8_t> third;
    for (const R& r : second.value()) {
        appendRecord(r, third);
    }
    fuzz::require(third == again, "decoded gather records encode the same twice");
}

void payload(MessageType type, Span p)
{
    switch (type) {
    case MessageType::Error: return roundTrip(p, decodeError);
    case MessageType::RegisterRing: return roundTrip(p, decodeRegisterRing);
    case MessageType::RingList: return roundTrip(p, decodeRingList);
    case MessageType::SetPolicy: return roundTrip(p, decodeSetPolicy);
    case MessageType::ReadTuples: return roundTrip(p, decodeReadTuples);
    case MessageType::TupleBatch: return roundTrip(p, decodeTupleBatch);
    case MessageType::ReadSamples: return roundTrip(p, decodeReadSamples);
    case MessageType::SampleBatch: return roundTrip(p, decodeSampleBatch);
    case MessageType::InstallFilter: return roundTrip(p, decodeInstallFilter);
    case MessageType::PollFilter: return roundTrip(p, decodePollFilter);
    case MessageType::FilterResult: return roundTrip(p, decodeFilterResult);
    case MessageType::RemoveFilter: return roundTrip(p, decodeRemoveFilter);
    case MessageType::Hello: return roundTrip(p, decodeHello);
    case MessageType::Welcome: return roundTrip(p, decodeWelcome);
    case MessageType::PathHello: return roundTrip(p, decodePathHello);
    case MessageType::AllreduceRequest:
    case MessageType::AllreduceReply: return roundTrip(p, decodeAllreduce);
    case MessageType::PathChallenge: return roundTrip(p, decodePathChallenge);
    case MessageType::PathProof: return roundTrip(p, decodePathProof);
    case MessageType::TreeHello: return roundTrip(p, decodeTreeHello);
    case MessageType::TreeChallenge: return roundTrip(p, decodeTreeChallenge);
    case MessageType::TreeProof: return roundTrip(p, decodeTreeProof);
    case MessageType::TreeWelcome: return roundTrip(p, decodeTreeWelcome);
    case MessageType::SubtreeReady: return roundTrip(p, decodeSubtreeReady);
    case MessageType::OpenStream: return roundTrip(p, decodeStreamSpec);
    case MessageType::CloseStream: return roundTrip(p, decodeCloseStream);
    case MessageType::Pull: return roundTrip(p, decodePull);
    case MessageType::WaveData: {
        roundTrip(p, decodeWaveData);
        const auto wave = decodeWaveData(p);
        if (wave) {
            if (const auto* bytes = std::get_if<gather::Bytes>(&wave->batch.content)) {
                records(bytes->bytes, decodeNodeCounts);
                records(bytes->bytes, decodeHostSamples);
                records(bytes->bytes, decodeLastArrivalStates);
                records(bytes->bytes, decodeStatisticsStates);
            }
        }
        return;
    }
    case MessageType::Control: return roundTrip(p, decodeControl);
    case MessageType::Ping: return roundTrip(p, decodePing);
    case MessageType::Pong: return roundTrip(p, decodePong);
    case MessageType::NodesLost:
    case MessageType::NodesJoined:
    case MessageType::NodesSlow:
    case MessageType::NodesBack: return roundTrip(p, decodeNodes);
    case MessageType::ClockReport: return roundTrip(p, decodeClockReport);
    case MessageType::TreeLocate: return roundTrip(p, decodeTreeLocate);
    case MessageType::TreeLocated: return roundTrip(p, decodeTreeLocated);
    default: return; // no payload
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    const size_t piece = 1 + data[0] % 64; // how the bytes arrive: in reads of this size
    Span bytes(data + 1, size - 1);
    FrameDecoder decoder;
    std::vector<Frame> frames;
    while (!bytes.empty() && !decoder.failed()) {
        const size_t n = std::min(piece, bytes.size());
        const auto fed = decoder.feed(bytes.first(n), frames);
        fuzz::require(fed.ok() != decoder.failed(), "a failed feed leaves the decoder failed");
        bytes = bytes.subspan(n);
    }
    for (const Frame& f : frames) {
        fuzz::require(f.payload.size() <= decoder.maxPayload(), "a frame holds its bound");
        payload(f.type, f.payload);
    }
    return 0;
}
