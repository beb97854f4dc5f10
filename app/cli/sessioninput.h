#pragma once

// Where a command's run comes from: files (--tree F --trace F) or a session (--session S
// [--run N]). Notes for the user (a session upgraded on the way) go to `note`.

#include "app/cli/arguments.h"
#include "core/analysis/analyzer.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/session.h"

#include <ostream>
#include <string>

namespace xylem::cli {

Result<store::Session> openSession(const std::string& path, store::OpenMode mode,
                                   std::ostream& note);
Result<Run> runFromArguments(const Arguments& args, std::ostream& note);
// The run's analysis: a session's run with the clock coverage its stored models give
// (core/store/storedclocks.h), files' run as they are.
Result<AnalysisReport> reportFromArguments(const Arguments& args, std::ostream& note);

} // namespace xylem::cli
