#pragma once

// Where a command's run comes from: files (--tree F --trace F) or a session (--session S
// [--run N]). Notes for the user (a session upgraded on the way) go to `note`.

#include "app/cli/arguments.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/session.h"

#include <ostream>
#include <string>

namespace xylem::cli {

Result<store::Session> openSession(const std::string& path, store::OpenMode mode,
                                   std::ostream& note);
Result<Run> runFromArguments(const Arguments& args, std::ostream& note);

} // namespace xylem::cli
