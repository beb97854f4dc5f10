// libFuzzer target: the chunk codecs of session files (tuples "XT", per-call records "XC", MPI
// events "XM", MPI tree edges "XE"). The input is
//
//   codec   u8    which codec, modulo 4
//   bound   u8    the collectors (tuples) or threads (calls) the run has, 1 + bound
//   reframe u8    odd: the rest is a payload that gets a valid frame (count from the next u32),
//                 so that mutations reach the payload decoder past the CRC; even: the rest is
//                 the stored chunk as it is, frame and all
//   ...
//
// What decodes must encode again and decode to the same values.

#include "core/store/callcodec.h"
#include "core/store/chunkframe.h"
#include "core/store/mpicodec.h"
#include "core/store/tuplecodec.h"
#include "tests/fuzz/fuzzcheck.h"

#include <cstring>

using namespace xylem;
using namespace xylem::store;

namespace {

using Span = std::span<const std::uint8_t>;

// The frame kinds of the codecs (tuplecodec.cpp, callcodec.cpp, mpicodec.cpp keep theirs private).
constexpr FrameKind kKinds[4] = {{'X', 'T', 1, "tuple chunk"},
                                 {'X', 'C', 1, "call chunk"},
                                 {'X', 'M', 1, "MPI event chunk"},
                                 {'X', 'E', 1, "MPI tree edge chunk"}};

void tuples(Span chunk, std::uint32_t collectors)
{
    std::vector<Tuple> out;
    if (!decodeTupleChunk(chunk, collectors, out)) {
        return;
    }
    for (const Tuple& t : out) {
        fuzz::require(t.collector < collectors, "a decoded tuple's collector is in bounds");
    }
    std::vector<std::uint8_t> again;
    encodeTupleChunk(out, again);
    std::vector<Tuple> back;
    fuzz::require(decodeTupleChunk(again, collectors, back).ok() && back == out,
                  "decoded tuples encode to a chunk that decodes to them");
}

void calls(Span chunk, std::uint32_t threads)
{
    std::vector<CallTimes> out;
    if (!decodeCallChunk(chunk, threads, out)) {
        return;
    }
    std::vector<std::uint8_t> again;
    encodeCallChunk(out, again);
    std::vector<CallTimes> back;
    fuzz::require(decodeCallChunk(again, threads, back).ok() && back.size() == out.size(),
                  "decoded calls encode to a chunk that decodes to as many");
    std::vector<std::uint8_t> third;
    encodeCallChunk(back, third);
    fuzz::require(third == again, "decoded calls encode the same twice");
}

void events(Span chunk)
{
    std::vector<MpiEvent> out;
    if (!decodeMpiEventChunk(chunk, out)) {
        return;
    }
    std::vector<std::uint8_t> again;
    encodeMpiEventChunk(out, again);
    std::vector<MpiEvent> back;
    fuzz::require(decodeMpiEventChunk(again, back).ok() && back == out,
                  "decoded MPI events encode to a chunk that decodes to them");
}

void edges(Span frame)
{
    std::vector<MpiTreeEdge> out;
    if (!decodeMpiTreeEdges(frame, out)) {
        return;
    }
    std::vector<std::uint8_t> again;
    encodeMpiTreeEdges(out, again);
    std::vector<MpiTreeEdge> back;
    fuzz::require(decodeMpiTreeEdges(again, back).ok() && back.size() == out.size(),
                  "decoded tree edges encode to a frame that decodes to as many");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    if (size < 3) {
        return 0;
    }
    const unsigned codec = data[0] % 4;
    const std::uint32_t bound = 1u + data[1];
    const bool reframe = data[2] % 2 == 1;
    Span rest(data + 3, size - 3);
    std::vector<std::uint8_t> framed;
    if (reframe) {
        if (rest.size() < 4) {
            return 0;
        }
        std::uint32_t count = 0;
        std::memcpy(&count, rest.data(), 4);
        rest = rest.subspan(4);
        beginFrame(framed, rest.size());
        framed.insert(framed.end(), rest.begin(), rest.end());
        endFrame(framed, kKinds[codec], count);
        rest = framed;
    }
    switch (codec) {
    case 0: tuples(rest, bound); break;
    case 1: calls(rest, bound); break;
    case 2: events(rest); break;
    default: edges(rest); break;
    }
    return 0;
}
