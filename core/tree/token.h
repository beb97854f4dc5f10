#pragma once

// The secret of one gather tree: random per tree, handed to children on their stdin or through
// the address file; a connection must present it before anything else is read or sent.

#include <string>
#include <string_view>

namespace xylem::tree {

std::string makeToken(); // 32 hex digits from the kernel's random source
// Compares in time independent of where the strings differ.
bool tokensEqual(std::string_view a, std::string_view b);

} // namespace xylem::tree
