#pragma once

// Batches on the wire (a WaveData's content): the kind, the contributors, then the content; every
// count bounded by what the payload can hold; each content's fields described once
// (batchcodec.cpp, wire.h). Tuples go as 32-byte little-endian records (tuplefields.h), copied
// as one block where the host's Tuple is that record. A batch is one field of a described
// message (WaveData) through encodeWire/decodeWire.

#include "core/gather/batch.h"
#include "core/model/result.h"
#include "core/protocol/bytes.h"

namespace xylem::gather {

void encodeBatch(const Batch& batch, protocol::ByteWriter& out);
// Reads one batch; an error names what is malformed.
Result<Batch> decodeBatch(protocol::ByteReader& in);

} // namespace xylem::gather

namespace xylem::protocol {

class WireWriter;
class WireReader;

void encodeWire(WireWriter& out, const gather::Batch& batch);
Result<Ok> decodeWire(WireReader& in, gather::Batch& batch);
// Tuples as one block of 32-byte records (tuplefields.h).
void encodeWire(WireWriter& out, const gather::Tuples& tuples);
Result<Ok> decodeWire(WireReader& in, gather::Tuples& tuples);

} // namespace xylem::protocol
