#pragma once

// The analysis window of a run (metrics.md §9): which calls an analysis looks at. Calls are
// ordered by seq. First the `skip` lowest seqs present are dropped (complete or not); then
// `from` and `to` keep a range, each bound either a seq (`#S`, inclusive) or a time since the
// run's first down (`250ms`), which keeps the calls whose earliest down lies in [from, to).
// The time origin is the first down of the whole run as given, before skipping, so that
// `--from 1s` means the same instant with or without --skip-calls. A call's earliest down is
// the smallest down of the tuples it has (an incomplete call has one too). Incomplete calls
// inside the window stay incomplete.

#include "core/analysis/analyzer.h"
#include "core/analysis/calltimes.h"
#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

struct WindowBound
{
    enum class Kind
    {
        Seq, // a call number, inclusive at both ends of a window
        Time // ns since the run's first down: from inclusive, to exclusive
    };
    Kind kind = Kind::Seq;
    std::int64_t value = 0;

    bool operator==(const WindowBound&) const = default;
};

// "#S" (S a non-negative integer) or a non-negative decimal with a unit: ns, us (or µs), ms, s
// ("250ms", "1.5s", "800us"); the time is rounded down to whole ns. The error names the text.
Result<WindowBound> parseWindowBound(std::string_view text);
// The bound as the user writes it: "#12", "250ms", "1.5s", "800ns".
std::string toString(const WindowBound& bound);

struct CallWindow
{
    std::int64_t skip = 0;
    std::optional<WindowBound> from;
    std::optional<WindowBound> to;

    bool isWholeRun() const { return skip == 0 && !from && !to; }
    bool operator==(const CallWindow&) const = default;
};

// A window whose bounds can never keep a call (from after to, both seqs or both times) is
// refused before any run is read; the message names both bounds.
Result<Ok> checkWindow(const CallWindow& window);
// "skip 10 calls, from #20 to 3s" ("the whole run" when it is).
std::string describe(const CallWindow& window);

struct WindowCut
{
    std::vector<Tuple> tuples; // of the kept calls, in the order given
    std::int64_t calls = 0;    // distinct seqs kept, complete or not
    std::int64_t firstSeq = 0; // of the kept calls
    std::int64_t lastSeq = 0;
    std::int64_t originNs = 0; // the run's first down: time bounds count from here
};

// The tuples of the calls the window keeps. An error when it keeps no call, naming the window
// and the run's seqs, so that an empty window never looks like an empty run.
Result<WindowCut> cutToWindow(std::span<const Tuple> tuples, const CallWindow& window);

// The analysis of a window's cut; an error when every kept call is incomplete (a report of
// zero calls would look valid).
Result<AnalysisReport> analyzeCut(const Configuration& config, const WindowCut& cut,
                                  const CallWindow& window, const AnalysisOptions& options = {});

// The analysis of the calls the window keeps; an error as cutToWindow's, and also when every
// kept call is incomplete (a report of zero calls would look valid).
Result<AnalysisReport> analyzeWindow(const Configuration& config, std::span<const Tuple> tuples,
                                     const CallWindow& window, const AnalysisOptions& options = {});

// The same analysis with the per-call figures of the window's complete calls, ascending by seq
// (what a comparison resamples for its confidence interval, metrics.md §9).
struct WindowAnalysis
{
    AnalysisReport report;
    std::vector<CallTimes> calls;
};
Result<WindowAnalysis> analyzeWindowWithCalls(const Configuration& config,
                                              std::span<const Tuple> tuples,
                                              const CallWindow& window,
                                              const AnalysisOptions& options = {});

} // namespace xylem
