#include "core/protocol/hmac.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <string>

namespace xylem::protocol {

Mac hmacSha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> data)
{
    static const std::uint8_t kNothing = 0; // libcrypto wants a pointer even for no key/data
    Mac mac{};
    unsigned int length = 0;
    HMAC(EVP_sha256(), key.empty() ? &kNothing : key.data(), static_cast<int>(key.size()),
         data.empty() ? &kNothing : data.data(), data.size(), mac.data(), &length);
    return mac;
}

Result<Nonce> randomNonce()
{
    Nonce nonce{};
    if (RAND_bytes(nonce.data(), static_cast<int>(nonce.size())) != 1) {
        return makeError(ErrorCode::IoError, "the system has no random bytes for a nonce");
    }
    return nonce;
}

bool macEqual(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b)
{
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

Mac deriveKey(std::string_view token, std::string_view purpose)
{
    const std::string label = "xylem/2 key " + std::string(purpose);
    return hmacSha256({reinterpret_cast<const std::uint8_t*>(token.data()), token.size()},
                      {reinterpret_cast<const std::uint8_t*>(label.data()), label.size()});
}

} // namespace xylem::protocol
