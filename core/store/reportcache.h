#pragma once

// The analysis report of a finished run, as the JSON of metrics.md §8, kept in the session:
// analysing 10 M tuples takes seconds, reading the cached report milliseconds. A cached report
// is used only if this engine version wrote it; a run still recording is never cached.

#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <string>

namespace xylem::store {

// From the cache, or computed and (if the session is writable) cached.
Result<std::string> reportJson(Session& session, std::int64_t run);

} // namespace xylem::store
