#include "core/tree/token.h"

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

} // namespace xylem::tree
