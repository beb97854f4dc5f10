#pragma once

// What `xylem-cli analyze` says besides the report (issue 23): the findings, printed first; the
// run over time (the culprit per bucket) with its periodic outliers; and the slowest calls. All
// of it is computed by core/analysis from the tuples the report was made of and from what the
// run's session keeps beside them (wait states, clock models, the recording's accounting).

#include "app/cli/arguments.h"
#include "app/cli/sessioninput.h"
#include "core/analysis/clockmodel.h"
#include "core/analysis/findings.h"
#include "core/analysis/outliers.h"
#include "core/analysis/overtimeanalysis.h"
#include "core/analysis/waitstates.h"
#include "core/store/monitorresults.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <vector>

namespace xylem::cli {

// What a session keeps of a whole run besides its tuples; empty for files.
struct StoredExtras
{
    std::optional<WaitStateReport> waits;
    std::vector<HostClock> clocks;
    std::optional<store::StoredAccounting> accounting;
};

// Of the arguments' session run (nothing for --tree/--trace). In a window the wait states and
// the accounting, which are of the whole run, are left out; the clocks stay.
Result<StoredExtras> storedExtrasFromArguments(const Arguments& args, bool windowed);

struct RunInsights
{
    OverTimeAnalysis overTime;
    Outliers outliers;
    Findings findings;
};

struct InsightOptions
{
    size_t buckets = 16;      // of the series over time
    size_t slowestCalls = 10; // per outlier list
};

Result<RunInsights> runInsights(const AnalysedRun& analysed, const StoredExtras& extras,
                                const InsightOptions& options = {});

// Text: the culprit over time, consecutive buckets with the same culprit in one line.
void printCulpritOverTime(std::ostream& out, const Configuration& config, const OverTime& series);

// JSON: "findings", "over_time", "periodic_outliers" and "outliers" added to a report's object.
void addInsightsJson(nlohmann::ordered_json& report, const Configuration& config,
                     const RunInsights& insights);

} // namespace xylem::cli
