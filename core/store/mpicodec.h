#pragma once

// How a chunk of MPI events is stored (inside a chunk frame, kind "XM"): per event, in
// variable-length integers, the rank and the enter time and seq as zig-zag differences from the
// previous event (chunks are written in (rank, enter) order, so these are small), the duration,
// bytes, communicator, partner + 1, tag, and call code * 2 + 1 for a completed receive (MpiCompletion
// Send and Collective add 256 and 512).
//
// A run's edges of Xylem's tree (MpiTreeEdge in mpitrace.h, read by mpitreerun.h) are one frame
// of kind "XE": per edge, in (rank, down) order, the rank and down as zig-zag differences from
// the previous edge, up - down, seq as a difference, parent, communicator, and call code * 2,
// + 1 when the parent recorded it (atParent).

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

// The fewest bytes a stored tree edge takes (seven varints of one byte).
inline constexpr size_t kMinMpiTreeEdgeBytes = 7;

// Writes the edges, sorted by (rank, down), as one frame into out (cleared first).
void encodeMpiTreeEdges(std::vector<MpiTreeEdge> edges, std::vector<std::uint8_t>& out);
// Appends the frame's edges to out; a damaged frame, a bad value or an unknown call code is
// ErrorCode::Corrupt naming the edge's position.
Result<Ok> decodeMpiTreeEdges(std::span<const std::uint8_t> frame, std::vector<MpiTreeEdge>& out);

} // namespace xylem::store
