#pragma once

// Files that hold a secret (a tree's token in its address file, a run's token): written so
// that no other user can read them at any moment, and read only when no other user could have
// read or changed them.

#include "core/model/result.h"

#include <cstddef>
#include <string>

namespace xylem {

// Larger than any address file of a real tree (about 40 bytes a node), far smaller than memory.
inline constexpr std::size_t kMaxSecretFileBytes = 16u << 20;

// Replaces `path` with `text` in one step: a file of mode 0600 is created (never opened if it
// exists, never through a symbolic link) under a random name beside `path`, written, flushed to
// disk and renamed over it. On failure `path` is as it was and no temporary file is left.
Result<Ok> writeSecretFile(const std::string& path, const std::string& text);

// The whole file, refused (naming it and the fix) if it is not a regular file, is a symbolic
// link, belongs to another user, is open to group or others, or is over `maxBytes`.
Result<std::string> readSecretFile(const std::string& path,
                                   std::size_t maxBytes = kMaxSecretFileBytes);

} // namespace xylem
