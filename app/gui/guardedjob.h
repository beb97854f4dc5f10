#pragma once

// Exceptions stop at the edge of a background job (architecture.md: at a session boundary).
// One that escaped a QtConcurrent job would be kept in a future nobody reads: the window would
// wait for an answer forever. Here it becomes an Error that the window shows like any other.

#include "core/model/result.h"

#include <exception>
#include <new>
#include <string>

namespace xylem::gui {

// job() returns a Result; guarded(job) returns the same Result, or the exception as an Error.
template <typename Job> auto guarded(Job&& job) -> decltype(job())
{
    try {
        return job();
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::IoError,
                         "out of memory: the run is larger than this machine can hold, or a "
                         "count stored in the session is damaged");
    } catch (const std::exception& e) {
        return makeError(ErrorCode::IoError, std::string("unexpected failure: ") + e.what());
    }
}

} // namespace xylem::gui
