#pragma once

// Checks on a session file made before SQLite sees it, so that the common mistakes get a
// message that names them: no such file, a directory, an empty file, a file of another format,
// a truncated database.

#include "core/model/result.h"

#include <string>

namespace xylem::store {

enum class FileState
{
    Missing,
    Empty,
    Present
};

Result<FileState> inspectSessionFile(const std::string& path);

} // namespace xylem::store
