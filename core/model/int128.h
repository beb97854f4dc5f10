#pragma once

// Exact sums of nanosecond timestamps over millions of calls overflow 64 bits; GCC and Clang
// provide 128-bit integers (the __extension__ keeps -Wpedantic quiet about it).

namespace xylem {

__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

} // namespace xylem
