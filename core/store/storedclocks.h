#pragma once

// The clock models a run stored (one per host, store::clockModels), parsed, and what the
// analysis of the run is told about them (core/analysis/clockcoverage.h): which hosts have a
// model, and so which proxy hops across hosts are measured one way or estimated as half their
// two-way latency. The GUI, `xylem-cli analyze/compare/export` and the report cache all ask here,
// so a run is analysed alike everywhere.

#include "core/analysis/analyzer.h"
#include "core/analysis/clockcoverage.h"
#include "core/analysis/clockmodel.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <vector>

namespace xylem::store {

// The stored models, parsed; an error names the host whose model is malformed.
Result<std::vector<HostClock>> storedClocks(Session& session, std::int64_t run);

// What the analysis of the run is told. A run that stored no model at all is taken as one
// clock, its timestamps as they are: an import (trace files say nothing of clocks and the same
// files analysed directly must give the same report), a session written before models were
// kept, or a run still being recorded (models are stored at its end; its hops do not flip to
// estimates and back). Only a run that measured its hosts can say that one has no model.
Result<ClockCoverage> storedClockCoverage(Session& session, std::int64_t run);

// The run's tuples analysed with its clock coverage.
Result<AnalysisReport> analyzeStoredRun(Session& session, std::int64_t run);

} // namespace xylem::store
