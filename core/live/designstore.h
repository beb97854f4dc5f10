#pragma once

// Scope designs in a session (issue 10, persistence): kept in the session's scopes table (its
// definition is the design's JSON, store/attachments.h) beside the event scopes, and linked to
// the runs recorded with them, so that a session says which run used which design.

#include "core/live/scopedesign.h"
#include "core/store/session.h"

#include <cstdint>
#include <vector>

namespace xylem::live {

struct StoredDesign
{
    std::int64_t id = 0; // the scope's id in the session
    ScopeDesign design;
};

// Stores design (under its name); with run > 0 also links it to that run. Returns the id.
Result<std::int64_t> saveDesign(store::Session& session, const ScopeDesign& design,
                                std::int64_t run = 0);
// Every design in the session, in the order saved; event scopes (xylem-scope/1) are left out.
// A stored design that no longer reads is an error naming its scope id.
Result<std::vector<StoredDesign>> designsInSession(store::Session& session);
// The designs a run was recorded with, first deployed first.
Result<std::vector<StoredDesign>> designsOfRun(store::Session& session, std::int64_t run);

} // namespace xylem::live
