#pragma once

// Where a command's run comes from: files (--tree F --trace F) or a session (--session S
// [--run N]). Notes for the user (a session upgraded on the way) go to `note`.

#include "app/cli/arguments.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/callwindow.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/session.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace xylem::cli {

Result<store::Session> openSession(const std::string& path, store::OpenMode mode,
                                   std::ostream& note);
Result<Run> runFromArguments(const Arguments& args, std::ostream& note);
// The run's analysis in the window of --skip-calls/--from/--to (app/cli/windowoptions.h; the
// whole run without them): a session's run with the clock coverage its stored models give
// (core/store/storedclocks.h), files' run as they are.
Result<AnalysisReport> reportFromArguments(const Arguments& args, std::ostream& note);

// The arguments' run, cut to the window of --skip-calls/--from/--to when one is given, with its
// analysis (as reportFromArguments makes it): for what reads the tuples again besides the
// report (findings over time, outlier lists).
struct AnalysedRun
{
    Run run;
    AnalysisReport report;
};
Result<AnalysedRun> analysedRunFromArguments(const Arguments& args, std::ostream& note);
// A run cut to a window (as it is for the whole run) with its analysis.
Result<AnalysedRun> analyseRunIn(Run run, const CallWindow& window,
                                 const AnalysisOptions& options = {});

// The clock coverage the analysis of the arguments' run uses: a session's stored models, none
// for files (core/store/storedclocks.h).
Result<ClockCoverage> clockCoverageFromArguments(const Arguments& args, std::ostream& note);

// The analysis of a run in a window; an error when the window keeps no complete call. The whole
// run is analysed as analyze() does.
Result<AnalysisReport> analyzeRunIn(const Run& run, const CallWindow& window,
                                    const AnalysisOptions& options = {});
// A session's run in a window, with its clock coverage; `command` names the progress line.
Result<AnalysisReport> analyzeStoredRunIn(store::Session& session, std::int64_t run,
                                          const CallWindow& window, const char* command);

// A run analysed in a window with the per-call figures of its complete calls (a comparison's
// confidence interval resamples them): files as they are, a session's run with its clock
// coverage. For the whole run of a session the figures are the stored call records.
Result<WindowAnalysis> analyzeRunWithCalls(const Run& run, const CallWindow& window);
Result<WindowAnalysis> analyzeStoredRunWithCalls(store::Session& session, std::int64_t run,
                                                 const CallWindow& window, const char* command);

} // namespace xylem::cli
