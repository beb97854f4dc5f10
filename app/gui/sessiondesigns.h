#pragma once

// The scope designs kept in a session, each with the runs recorded through it, for the scope
// builder's Open ▸ From the Session. Read directly on the calling (GUI) thread through a fresh
// read-only connection: the scopes table and one join of run_scopes with the runs' ids and
// names (no run's configuration or tuples) are a few small rows, read in milliseconds, so no
// worker is worth its staging.

#include "core/live/designstore.h"
#include "core/model/result.h"
#include "views/scopesessiondialog.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace xylem::gui {

// In the order saved; a design no run used has no run labels. Errors name the session file,
// or the stored design that does not read (by its scope id).
Result<std::vector<views::SessionDesign>> readSessionDesigns(const QString& path);
// The designs the run in the session at path was recorded with, first deployed first.
Result<std::vector<live::StoredDesign>> designsOfRun(const QString& path, std::int64_t run);

} // namespace xylem::gui
