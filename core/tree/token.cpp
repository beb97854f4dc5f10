#include "core/tree/token.h"

#include <algorithm>
#include <cstdio>
#include <random>

namespace xylem::tree {

std::string makeToken()
{
    std::random_device device; // /dev/urandom on Linux
    std::string token;
    char hex[9];
    for (int i = 0; i < 4; ++i) {
        std::snprintf(hex, sizeof hex, "%08x", device());
        token += hex;
    }
    return token;
}

bool tokensEqual(std::string_view a, std::string_view b)
{
    unsigned difference = a.size() == b.size() ? 0u : 1u;
    const size_t n = std::max(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
        const auto x = static_cast<unsigned char>(i < a.size() ? a[i] : 0);
        const auto y = static_cast<unsigned char>(i < b.size() ? b[i] : 0);
        difference |= static_cast<unsigned>(x ^ y);
    }
    return difference == 0;
}

} // namespace xylem::tree
