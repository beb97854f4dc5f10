#pragma once

// CRC-32 (IEEE 802.3, as zlib computes it): each tuple chunk carries one, so that a flipped
// byte in a session file is reported as corruption instead of decoding into wrong numbers.

#include <cstdint>
#include <span>

namespace xylem::store {

// previous: the CRC of what came before, to checksum pieces as one (0 to start).
std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t previous = 0);

} // namespace xylem::store
