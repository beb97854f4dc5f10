#pragma once

// "Save As" for session files: a consistent copy of a whole session (every run, attachment and
// cached result, the write-ahead log folded in) at another path, made while the session stays
// open. The copy is written beside the target and renamed into place only when complete, so a
// full disk or a failure leaves an existing target as it was.

#include "core/model/result.h"
#include "core/store/session.h"

#include <string>

namespace xylem::store {

// Copies session to target (replacing a file there). The target must not be the session itself.
Result<Ok> copySession(Session& session, const std::string& target);

// Folds the write-ahead log into the session file, so the file alone holds everything committed
// ("Save": every change is committed as it is made; this makes the file self-contained now).
Result<Ok> checkpointSession(Session& session);

} // namespace xylem::store
