#pragma once

// A host file's other machines, checked before anything is made: each one the front-end itself
// starts a node on is reached once through the launcher (core/tree/launchcheck.h: an unreachable
// host or a missing program — relay, collector, and xylem-gsum unless the program is started
// by someone else (attached) — is named with the launcher's own words within `timeout`).

#include "core/record/recordplan.h"

#include <chrono>

namespace xylem::record {

Result<Ok> checkRemoteHosts(const RecordPlan& plan, std::chrono::milliseconds timeout);

} // namespace xylem::record
