#pragma once

// A tuple on the wire, 32 bytes: seq, down, up (i64), collector (u32), op (u16), ret (i16). The
// collector's TupleBatch and the gather batches (batchcodec.cpp) both lay tuples out so.

#include "core/model/tuple.h"
#include "core/protocol/wire.h"

namespace xylem::protocol {

inline constexpr size_t kTupleWireBytes = 32;

template <class V, DescribedAs<Tuple> M> void fields(V& v, M& m)
{
    v("seq", m.seq);
    v("down", m.down);
    v("up", m.up);
    v("collector", m.collector);
    v("op", m.op);
    v("ret", m.ret);
}

} // namespace xylem::protocol
