#pragma once

// Batches on the wire: the kind, the contributors, then the content; every count bounded by
// what the payload can hold. Tuples go as 32-byte little-endian records.

#include "core/gather/batch.h"
#include "core/model/result.h"
#include "core/protocol/bytes.h"

namespace xylem::gather {

void encodeBatch(const Batch& batch, protocol::ByteWriter& out);
// Reads one batch; an error names what is malformed.
Result<Batch> decodeBatch(protocol::ByteReader& in);

} // namespace xylem::gather
