#pragma once

// A peer of wire version 1, as the suites that check the refusal of an old peer play it
// (tst_wireversion, tst_framedsocket): the frames it writes, what it makes of the bytes it reads
// back, and reading a connection until the other side stops sending. Header-only, so that a
// suite needs core/protocol and nothing of xylem_testsupport.

#include "core/protocol/bytes.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"

#include <chrono>
#include <cstdint>
#include <poll.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace xylem::testing {

// A frame as a version-1 peer writes it: the same 16-byte header with version 1.
inline std::vector<std::uint8_t> versionOneFrame(protocol::MessageType type,
                                                 const std::vector<std::uint8_t>& payload)
{
    protocol::ByteWriter w;
    for (char c : {'X', 'Y', 'W', '1'}) {
        w.u8(static_cast<std::uint8_t>(c));
    }
    w.u16(1);
    w.u16(static_cast<std::uint16_t>(type));
    w.u32(0);
    w.u32(static_cast<std::uint32_t>(payload.size()));
    w.bytes(payload);
    return w.take();
}

// What a version-1 peer makes of bytes it reads: its header checks, then an Error message
// (whose fields version 1 lays out as version 2 does). Empty when it is not one.
inline std::string errorAsVersionOneReadsIt(const std::vector<std::uint8_t>& bytes)
{
    protocol::ByteReader r(bytes);
    for (char c : {'X', 'Y', 'W', '1'}) {
        if (r.u8() != static_cast<std::uint8_t>(c)) {
            return {};
        }
    }
    const std::uint16_t version = r.u16();
    const std::uint16_t type = r.u16();
    r.u32();
    const std::uint32_t length = r.u32();
    const auto payload = r.bytes(length);
    if (!r.ok() || version != 1 ||
        type != static_cast<std::uint16_t>(protocol::MessageType::Error)) {
        return {};
    }
    auto error = protocol::decodeError(payload);
    return error ? error->message : std::string();
}

// Every byte the other side sends on fd until it stops sending: closes, fails, or 10 s pass.
inline std::vector<std::uint8_t> readUntilClosed(int fd)
{
    std::vector<std::uint8_t> all;
    std::vector<std::uint8_t> scratch(4096);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0) {
            continue;
        }
        const ssize_t n = ::read(fd, scratch.data(), scratch.size());
        if (n <= 0) {
            break;
        }
        all.insert(all.end(), scratch.begin(), scratch.begin() + n);
    }
    return all;
}

} // namespace xylem::testing
