#pragma once

// Batches on the wire (a WaveData's content): the kind, the contributors, then the content; every
// count bounded by what the payload can hold. Tuples go as 32-byte little-endian records, copied
// as one block where the host's Tuple is that record. A batch is one field of a described
// message (wire.h) through encodeWire/decodeWire.

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

} // namespace xylem::protocol
