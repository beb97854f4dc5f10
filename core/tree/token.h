#pragma once

// The secret of one gather tree: random per tree, handed to children on their stdin or through
// the address file. It never crosses the wire: both ends of a connection prove they hold it
// (core/protocol/handshake.h) before anything else is read or sent.

#include <string>

namespace xylem::tree {

std::string makeToken(); // 32 hex digits from the kernel's random source

} // namespace xylem::tree
