#pragma once

// How a chunk of tuples is stored (inside a chunk frame, kind "XT"): per tuple, variable-length
// integers for the collector, seq and down as differences from the previous tuple (zig-zag),
// up - down, op and ret. Traces are mostly in call order with nearby timestamps, so a 32-byte
// tuple takes about 10 bytes. Decoding bounds every value: a damaged chunk is an error that
// says so, never a crash or a wrong number.

#include "core/model/result.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem::store {

// The fewest bytes a stored tuple takes (six varints of one byte): the most tuples a run's
// stored bytes can hold, whatever a count in the file says.
inline constexpr size_t kMinTupleBytes = 6;

// Replaces out with the encoded chunk.
void encodeTupleChunk(std::span<const Tuple> tuples, std::vector<std::uint8_t>& out);

// Appends the chunk's tuples to out; collectors bounds the collector index (the wrapper count
// of the run's configuration).
Result<Ok> decodeTupleChunk(std::span<const std::uint8_t> chunk, std::uint32_t collectors,
                            std::vector<Tuple>& out);

} // namespace xylem::store
