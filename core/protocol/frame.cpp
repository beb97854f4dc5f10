#include "core/protocol/frame.h"

#include "core/protocol/bytes.h"
#include "core/protocol/collectormessages.h"

#include <algorithm>
#include <string>

namespace xylem::protocol {

namespace {
constexpr std::uint8_t kMagic[4] = {'X', 'Y', 'W', '1'};
}

namespace {

void writeHeader(ByteWriter& w, MessageType type, std::uint32_t stream, std::uint32_t length)
{
    for (std::uint8_t b : kMagic) {
        w.u8(b);
    }
    w.u16(kWireVersion);
    w.u16(static_cast<std::uint16_t>(type));
    w.u32(stream);
    w.u32(length);
}

} // namespace

std::vector<std::uint8_t> encodeFrame(MessageType type, std::uint32_t stream,
                                      std::span<const std::uint8_t> payload)
{
    ByteWriter w;
    writeHeader(w, type, stream, static_cast<std::uint32_t>(payload.size()));
    w.bytes(payload);
    return w.take();
}

std::vector<std::uint8_t> encodeFrameHeader(MessageType type, std::uint32_t stream,
                                            std::uint32_t length)
{
    ByteWriter w;
    writeHeader(w, type, stream, length);
    return w.take();
}

std::vector<std::uint8_t> encodeVersionRefusal(std::uint16_t peerVersion)
{
    const std::string why = "this side speaks Xylem wire version " + std::to_string(kWireVersion) +
                            ", the peer version " + std::to_string(peerVersion) +
                            ": run the same Xylem release on both ends";
    const auto payload =
        encode(ErrorMessage{static_cast<std::uint32_t>(ErrorCode::MalformedInput), why});
    ByteWriter w;
    for (std::uint8_t b : kMagic) {
        w.u8(b);
    }
    w.u16(peerVersion);
    w.u16(static_cast<std::uint16_t>(MessageType::Error));
    w.u32(0);
    w.u32(static_cast<std::uint32_t>(payload.size()));
    w.bytes(payload);
    return w.take();
}

void FrameDecoder::setMaxPayload(std::uint32_t bytes)
{
    m_maxPayload = std::min(bytes, kMaxPayloadBytes);
}

Result<Ok> FrameDecoder::feed(std::span<const std::uint8_t> bytes, std::vector<Frame>& out)
{
    if (m_failed) {
        return makeError(ErrorCode::MalformedInput, "the connection already sent a bad frame");
    }
    m_buffer.insert(m_buffer.end(), bytes.begin(), bytes.end());
    size_t at = 0;
    const auto fail = [&](std::string why) {
        m_failed = true;
        m_buffer.clear();
        return makeError(ErrorCode::MalformedInput, "bad frame: " + why);
    };
    while (m_buffer.size() - at >= kFrameHeaderBytes) {
        ByteReader header{std::span<const std::uint8_t>(m_buffer).subspan(at, kFrameHeaderBytes)};
        for (std::uint8_t b : kMagic) {
            if (header.u8() != b) {
                return fail("not a Xylem frame (magic)");
            }
        }
        const std::uint16_t version = header.u16();
        const std::uint16_t type = header.u16();
        const std::uint32_t stream = header.u32();
        const std::uint32_t length = header.u32();
        if (version != kWireVersion) {
            m_refusedVersion = version;
            return fail("wire version " + std::to_string(version) + ", this side speaks " +
                        std::to_string(kWireVersion));
        }
        if (!isKnownMessageType(type)) {
            return fail("unknown message type " + std::to_string(type));
        }
        if (length > m_maxPayload) {
            return fail("payload of " + std::to_string(length) + " bytes exceeds the limit of " +
                        std::to_string(m_maxPayload));
        }
        if (m_buffer.size() - at - kFrameHeaderBytes < length) {
            break; // the rest of this frame has not arrived yet
        }
        const auto payload = m_buffer.begin() + static_cast<long>(at + kFrameHeaderBytes);
        out.push_back(Frame{static_cast<MessageType>(type), stream, {payload, payload + length}});
        at += kFrameHeaderBytes + length;
    }
    m_buffer.erase(m_buffer.begin(), m_buffer.begin() + static_cast<long>(at));
    return Ok{};
}

} // namespace xylem::protocol
