#pragma once

// CRC-32 (IEEE 802.3, as zlib computes it): each tuple chunk carries one, so that a flipped
// byte in a session file is reported as corruption instead of decoding into wrong numbers.

#include <cstdint>
#include <span>

namespace xylem::store {

std::uint32_t crc32(std::span<const std::uint8_t> bytes);

} // namespace xylem::store
