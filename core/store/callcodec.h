#pragma once

// How a chunk of per-call records is stored (inside a chunk frame, kind "XC"): per call,
// variable-length integers for seq and start as differences from the previous call
// (zig-zag), the operation time, the slowest-thread time and the slowest thread's slot.

#include "core/analysis/calltimes.h"
#include "core/model/result.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem::store {

void encodeCallChunk(std::span<const CallTimes> calls, std::vector<std::uint8_t>& out);
// threads bounds the slowest thread's slot.
Result<Ok> decodeCallChunk(std::span<const std::uint8_t> chunk, std::uint32_t threads,
                           std::vector<CallTimes>& out);

} // namespace xylem::store
