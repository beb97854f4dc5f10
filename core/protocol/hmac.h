#pragma once

// What a peer shows instead of the secret itself: HMAC-SHA256 (RFC 2104, libcrypto) over a
// challenge, fresh random nonces, a comparison that takes as long whatever differs, and a key
// per use derived from the token, so that a proof made for the gather tree is worth nothing on
// a gsum path. The handshake that uses them is handshake.h (issue 19, plan §5).

#include "core/model/result.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace xylem::protocol {

using Mac = std::array<std::uint8_t, 32>;
using Nonce = std::array<std::uint8_t, 32>;

Mac hmacSha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data);
// From the system's random source; an error, never a predictable nonce, when it has none.
Result<Nonce> randomNonce();
// False for different lengths; otherwise as long for any difference as for none.
bool macEqual(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b);
// HMAC(token, "xylem/2 key " + purpose): purpose is "tree", "gsum", "rendezvous".
Mac deriveKey(std::string_view token, std::string_view purpose);

} // namespace xylem::protocol
