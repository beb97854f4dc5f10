#pragma once

// A finished run's analysis document (JSON text, e.g. what `xylem-cli analyze --json` prints),
// kept in the session: analysing 10 M tuples takes seconds, reading the kept document
// milliseconds. A document is used only if this engine version (kAnalysisEngineVersion, which
// every change to a number of the analysis bumps) wrote it; a run still recording is never kept,
// nor is anything kept in a session opened read-only.

#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <functional>
#include <string>

namespace xylem::store {

// The document of `kind` (a name that says what it holds and how it was asked for) from the
// session, or made by `make` and kept.
Result<std::string> keptAnalysis(Session& session, std::int64_t run, const std::string& kind,
                                 const std::function<Result<std::string>()>& make);

} // namespace xylem::store
