#pragma once

// A stored run analysed in an analysis window (metrics.md §9, core/analysis/callwindow.h), as
// the CLI (`--session S --run N --skip-calls/--from/--to`) and the GUI (a range chosen on the
// timeline) both ask for it: one function, so both show the same report for the same window.
//
// The report is made with the run's clock coverage (storedclocks.h), as for the whole run; the
// whole run (an empty CallWindow) is analysed as analyzeStoredRun does and its per-call figures
// are the stored call records, a window's are those of its complete calls ascending by seq (what
// a comparison resamples for its confidence interval, metrics.md §9).
//
// The timeline shows ns on the run's clock; windowOfSpan turns such a range into the CallWindow
// of the calls that start in it: times since the run's first down (RunInfo::firstNs), `from`
// inclusive, `to` exclusive, as `--from`/`--to` with times.

#include "core/analysis/callwindow.h"
#include "core/model/result.h"
#include "core/store/progress.h"
#include "core/store/session.h"

#include <cstdint>

namespace xylem::store {

// The run's analysis in the window with the per-call figures (WindowAnalysis: report, calls).
// Errors as cutToWindow's and analyzeCut's (a window that keeps no call, or no complete call,
// says so and names the run's seqs), or the store's. `progress` sees the tuples read.
Result<WindowAnalysis> analyzeStoredRunWithCalls(Session& session, std::int64_t run,
                                                 const CallWindow& window,
                                                 const Progress& progress = {});
// The report alone (the per-call figures of the whole run are not read).
Result<AnalysisReport> analyzeStoredRunIn(Session& session, std::int64_t run,
                                          const CallWindow& window, const Progress& progress = {});

// The window of the calls whose earliest down lies in [fromNs, toNs) on the run's clock, for a
// run whose first down is runFirstNs; a bound before the run's start counts from its start.
CallWindow windowOfSpan(std::int64_t fromNs, std::int64_t toNs, std::int64_t runFirstNs);

} // namespace xylem::store
