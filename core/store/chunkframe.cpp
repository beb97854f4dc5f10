#include "core/store/chunkframe.h"

#include "core/store/crc32.h"

#include <string>

namespace xylem::store {

namespace {

void putU32(std::uint8_t* p, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i) {
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
}

std::uint32_t getU32(const std::uint8_t* p)
{
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

// The CRC covers the header (but its own field) as well as the payload: a damaged item count
// must not pass for a shorter or longer chunk.
std::uint32_t frameCrc(std::span<const std::uint8_t> frame)
{
    return crc32(frame.subspan(kFrameHeaderSize), crc32(frame.first(12)));
}

} // namespace

void beginFrame(std::vector<std::uint8_t>& out, size_t expectedPayload)
{
    out.clear();
    out.reserve(kFrameHeaderSize + expectedPayload);
    out.resize(kFrameHeaderSize);
}

void endFrame(std::vector<std::uint8_t>& out, const FrameKind& kind, std::uint32_t count)
{
    const auto payload = std::span(out).subspan(kFrameHeaderSize);
    out[0] = static_cast<std::uint8_t>(kind.magic0);
    out[1] = static_cast<std::uint8_t>(kind.magic1);
    out[2] = kind.version;
    out[3] = 0;
    putU32(out.data() + 4, count);
    putU32(out.data() + 8, static_cast<std::uint32_t>(payload.size()));
    putU32(out.data() + 12, frameCrc(out));
}

Result<FrameContents> openFrame(std::span<const std::uint8_t> bytes, const FrameKind& kind,
                                size_t minItemBytes)
{
    const auto damaged = [&](const std::string& what) {
        return makeError(ErrorCode::Corrupt, std::string("damaged ") + kind.name + ": " + what);
    };
    if (bytes.size() < kFrameHeaderSize || bytes[0] != static_cast<std::uint8_t>(kind.magic0) ||
        bytes[1] != static_cast<std::uint8_t>(kind.magic1)) {
        return damaged("bad header");
    }
    if (bytes[3] != 0) {
        return damaged("reserved header byte is set");
    }
    if (bytes[2] != kind.version) {
        return makeError(ErrorCode::NewerFormat, std::string(kind.name) + " codec version " +
                                                     std::to_string(bytes[2]) +
                                                     " is not supported (this Xylem reads " +
                                                     std::to_string(kind.version) + ")");
    }
    const auto payload = bytes.subspan(kFrameHeaderSize);
    if (getU32(bytes.data() + 8) != payload.size()) {
        return damaged("payload length does not match (truncated?)");
    }
    if (frameCrc(bytes) != getU32(bytes.data() + 12)) {
        return damaged("checksum mismatch");
    }
    const std::uint32_t count = getU32(bytes.data() + 4);
    if (count > payload.size() / minItemBytes) {
        return damaged("item count exceeds the payload");
    }
    return FrameContents{count, payload};
}

} // namespace xylem::store
