#pragma once

// Long store work that can say how far it is (issue 20: the GUI's busy bar shows a percentage,
// a terminal shows a progress line): loading a run's chunks, importing a run's tuples. The
// callback is called on the working thread after each chunk or batch with the tuples done and
// the run's total; it must be cheap and thread-safe on its side (the GUI queues it to its
// thread). Declared here, apart from runloader.h, runwriter.h and storedclocks.h, so that
// adding it recompiled nothing that includes those; the overloads without a callback are the
// same functions.

#include "core/analysis/report.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace xylem::store {

using Progress = std::function<void(std::int64_t done, std::int64_t total)>;

Result<std::vector<Tuple>> loadTuples(Session& session, std::int64_t run, const Progress& progress);
Result<Run> loadRun(Session& session, std::int64_t run, const Progress& progress);
// The run loaded with progress, then analysed (no progress while the engine works).
Result<AnalysisReport> analyzeStoredRun(Session& session, std::int64_t run,
                                        const Progress& progress);
Result<std::int64_t> importRun(Session& session, const Configuration& config,
                               std::span<const Tuple> tuples, const RunMetadata& metadata,
                               const Progress& progress);

} // namespace xylem::store
