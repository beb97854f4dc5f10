// libFuzzer target: the batches of one wave arriving at an inner node of the gather tree and the
// transformation filter it applies to them. The input is
//
//   filter  u8    which built-in filter (filter.h), modulo their number
//   nargs   u8    arguments (int64 each, little-endian) that follow, at most 16
//   batches       batches as a WaveData carries them (decodeBatch), until the bytes end
//
// A filter given what it does not take must refuse it; what it returns must encode and decode.

#include "core/gather/filter.h"
#include "core/protocol/batchcodec.h"
#include "tests/fuzz/fuzzcheck.h"

#include <array>

using namespace xylem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    static const std::array<const char*, 9> kFilters{"sum",    "min",       "max",
                                                     "average", "concat",   "raw",
                                                     "last-arrival", "stats-merge", "equivalence"};
    protocol::ByteReader in(std::span<const std::uint8_t>(data, size));
    gather::FilterSpec spec;
    spec.name = kFilters[in.u8() % kFilters.size()];
    const unsigned nargs = in.u8() % 17;
    for (unsigned i = 0; i < nargs && in.ok(); ++i) {
        spec.arguments.push_back(in.i64());
    }
    if (!in.ok()) {
        return 0;
    }
    std::vector<gather::Batch> inputs;
    while (!in.atEnd() && inputs.size() < 64) {
        auto batch = gather::decodeBatch(in);
        if (!batch) {
            fuzz::require(!batch.error().message.empty(), "a refused batch says why");
            break;
        }
        inputs.push_back(std::move(batch).value());
    }
    const gather::FilterRegistry registry;
    auto out = gather::applyFilter(registry, spec, inputs);
    if (!out) {
        return 0;
    }
    protocol::ByteWriter writer;
    gather::encodeBatch(out.value(), writer);
    const auto bytes = writer.take();
    protocol::ByteReader back(bytes);
    auto again = gather::decodeBatch(back);
    fuzz::require(again.ok() && back.atEnd(), "a filter's result encodes to a batch that decodes");
    return 0;
}
