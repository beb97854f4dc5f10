#pragma once

// The analysis window on the command line (metrics.md §9): --skip-calls N, --from B, --to B
// (B = #S or a time since the run's first down, e.g. 250ms), declared once for analyze,
// export and compare, read once, and said the same way in text and JSON. The window is applied
// where the run is read (app/cli/sessioninput.h).

#include "app/cli/arguments.h"
#include "app/cli/optionspec.h"
#include "core/analysis/callwindow.h"
#include "core/analysis/report.h"
#include "core/model/result.h"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace xylem::cli {

// The three options, as a command's spec lists them.
std::vector<OptionSpec> windowOptions();
// A command's options followed by the window's.
std::vector<OptionSpec> withWindowOptions(std::vector<OptionSpec> options);

// The window the arguments give (the whole run when none of the options is); an error names the
// option and its bad value, or says why from and to keep nothing.
Result<CallWindow> windowFromArguments(const Arguments& args);

// {"skip_calls": N, "from": "#S"|"250ms"|null, "to": ..., "description": "..."}
nlohmann::ordered_json windowToJson(const CallWindow& window);
// "window: skip the first 5 calls, to #40 (35 calls, 1 incomplete)", a line of its own.
void printWindowLine(std::ostream& out, const CallWindow& window, const AnalysisReport& report);

} // namespace xylem::cli
