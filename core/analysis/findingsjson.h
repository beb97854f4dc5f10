#pragma once

// The findings of a run (findings.h) as the `findings` object of `xylem-cli analyze --json`:
//
//   { calls, mean_operation_ns,
//     items: [ {kind, severity, view, ...the kind's fields, wrappers by id} ... ],
//     suggestions: [ {kind, view, wrapper (id or null), rank (or null), host, count} ... ] }
//
// kind: "culprit", "balanced", "hotspot", "serialization", "completeness", "gathering",
// "clocks", "wait_state", "periodic"; severity: "fine", "notice", "problem"; view: the GUI's view
// names
// ("tree", "timemap", "serialization", "timeline", "tables", "waitstates", "clocks",
// "monitors"). Durations in ns, shares as fractions (0..1), the gather rate in %.

#include "core/analysis/findings.h"

#include <nlohmann/json.hpp>
#include <string_view>

namespace xylem {

std::string_view findingKindKey(FindingKind kind);
std::string_view findingViewKey(FindingView view);
std::string_view severityKey(Severity severity);
std::string_view suggestionKey(SuggestionKind kind);

nlohmann::ordered_json findingsToJson(const Findings& findings);

} // namespace xylem
