#pragma once

// Scope designs as JSON (files to share; the definition stored in the session's scopes table):
//
//   {"format": "xylem-scope-design/1", "name": "lb", "next_id": 9,
//    "max_tuples_per_wave": 1048576, "system_samples": true,
//    "nodes": [{"id": 1, "kind": "front-end", "host": "localhost", "parent": null,
//               "helper_threads": 2, "sync": "wait-for-all", "timeout_ms": 0,
//               "pull_period_ms": 100, "x": 0, "y": 0},
//              {"id": 2, "kind": "collector", "host": "n1", "parent": 1,
//               "ring_capacity": 65536, "buffer_policy": "fill-read", "x": 0, "y": 120},
//              {"id": 3, "kind": "filter", "parent": 2, "filter": "reduce", "reduce": "sum"},
//              {"id": 4, "kind": "filter", "parent": 1, "filter": "plugin",
//               "library": "/path/lib.so", "plugin_filter": "top", "arguments": [3]}]}
//
// Only the fields of a node's kind are written; absent ones read as the defaults. Reading
// checks the format, every field's type and value, unique ids and that parents exist; it does
// not validate the design (scopedesign.h's validate does). Errors name the node and field.

#include "core/live/scopedesign.h"
#include "core/model/result.h"

#include <string>

namespace xylem::live {

inline constexpr const char* kScopeDesignFormat = "xylem-scope-design/1";

std::string designToJson(const ScopeDesign& design);
Result<ScopeDesign> designFromJson(const std::string& text);
Result<ScopeDesign> readDesignFile(const std::string& path);
Result<Ok> writeDesignFile(const std::string& path, const ScopeDesign& design);
// Whether text is a design (its format field) rather than an event scope (xylem-scope/1).
bool isDesignJson(const std::string& text);

} // namespace xylem::live
