#pragma once

// The frame every Xylem connection speaks: a 16-byte header, then the payload.
//
//   magic   u32  "XYW1" as bytes
//   version u16  kWireVersion; another version is refused, never guessed at
//   type    u16  MessageType
//   stream  u32  which stream of the connection (0 for control)
//   length  u32  payload bytes, at most kMaxPayloadBytes
//
// FrameDecoder is pure: bytes in, whole frames or an error out; it owns no socket, so tests
// and fuzzers drive it directly. It holds at most one frame's bytes plus what one feed brings:
// a connection bounds its memory by the largest payload it accepts (setMaxPayload), checked on
// the header, before any of the payload is waited for.

#include "core/model/result.h"
#include "core/protocol/messagetype.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem::protocol {

inline constexpr std::uint16_t kWireVersion = 2; // 2: fields described once, typed records in waves
inline constexpr size_t kFrameHeaderBytes = 16;
inline constexpr std::uint32_t kMaxPayloadBytes = 48u << 20; // a batch of 1 M tuples and change
// What a peer that has not yet shown the tree's token may send: its hello and no more.
inline constexpr std::uint32_t kMaxHelloPayloadBytes = 4096;

struct Frame
{
    MessageType type = MessageType::Error;
    std::uint32_t stream = 0;
    std::vector<std::uint8_t> payload;
};

// Header and payload as bytes to send.
std::vector<std::uint8_t> encodeFrame(MessageType type, std::uint32_t stream,
                                      std::span<const std::uint8_t> payload);
// The header alone, announcing `length` payload bytes (tests send one that lies).
std::vector<std::uint8_t> encodeFrameHeader(MessageType type, std::uint32_t stream,
                                            std::uint32_t length);
// What a peer of another wire version gets before its connection closes: an Error frame in the
// peer's own framing (its version in the header; the Error message's fields are the same in
// versions 1 and 2), naming both versions, so that an old collector client or leaf shows why it
// was refused rather than a bare close.
std::vector<std::uint8_t> encodeVersionRefusal(std::uint16_t peerVersion);

class FrameDecoder
{
public:
    // Appends complete frames to out. An error (bad magic, another version, an unknown type, a
    // length over the bound) is final: the decoder stays failed and the connection should close.
    Result<Ok> feed(std::span<const std::uint8_t> bytes, std::vector<Frame>& out);

    // The largest payload accepted from now on (at most kMaxPayloadBytes).
    void setMaxPayload(std::uint32_t bytes);
    std::uint32_t maxPayload() const { return m_maxPayload; }

    bool failed() const { return m_failed; }
    size_t buffered() const { return m_buffer.size(); }
    // The version of a peer refused for speaking another one (0: none was).
    std::uint16_t refusedVersion() const { return m_refusedVersion; }

private:
    std::vector<std::uint8_t> m_buffer;
    std::uint32_t m_maxPayload = kMaxPayloadBytes;
    bool m_failed = false;
    std::uint16_t m_refusedVersion = 0;
};

} // namespace xylem::protocol
