#pragma once

// An analysed run as the views that overlay or compare runs take it: a label for legends and
// pickers, the engine's report, and (when the session has them) its calls' operation times.

#include "core/analysis/report.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace xylem::views {

struct LabelledReport
{
    QString label; // e.g. "run 2: two levels"
    std::shared_ptr<const AnalysisReport> report;
    std::shared_ptr<const std::vector<std::int64_t>> operationTimes; // per call; may be null
};

} // namespace xylem::views
