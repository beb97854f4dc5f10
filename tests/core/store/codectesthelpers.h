#pragma once

// What the codec suites (tst_codecs, tst_chunkdamage) share: encoding into a fresh buffer and
// a decoder's outcome as a number that reads well in a failure message.

#include "core/store/callcodec.h"
#include "core/store/tuplecodec.h"

#include <cstdint>
#include <vector>

namespace xylem::storetest {

using Bytes = std::vector<std::uint8_t>;
inline constexpr int kOk = -1;

inline Bytes encoded(const std::vector<Tuple>& tuples)
{
    Bytes out{1, 2, 3}; // encoding replaces whatever was there
    store::encodeTupleChunk(tuples, out);
    return out;
}

inline Bytes encoded(const std::vector<CallTimes>& calls)
{
    Bytes out{9};
    store::encodeCallChunk(calls, out);
    return out;
}

// kOk, or the error code as an int.
inline int outcome(const Result<Ok>& r)
{
    return r ? kOk : static_cast<int>(r.error().code);
}

} // namespace xylem::storetest
