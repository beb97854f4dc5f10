#pragma once

// How a chunk of MPI events is stored (inside a chunk frame, kind "XM"): per event, in
// variable-length integers, the rank and the enter time and seq as zig-zag differences from the
// previous event (chunks are written in (rank, enter) order, so these are small), the duration,
// bytes, communicator, partner + 1, tag, and call code * 2 + 1 for a completed receive (MpiCompletion
// Send and Collective add 256 and 512).

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem::store {

// The fewest bytes a stored event takes (nine varints of one byte): the most events a run's
// stored bytes can hold, whatever a count in the file says.
inline constexpr size_t kMinMpiEventBytes = 9;

void encodeMpiEventChunk(std::span<const MpiEvent> events, std::vector<std::uint8_t>& out);
// Appends the chunk's events to out; a damaged frame, a bad value or an unknown call code is
// ErrorCode::Corrupt naming the event's position in the chunk.
Result<Ok> decodeMpiEventChunk(std::span<const std::uint8_t> chunk, std::vector<MpiEvent>& out);

} // namespace xylem::store
