#pragma once

// The frame around every stored chunk: 16 bytes of header — two magic bytes naming the kind,
// a codec version, a reserved byte, the item count, the payload length and a CRC-32 of all
// of it (header and payload) — then the payload. Checking the frame catches truncation and flipped
// bytes before a payload decoder runs.

#include "core/model/result.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem::store {

inline constexpr size_t kFrameHeaderSize = 16;

struct FrameKind
{
    char magic0;
    char magic1;
    std::uint8_t version;
    const char* name; // for messages: "tuple chunk"
};

// Reserves the header at the start of out (cleared first); the payload follows.
void beginFrame(std::vector<std::uint8_t>& out, size_t expectedPayload);
// Fills in the header once the payload is written.
void endFrame(std::vector<std::uint8_t>& out, const FrameKind& kind, std::uint32_t count);

struct FrameContents
{
    std::uint32_t count = 0;
    std::span<const std::uint8_t> payload;
};
// Checks magic, version, length and CRC; minItemBytes bounds the count by the payload size.
Result<FrameContents> openFrame(std::span<const std::uint8_t> bytes, const FrameKind& kind,
                                size_t minItemBytes);

} // namespace xylem::store
